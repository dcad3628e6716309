import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { porticoStylesheet } from '../../../../scripts/build/uiStylesheets.mjs'
import { createServer, type PorticoServer } from '../../../../server/createServer.js'
import { loadDirectory } from '../../../../server/directory/loadDirectory.js'
import { parseDirectory } from '../../../../server/directory/parseDirectory.js'
import type { WcWallet } from '../../../../server/directory/WcWallet.js'
import { buildTestPage, type BuiltTestPage } from '../../../helpers/buildTestPage.js'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

/** The CSP every harness page is served with (the strict policy of the issue). */
export const harnessCsp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: http://127.0.0.1:*; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*"

/** Directory entries whose names contain "tru" (the search test looks for them). */
export const truNames = ['Trusty Vault', 'Truffle Pay', 'Astrum Keys', 'Citrus Wallet', 'Trumpet Signer', 'Nostrum Safe', 'Trueline Connect']

/** Extra directory entries on the harness devnets, so the directory has 300+ wallets there. */
export function extraWallets(count: number, chains: string[] = ['eip155:31337', 'eip155:31338']): WcWallet[] {
  const words = ['Aster', 'Birch', 'Cedar', 'Dahlia', 'Elm', 'Fern', 'Gorse', 'Hazel', 'Iris', 'Juniper', 'Kale', 'Lupin', 'Myrtle', 'Nettle', 'Olive', 'Poppy']
  const kinds = ['Wallet', 'Vault', 'Pocket', 'Keys', 'Safe', 'Signer']
  const out: WcWallet[] = []
  for (let i = 0; i < count; i++) {
    const name = i < truNames.length ? (truNames[i] as string) : `${words[i % words.length]} ${kinds[Math.floor(i / words.length) % kinds.length]} ${String(i).padStart(4, '0')}`
    out.push({ id: `harness-${String(i).padStart(5, '0')}`, name, image_id: `harness-img-${i}`, order: 1000 + i, homepage: 'https://wallet.example.com', chains })
  }
  return out
}

/** Entries a hostile directory would serve; the harness proxy puts them on page 1. */
export const hostileWallets = [
  {
    id: 'hostile-1',
    name: '<img src=x onerror="window.__pwned=1">Evil Wallet',
    image_url: 'javascript:window.__pwned=2',
    image_id: '../../../etc/passwd',
    homepage: 'javascript:window.__pwned=3',
    mobile_link: 'javascript:window.__pwned=4',
    desktop_link: 'javascript:window.__pwned=5',
    webapp_link: 'data:text/html,<script>window.__pwned=6</script>',
    chrome_store: 'http://evil.example.com/install',
    chains: ['eip155:31337'],
  },
]

export type Harness = {
  /** The page that renders the app client-side. */
  url: string
  /** The same page that hydrates server-rendered markup (set it with `setSsrMarkup`). */
  ssrUrl: string
  /** The real Portico server (the directory). */
  apiUrl: string
  /** This static server's origin, which proxies the API and adds `hostileWallets` to page 1. */
  proxyApiUrl: string
  /** Paths the browser fetched from the static server, in order. */
  served: string[]
  setSsrMarkup(html: string): void
  /** Or render the server markup per request, from the request's `Cookie` header (`setSsrMarkup` clears it). */
  setSsrRenderer(render: ((cookieHeader: string | undefined) => string) | undefined): void
  close(): Promise<void>
}

/**
 * The harness page's build, once per process and flavour: the UI files that share a worker's module
 * graph (`isolate: false`) reuse it instead of running esbuild again; its folder goes when the process exits.
 */
const builds = new Map<boolean, Promise<BuiltTestPage>>()
function harnessBuild(development: boolean): Promise<BuiltTestPage> {
  let built = builds.get(development)
  if (!built) {
    built = buildTestPage({ entry: 'tests/e2e/ui/harness/main.tsx', development })
    builds.set(development, built)
    void built.then((page) => process.once('exit', () => rmSync(page.outdir, { recursive: true, force: true })), () => builds.delete(development))
  }
  return built
}

