import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { createServer, type PorticoServer } from '../server/createServer.js'
import { testDirectoryFile } from '../server/directory/testDirectory.js'
import { buildSandboxAssets } from './build/buildSandboxAssets.js'
import type { SandboxChain } from './chains/SandboxChain.js'
import { sandboxChains } from './chains/sandboxChains.js'
import { defaultSandboxPort, maxSandboxPort, sandboxHost, sandboxIndexerPollMs, sandboxPorts, sandboxProjectId } from './config.js'
import { devAddresses } from './devnets/devAccounts.js'
import { PortInUseError } from './devnets/errors.js'
import { SandboxParameterError, SandboxPortInUseError, SandboxStartError } from './errors.js'
import { registerFaucetRoute } from './faucet/registerFaucetRoute.js'
import { registerSandboxPages, type SandboxControls, type SandboxInfo } from './registerSandboxPages.js'
import { assertPortFree } from './utils/assertPortFree.js'

export type StartSandboxParameters = {
  /** The server's port; the chains use the next four. Default 4700. */
  port?: number
  /** Where the server keeps its SQLite data. Default `<repo>/.portico/data`. */
  dataDir?: string
}

export type StartSandboxReturnType = {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  info: SandboxInfo
  /** Stops the server and every chain. Safe to call twice. */
  stop(): Promise<void>
}

export type StartSandboxErrorType = SandboxPortInUseError | SandboxStartError | SandboxParameterError

/** The repository root (this file lives in `<root>/sandbox/`). */
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
/** How long each readiness probe may take. */
const probeTimeoutMs = 5_000

type Stoppable = { stop(): Promise<void> }

async function probe(label: string, run: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const signal = AbortSignal.timeout(probeTimeoutMs)
  try {
    await run(signal)
  } catch (cause) {
    throw new SandboxStartError({ part: label, reason: `it did not answer (${(cause as Error).message})`, cause })
  }
}

