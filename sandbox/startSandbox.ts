import { randomBytes } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { createServer, type PorticoServer, type ServerConfig } from '../server/createServer.js'
import { startLoopbackBalancer } from '../server/scale/startLoopbackBalancer.js'
import { freeLoopbackPort } from './engines/startEngines.js'
import { testDirectoryFile } from '../server/directory/testDirectory.js'
import { buildBrowserFiles } from './build/buildBrowserFiles.js'
import { sandboxAuthKeys } from './identity/sandboxAuthKeys.js'
import { sandboxAuthProviders } from './identity/sandboxAuthProviders.js'
import { startIdentityProvider } from './identity/startIdentityProvider.js'
import type { SandboxChain } from './chains/SandboxChain.js'
import { registerPaymasterRoute } from './accountAbstraction/registerPaymasterRoute.js'
import { sandboxChains } from './chains/sandboxChains.js'
import { defaultSandboxPort, maxSandboxPort, sandboxEmailCaptureProjectId, sandboxEmailExportToken, sandboxHost, sandboxIndexerPollMs, sandboxNameZone, sandboxPorts, sandboxProjectId } from './config.js'
import { registerMailPages } from './mail/registerMailPages.js'
import { startMailSink } from './mail/startMailSink.js'
import { defaultProjectFeatures } from '../server/projects/resolveProject.js'
import { devAddresses } from './devnets/devAccounts.js'
import { ledgerDeviceAddresses } from './ledgerDevice/ledgerDeviceAccounts.js'
import { ledgerBitcoinAddresses } from './ledgerDevice/ledgerBitcoinAccounts.js'
import { ledgerCosmosAddresses } from './ledgerDevice/ledgerCosmosAccounts.js'
import { PortInUseError } from './devnets/errors.js'
import { SandboxParameterError, SandboxPortInUseError, SandboxStartError } from './errors.js'
import { registerFaucetRoute } from './faucet/registerFaucetRoute.js'
import { createOnrampTreasury } from './onramp/createOnrampTreasury.js'
import { createSandboxOnrampProvider } from './onramp/createSandboxOnrampProvider.js'
import { registerOnrampCheckout } from './onramp/registerOnrampCheckout.js'
import type { UrlTemplateProviderConfig } from '../server/onramp/createUrlTemplateProvider.js'
import { registerSandboxPages, sandboxPageCsp, type SandboxControls, type SandboxInfo } from './registerSandboxPages.js'
import { assertPortFree } from './utils/assertPortFree.js'