const types: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8' }

/**
 * Builds the harness page with esbuild (views split into lazy chunks, as a site's bundler
 * would), starts a real Portico server for the directory (with `extra` wallets added) and a
 * loopback static server that sends the strict CSP.
 *
 * @example
 * const harness = await startHarness({ extra: 260 })
 */
export async function startHarness({
  extra = 0,
  extraWalletList,
  baseDirectory = true,
  development = false,
}: {
  /** React's development build (StrictMode double effects, warnings on the console). */
  development?: boolean
  /** How many generated wallets to add (see `extraWallets`). */
  extra?: number
  /** Or exactly these entries. */
  extraWalletList?: WcWallet[]
  /** Keep the server's own checked-in directory too (default true). */
  baseDirectory?: boolean
} = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-ui-data-'))
  const built = await harnessBuild(development)
  const css = porticoStylesheet() + '\n.harness-header { display: flex; gap: 8px; justify-content: flex-end; padding: 16px; }\n'
  const axe = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'))

  const server: PorticoServer = await createServer({ port: 0, dataDir, chains: [], relay: false, defaultProject: { allowedOrigins: ['*'] } })
  const base = baseDirectory ? parseDirectory(JSON.parse(readFileSync(join(root, 'server/directory/wallets.json'), 'utf8'))) : []
  loadDirectory(server.db, parseDirectory([...base, ...(extraWalletList ?? extraWallets(extra))]))

  let ssrMarkup = ''
  let ssrRenderer: ((cookieHeader: string | undefined) => string) | undefined
  const served: string[] = []
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portico UI harness</title><link rel="stylesheet" href="/styles.css"><script type="module" src="/main.js"></script></head><body><main><h1>Portico UI harness</h1><div id="root">${body}</div></main></body></html>`

  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', server.url)
    const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      const isFirstPage = target.pathname === '/getWallets' && !target.searchParams.get('search') && target.searchParams.get('page') === '1' && target.searchParams.get('entries') === '40'
      if (!isFirstPage) {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        return
      }
      const chunks: Buffer[] = []
      answer.on('data', (c: Buffer) => chunks.push(c))
      answer.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { count: number; data: unknown[] }
        const out = JSON.stringify({ count: body.count + hostileWallets.length, data: [...hostileWallets, ...body.data] })
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        res.end(out)
      })
    })
    upstream.on('error', () => {
      res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  }

  const statics = createHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    served.push(path)
    res.setHeader('content-security-policy', harnessCsp)
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': types['.html'] })
      return res.end(page(''))
    }
    if (path === '/ssr.html') {
      res.writeHead(200, { 'content-type': types['.html'] })
      return res.end(page(ssrRenderer ? ssrRenderer(req.headers.cookie) : ssrMarkup))
    }
    if (path === '/styles.css') {
      res.writeHead(200, { 'content-type': types['.css'] })
      return res.end(css)
    }
    if (path === '/axe.min.js') {
      res.writeHead(200, { 'content-type': types['.js'] })
      return res.end(axe)
    }
    if (path === '/main.js' || path.startsWith('/chunks/')) {
      const file = built.read(path)
      res.writeHead(file ? 200 : 404, file ? { 'content-type': file.contentType } : {})
      return res.end(file?.body)
    }
    if (path === '/favicon.ico') {
      res.writeHead(204)
      return res.end()
    }
    return proxy(req, res)
  })
  await new Promise<void>((resolve) => statics.listen(0, '127.0.0.1', resolve))
  const address = statics.address()
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    url: `${origin}/?api=${encodeURIComponent(server.url)}`,
    ssrUrl: `${origin}/ssr.html?api=${encodeURIComponent(server.url)}`,
    apiUrl: server.url,
    proxyApiUrl: origin,
    served,
    setSsrMarkup(html) {
      ssrMarkup = html
      ssrRenderer = undefined
    },
    setSsrRenderer(render) {
      ssrRenderer = render
    },
    async close() {
      statics.closeAllConnections()
      await new Promise<void>((resolve) => statics.close(() => resolve()))
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