function relayProbe(url: string, signal: AbortSignal): Promise<void> {
  // Without a client JWT the relay refuses the upgrade with an HTTP error: enough to know it is there.
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/relay?projectId=${sandboxProjectId}`)
    const done = (error?: Error) => {
      signal.removeEventListener('abort', onAbort)
      socket.removeAllListeners()
      socket.on('error', () => undefined)
      socket.terminate()
      if (error) reject(error)
      else resolve()
    }
    const onAbort = () => done(new Error('timed out'))
    signal.addEventListener('abort', onAbort)
    socket.once('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0
      done(status === 400 || status === 401 ? undefined : new Error(`upgrade answered HTTP ${status}`))
    })
    socket.once('open', () => done())
    socket.once('error', (error) => done(error))
  })
}

/**
 * Starts the whole sandbox on 127.0.0.1: every chain of `sandboxChains` (anvil 31337 and 31338
 * with pUSD and the "Portico Pioneers" NFT collection deployed, the LiteSVM Solana RPC and the
 * Bitcoin regtest ledger, each with its dev accounts funded), the browser bundles, and the Portico
 * server serving the API (its indexer polling the devnets every 500 ms), RPC proxy, relay, demo
 * site, wallet page, dev wallet scripts and the faucet. Resolves once every part has answered; on
 * any failure it stops whatever it started and rejects.
 *
 * @param parameters the base port and data directory
 * @returns the sandbox's URL, its `/sandbox.json` info and `stop()`
 * @throws SandboxPortInUseError when one of PORT..PORT+8 is taken
 * @example
 * const sandbox = await startSandbox({ port: 4700 })
 * await sandbox.stop()
 */
export async function startSandbox(parameters: StartSandboxParameters = {}): Promise<StartSandboxReturnType> {
  const basePort = parameters.port ?? defaultSandboxPort
  if (!Number.isInteger(basePort) || basePort < 1 || basePort > maxSandboxPort) {
    throw new SandboxParameterError(`PORT must be an integer from 1 to ${maxSandboxPort} (the sandbox uses PORT to PORT+8), got ${String(basePort)}.`)
  }
  const ports = sandboxPorts(basePort)
  const roles: [number, string][] = [[ports.server, 'the Portico server'], ...sandboxChains.map((c): [number, string] => [ports[c.portKey], c.label])]
  for (const [port, what] of roles) {
    try {
      await assertPortFree(port, sandboxHost)
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code
      if (code === 'EADDRINUSE') throw new SandboxPortInUseError({ port, basePort, what, cause })
      throw new SandboxStartError({ part: what, reason: `port ${port} cannot be used (${code ?? (cause as Error).message})`, cause })
    }
  }

  const started: Stoppable[] = []
  let server: PorticoServer | undefined
  const stopAll = async () => {
    const parts = [...started].reverse()
    started.length = 0
    await server?.close().catch(() => undefined)
    server = undefined
    await Promise.allSettled(parts.map((p) => p.stop()))
  }

  const portError = (error: unknown, port: number, what: string): unknown =>
    error instanceof PortInUseError ? new SandboxPortInUseError({ port, basePort, what, cause: error }) : error

  try {
    const url = `http://${sandboxHost}:${ports.server}`
    // allSettled, not all: when one part fails, the others must have finished starting (and be
    // tracked) before everything is stopped, or a slow starter would be orphaned.
    const settled = await Promise.allSettled([
      ...sandboxChains.map((definition) =>
        definition.start({ port: ports[definition.portKey], origin: url }).then(
          (chain) => {
            started.push(chain)
            return chain
          },
          (error: unknown) => {
            throw portError(error, ports[definition.portKey], definition.label)
          },
        ),
      ),
      buildSandboxAssets(),
    ])
    for (const result of settled) if (result.status === 'rejected') throw result.reason
    const values = settled.map((r) => (r as PromiseFulfilledResult<unknown>).value)
    const chains = values.slice(0, sandboxChains.length) as SandboxChain[]
    const assets = values[sandboxChains.length] as Awaited<ReturnType<typeof buildSandboxAssets>>
    const solana = chains.find((c) => c.info.namespace === 'solana')
    const info: SandboxInfo = {
      url,
      projectId: sandboxProjectId,
      relayUrl: `ws://${sandboxHost}:${ports.server}/relay`,
      chains: chains.map((c) => ({ ...c.info, rpcUrl: c.proxyUrl(url) })),
      accounts: devAddresses,
      ...(solana ? { solanaAccount: solana.info.accounts[0] as string } : {}),
    }

    const dataDir = parameters.dataDir ?? `${repoRoot}.portico/data`
    await mkdir(dataDir, { recursive: true })
    const controls: SandboxControls = {}
    const allowedOrigins = [url, `http://localhost:${ports.server}`]
    const pages = registerSandboxPages(assets, info, controls)
    try {
      server = await createServer({
        host: sandboxHost,
        port: ports.server,
        dataDir,
        chains: chains.map((c) => c.server),
        projects: {
          [sandboxProjectId]: {
            allowedOrigins,
            isAnalyticsEnabled: true,
          },
        },
        relay: {},
        // One developer (and the end-to-end tests, all from 127.0.0.1) share these limits: roomy.
        requestRateLimit: { max: 20_000, windowMs: 60_000 },
        rpcRateLimit: { perIp: 200_000, perProject: 200_000, windowMs: 60_000 },
        indexer: { pollIntervalMs: sandboxIndexerPollMs },
        // The invented test wallets: the end-to-end tests page, search and pair with them.
        directory: testDirectoryFile,
        extend: (app) => {
          pages(app)
          registerFaucetRoute(app, { chains: new Map(chains.map((c) => [c.info.caipNetworkId, c])), allowedOrigins })
        },
      })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw portError(new PortInUseError({ port: ports.server, what: 'the server', cause: error }), ports.server, 'the Portico server')
      throw error
    }

    const running = server
    controls.restartRelay = () => running.restartRelay()

    // Every part answers before the sandbox calls itself ready.
    await Promise.all([
      probe('the wallet directory', async (signal) => {
        const response = await fetch(`${url}/getWallets?page=1&entries=1`, { signal })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
      }),
      ...chains.map((c) => probe(`the proxy for ${c.info.name}`, (signal) => c.probe(url, signal))),
      probe('the relay', (signal) => relayProbe(url, signal)),
      ...['/', '/wallet', '/dev-wallet.js'].map((path) =>
        probe(`the page ${path}`, async (signal) => {
          const response = await fetch(`${url}${path}`, { signal })
          if (!response.ok) throw new Error(`HTTP ${response.status}`)
        }),
      ),
    ])

    return { url, port: ports.server, info, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