export type StartSandboxParameters = {
  /** The server's port; the chains use the next four. Default 4700. */
  port?: number
  /** Where the server keeps its SQLite data. Default `<repo>/.portico/data`. */
  dataDir?: string
  /**
   * Two server instances on this Postgres and Redis behind a loopback round-robin balancer on
   * the server's port (`npm start -- --scale`), instead of one server on SQLite. The second
   * instance runs no indexer and does not serve the wallet origin; both share `dataDir` for the
   * stores not yet on Postgres.
   */
  scale?: { postgresUrl: string; redisUrl: string }
  /**
   * The wallet origin's host name: `127.0.0.1` (default) or `localhost` (`PORTICO_SANDBOX_WALLET_HOST=localhost`).
   * WebAuthn refuses IP addresses as a relying party, so the embedded wallet's recovery passkey
   * needs `localhost` (docs/guides/embedded-wallet.md §2.1); both resolve to 127.0.0.1 and the
   * wallet origin listens there either way.
   */
  walletHost?: '127.0.0.1' | 'localhost'
  /**
   * Start the Substrate node (Chopsticks) on the first connection to its port or the first faucet
   * payment, not with the sandbox (`PORTICO_SANDBOX_ON_DEMAND=1`; the test suite's sandboxes use it:
   * few of its files reach the chain, and its runtime costs a start about 8 CPU-seconds). The
   * first request to the chain waits for the node. Default false.
   */
  onDemand?: boolean
  /**
   * Real on-ramp providers to offer beside the sandbox's own (Coinbase Onramp, MoonPay, Transak,
   * Ramp, Meld), configured with the site owner's keys as on any Portico server: for trying a
   * provider's widget from the demo. Their keys stay in the server. Default none.
   */
  onrampProviders?: readonly UrlTemplateProviderConfig[]
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
 * @throws SandboxPortInUseError when one of PORT..PORT+13 is taken
 * @example
 * const sandbox = await startSandbox({ port: 4700 })
 * await sandbox.stop()
 */
export async function startSandbox(parameters: StartSandboxParameters = {}): Promise<StartSandboxReturnType> {
  const basePort = parameters.port ?? defaultSandboxPort
  if (!Number.isInteger(basePort) || basePort < 1 || basePort > maxSandboxPort) {
    throw new SandboxParameterError(`PORT must be an integer from 1 to ${maxSandboxPort} (the sandbox uses PORT to PORT+13), got ${String(basePort)}.`)
  }
  const ports = sandboxPorts(basePort)
  const roles: [number, string][] = [[ports.server, 'the Portico server'], [ports.identity, 'the identity provider'], [ports.walletFrame, 'the wallet origin'], [ports.bundlerA, 'the alto bundler of Devnet A'], [ports.bundlerB, 'the alto bundler of Devnet B'], ...sandboxChains.map((c): [number, string] => [ports[c.portKey], c.label])]
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
        definition.start({ port: ports[definition.portKey], origin: url, ports, onDemand: parameters.onDemand ?? false }).then(
          (chain) => {
            started.push(chain)
            return chain
          },
          (error: unknown) => {
            const port = portError(error, ports[definition.portKey], definition.label)
            if (port !== error || error instanceof SandboxStartError) throw port
            // Name the chain: a bare "fetch failed (ECONNRESET)" from one of seven starting chains says nothing of which.
            throw new SandboxStartError({ part: definition.label, reason: error instanceof Error ? error.message : String(error), cause: error })
          },
        ),
      ),
      buildBrowserFiles(),
    ])
    for (const result of settled) if (result.status === 'rejected') throw result.reason
    const values = settled.map((r) => (r as PromiseFulfilledResult<unknown>).value)
    const chains = values.slice(0, sandboxChains.length) as SandboxChain[]
    const { assets, authFrame } = values[sandboxChains.length] as Awaited<ReturnType<typeof buildBrowserFiles>>
    const walletOrigin = `http://${parameters.walletHost ?? sandboxHost}:${ports.walletFrame}`
    const solana = chains.find((c) => c.info.namespace === 'solana')
    const sui = chains.some((c) => c.info.namespace === 'sui')
    const info: SandboxInfo = {
      url,
      projectId: sandboxProjectId,
      relayUrl: `ws://${sandboxHost}:${ports.server}/relay`,
      chains: chains.map((c) => ({ ...c.info, rpcUrl: c.proxyUrl(url) })),
      accounts: devAddresses,
      ...(solana ? { solanaAccount: solana.info.accounts[0] as string } : {}),
      ledgerAccounts: { eip155: ledgerDeviceAddresses.eip155, solana: solana ? ledgerDeviceAddresses.solana : [], sui: sui ? ledgerDeviceAddresses.sui : [], stacks: chains.some((c) => c.info.namespace === 'stacks') ? ledgerDeviceAddresses.stacks : [], bip122: chains.some((c) => c.info.namespace === 'bip122') ? ledgerBitcoinAddresses : [], cosmos: chains.some((c) => c.info.namespace === 'cosmos') ? ledgerCosmosAddresses : [] },
      auth: { walletOrigin, identity: `http://${sandboxHost}:${ports.identity}` },
    }

    const dataDir = parameters.dataDir ?? `${repoRoot}.portico/data`
    await mkdir(dataDir, { recursive: true })
    const controls: SandboxControls = {}
    const allowedOrigins = [url, `http://localhost:${ports.server}`]
    // The SMTP sink the server's emails go to (read at /sandbox/mail).
    const mail = await startMailSink({ port: ports.mail, host: sandboxHost }).catch((error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new SandboxPortInUseError({ port: ports.mail, basePort, what: 'the mail sink', cause: error }) : error
    })
    started.push(mail)
    // The identity provider (Google, Apple, Discord, X, Facebook over OIDC; GitHub-shaped OAuth 2).
    const identity = await startIdentityProvider({ port: ports.identity, host: sandboxHost, redirectUris: [`${walletOrigin}/auth/v1/social/callback`] }).catch((error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new SandboxPortInUseError({ port: ports.identity, basePort, what: 'the identity provider', cause: error }) : error
    })
    started.push(identity)
    const authKeys = await sandboxAuthKeys(dataDir)
    const pages = registerSandboxPages(assets, info, controls)
    // The on-ramp: a treasury of its own on each chain pays out what the sandbox checkout sells,
    // and the checkout reports each order to the server with a signed webhook.
    const treasury = await createOnrampTreasury(chains)
    const webhookSecret = randomBytes(32).toString('hex')
    try {
      const sandboxProjectFeatures = defaultProjectFeatures.map((f) => (f.id === 'multi_wallet' ? { id: f.id, isEnabled: true, config: null } : f))
      const serverConfig: ServerConfig = {
        host: sandboxHost,
        port: ports.server,
        dataDir,
        chains: chains.map((c) => c.server),
        // The alto bundlers (PORT+12, PORT+13), reached by wallets through /v1/bundler.
        bundlers: Object.fromEntries(chains.flatMap((c) => (c.accountAbstraction ? [[c.info.caipNetworkId, c.accountAbstraction.bundler]] : []))),
        projects: {
          // Multi-wallet is allowed and left to the site's own option (config null: the demo's ?multiWallet=1).
          [sandboxProjectId]: {
            allowedOrigins,
            isAnalyticsEnabled: true,
            features: sandboxProjectFeatures,
          },
          // The same, with the remote feature emailCapture on (the demo's ?emailCapture=1).
          [sandboxEmailCaptureProjectId]: {
            allowedOrigins,
            isAnalyticsEnabled: true,
            features: sandboxProjectFeatures.map((f) => (f.id === 'email_capture' ? { id: f.id, isEnabled: true, config: [] } : f)),
          },
        },
        profile: { zone: sandboxNameZone },
        email: {
          smtp: { host: sandboxHost, port: mail.port },
          from: 'Portico sandbox <no-reply@portico.localhost>',
          exportTokens: { [sandboxEmailCaptureProjectId]: sandboxEmailExportToken, [sandboxProjectId]: sandboxEmailExportToken },
        },
        relay: {},
        // Email and social login with the embedded wallet, on the wallet origin (PORT+11).
        auth: {
          walletOrigin,
          listen: { host: sandboxHost, port: ports.walletFrame },
          // Any loopback site may embed the wallet frame, as the API accepts any loopback origin: the
          // demo and a developer's own site on another port; nothing else may
          // (tests/e2e/auth/frameOrigins.test.ts). CSP has no source for an IPv6 address (Chromium
          // logs an error for one in the page's console), so a site on [::1] is refused; localhost works.
          siteOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
          ...authKeys,
          frame: authFrame,
          providers: sandboxAuthProviders(identity),
          siteName: 'Portico sandbox',
          // One developer and the end-to-end tests share 127.0.0.1.
          limits: { startsPerIpPerHour: 10_000 },
        },
        // One developer (and the end-to-end tests, all from 127.0.0.1) share these limits: roomy.
        requestRateLimit: { max: 20_000, windowMs: 60_000 },
        rpcRateLimit: { perIp: 200_000, perProject: 200_000, windowMs: 60_000 },
        indexer: { pollIntervalMs: sandboxIndexerPollMs },
        onramp: { providers: [createSandboxOnrampProvider({ origin: url, assets: treasury.assets, webhookSecret }), ...(parameters.onrampProviders ?? [])] },
        // The invented test wallets: the end-to-end tests page, search and pair with them.
        directory: testDirectoryFile,
        extend: (app) => {
          pages(app)
          registerMailPages(mail)(app)
          registerFaucetRoute(app, { chains: new Map(chains.map((c) => [c.info.caipNetworkId, c])), allowedOrigins })
          registerPaymasterRoute(app, { paymasters: new Map(chains.flatMap((c) => (c.accountAbstraction ? [[c.info.caipNetworkId, c.accountAbstraction.paymaster] as const] : []))) })
          registerOnrampCheckout(app, { treasury, serverUrl: url, webhookSecret, csp: sandboxPageCsp })
        },
      }
      if (!parameters.scale) {
        server = await createServer(serverConfig)
      } else {
        // Two instances on free ports, reached through the balancer on the server's port.
        const shared = { database: { url: parameters.scale.postgresUrl }, redis: { url: parameters.scale.redisUrl }, publicUrl: url }
        server = await createServer({ ...serverConfig, ...shared, port: await freeLoopbackPort() })
        const { listen: _walletOriginListen, ...authWithoutListen } = serverConfig.auth!
        const second = await createServer({ ...serverConfig, ...shared, port: await freeLoopbackPort(), indexer: false, auth: authWithoutListen })
        started.push({ stop: () => second.close() })
        const balancer = await startLoopbackBalancer({
          port: ports.server,
          backends: [server, second].map((instance) => ({ host: sandboxHost, port: instance.port })),
        })
        started.push({ stop: () => balancer.close() })
        const first = server
        controls.restartRelay = async () => {
          await Promise.all([first.restartRelay(), second.restartRelay()])
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw portError(new PortInUseError({ port: ports.server, what: 'the server', cause: error }), ports.server, 'the Portico server')
      throw error
    }

    const running = server
    controls.restartRelay ??= async () => {
      await running.restartRelay()
    }

    // Every part answers before the sandbox calls itself ready.
    await Promise.all([
      probe('the wallet directory', async (signal) => {
        const response = await fetch(`${url}/getWallets?page=1&entries=1`, { signal })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
      }),
      ...chains.flatMap((c) => (c.probe ? [probe(`the proxy for ${c.info.name}`, (signal) => c.probe!(url, signal))] : [])),
      // Not the bundlers: alto starts on the first user operation (startAltoOnDemand), not for a probe.
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
