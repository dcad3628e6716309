import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { porticoStylesheet } from '../../../scripts/build/uiStylesheets.mjs'
import { createServer, type PorticoServer } from '../../../server/createServer.js'
import { buildTestPage } from '../../helpers/buildTestPage.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** The strict CSP the page is served with: only this origin (and its relay), no inline code or style. */
export const harnessCsp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*"

export type WalletConnectHarness = {
  /** The page, with its RPC URLs in the query string. */
  url: string
  origin: string
  /** `ws://…/relay` of the real Portico server the page is served from. */
  relayUrl: string
  server: PorticoServer
  /** Paths the browser fetched, in order. */
  served: string[]
  /** Websocket upgrades (time, user agent). */
  upgrades: string[]
  /** Stops the server and starts it again on the same port with the same data (the relay's mailbox survives). */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * Builds the page with esbuild (views and the sign-client split into lazy chunks, as a site's
 * bundler would) and serves it from a real Portico server (relay on `/relay`) with a strict CSP.
 */
export async function startWalletConnectHarness({ rpcA, rpcB }: { rpcA: string; rpcB: string }): Promise<WalletConnectHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-wc-e2e-data-'))
  const built = await buildTestPage({ entry: 'tests/e2e/walletconnect/harness/main.tsx', define: { global: 'globalThis' } })
  const outdir = built.outdir
  const css = [porticoStylesheet(), readFileSync(join(root, 'plugins/walletconnect/views/ConnectingWalletConnectView.css'), 'utf8')].join('\n')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portico WalletConnect harness</title><link rel="stylesheet" href="/harness/styles.css"><script type="module" src="/harness/main.js"></script></head><body><main><h1>WalletConnect harness</h1><div id="root"></div></main></body></html>`
  const axe = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'))
  const served: string[] = []
  const upgrades: string[] = []

  const start = (port: number) =>
    createServer({
      port,
      dataDir,
      defaultProject: { allowedOrigins: ['*'] },
      chains: [],
      extend(app) {
        app.server.on('upgrade', (request) => upgrades.push(`${new Date().toISOString()} ${request.headers['user-agent']?.slice(0, 40)}`))
        app.addHook('onRequest', async (request) => {
          served.push(request.url.split('?')[0] ?? '')
        })
        app.get('/harness', async (_request, reply) => reply.header('content-security-policy', harnessCsp).type('text/html; charset=utf-8').send(html))
        app.get('/harness/styles.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(css))
        app.get('/harness/axe.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(axe))
        app.get('/harness/*', async (request, reply) => {
          const path = (request.params as { '*': string })['*']
          const file = /^[\w./-]+\.js$/.test(path) && !path.includes('..') ? built.read(`/${path}`) : undefined
          if (!file) return reply.code(404).send()
          return reply.header('content-security-policy', harnessCsp).type(file.contentType).send(file.body)
        })
      },
    })
  let server = await start(0)
  const port = server.port
  const origin = server.url
  return {
    url: `${origin}/harness?rpcA=${encodeURIComponent(rpcA)}&rpcB=${encodeURIComponent(rpcB)}`,
    origin,
    relayUrl: `ws://127.0.0.1:${port}/relay`,
    get server() {
      return server
    },
    served,
    upgrades,
    async restart() {
      await server.close()
      server = await start(port)
    },
    async close() {
      await server.close()
      rmSync(outdir, { recursive: true, force: true })
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
