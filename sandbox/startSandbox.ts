import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { createServer, type ChainConfig, type PorticoServer } from '../server/createServer.js'
import { buildSandboxAssets } from './build/buildSandboxAssets.js'
import {
  defaultSandboxPort,
  sandboxEvmChains,
  sandboxHost,
  sandboxIndexerPollMs,
  sandboxNftCollection,
  sandboxPorts,
  sandboxPrices,
  sandboxProjectId,
  sandboxRpcProxyUrl,
  sandboxSolanaChain,
} from './config.js'
import { devAddresses } from './devnets/devAccounts.js'
import { deployPorticoPioneers, porticoPioneers } from './devnets/deployPorticoPioneers.js'
import { deployPorticoUsd } from './devnets/deployPorticoUsd.js'
import { PortInUseError } from './devnets/errors.js'
import { startAnvil, type Anvil } from './devnets/startAnvil.js'
import { SandboxParameterError, SandboxPortInUseError, SandboxStartError } from './errors.js'
import { registerSandboxPages, type SandboxControls, type SandboxInfo } from './registerSandboxPages.js'
import { fundSolanaDevAccounts, solanaPorticoUsd } from './solana/fundSolanaDevAccounts.js'
import { startSolanaRpc } from './solana/startSolanaRpc.js'
import { assertPortFree } from './utils/assertPortFree.js'

export type StartSandboxParameters = {
  /** The server's port; the devnets use the next three. Default 4700. */
  port?: number
  /** Where the server keeps its SQLite data. Default `<repo>/.portico/data`. */
  dataDir?: string
}

export type StartSandboxReturnType = {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  info: SandboxInfo
  /** Stops the server, the Solana RPC and both anvils. Safe to call twice. */
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

async function rpcProbe(url: string, method: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal,
  })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (!response.ok || body.error || body.result === undefined) {
    throw new Error(`HTTP ${response.status} ${body.error?.message ?? JSON.stringify(body).slice(0, 200)}`)
  }
  return body.result
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
 * Starts the whole sandbox on 127.0.0.1: anvil 31337 and 31338 with pUSD and the "Portico
 * Pioneers" NFT collection deployed and the dev accounts funded, the LiteSVM Solana RPC (funded),
 * the browser bundles, and the Portico server serving the API (its indexer polling the devnets
 * every 500 ms), RPC proxy, relay, demo site, wallet page and dev wallet script. Resolves once
 * every part has answered; on any failure it stops whatever it started and rejects.
 *
 * @param parameters the base port and data directory
 * @returns the sandbox's URL, its `/sandbox.json` info and `stop()`
 * @throws SandboxPortInUseError when one of PORT..PORT+3 is taken
 * @example
 * const sandbox = await startSandbox({ port: 4700 })
 * await sandbox.stop()
 */
export async function startSandbox(parameters: StartSandboxParameters = {}): Promise<StartSandboxReturnType> {
  const basePort = parameters.port ?? defaultSandboxPort
  if (!Number.isInteger(basePort) || basePort < 1 || basePort > 65_532) {
    throw new SandboxParameterError(`PORT must be an integer from 1 to 65532 (the sandbox uses PORT to PORT+3), got ${String(basePort)}.`)
  }
  const ports = sandboxPorts(basePort)
  const roles: [number, string][] = [
    [ports.server, 'the Portico server'],
    [ports.anvilA, 'anvil (chain 31337)'],
    [ports.anvilB, 'anvil (chain 31338)'],
    [ports.solana, 'the Solana RPC'],
  ]
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
    const track = <T extends Stoppable>(promise: Promise<T>): Promise<T> =>
      promise.then((part) => {
        started.push(part)
        return part
      })
    // allSettled, not all: when one part fails, the others must have finished starting (and be
    // tracked) before everything is stopped, or a slow starter would be orphaned.
    const settled = await Promise.allSettled([
      track(startAnvil({ chainId: 31337, port: ports.anvilA })).catch((e) => {
        throw portError(e, ports.anvilA, 'anvil (chain 31337)')
      }),
      track(startAnvil({ chainId: 31338, port: ports.anvilB })).catch((e) => {
        throw portError(e, ports.anvilB, 'anvil (chain 31338)')
      }),
      track(startSolanaRpc({ port: ports.solana })).catch((e) => {
        throw portError(e, ports.solana, 'the Solana RPC')
      }),
      buildSandboxAssets(),
    ] as const)
    for (const result of settled) if (result.status === 'rejected') throw result.reason
    const [a, b, solana, assets] = settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
      Anvil,
      Anvil,
      Awaited<ReturnType<typeof startSolanaRpc>>,
      Awaited<ReturnType<typeof buildSandboxAssets>>,
    ]
    const anvils: Record<'anvilA' | 'anvilB', Anvil> = { anvilA: a, anvilB: b }
    const url = `http://${sandboxHost}:${ports.server}`
    // pUSD first (it lands at the address the README gives), then the NFT collection, whose
    // tokenURI points at this server's metadata endpoint.
    const deployAssets = async (anvil: Anvil) => {
      const token = await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId })
      const nft = await deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, metadataOrigin: url, count: sandboxNftCollection.count })
      return { token, nft }
    }
    const [assetsA, assetsB, solanaFunding] = await Promise.all([deployAssets(a), deployAssets(b), fundSolanaDevAccounts(solana)])
    const tokens = { anvilA: assetsA.token, anvilB: assetsB.token }
    const nfts = { anvilA: assetsA.nft, anvilB: assetsB.nft }
    const solanaTokens = [{ address: solanaFunding.mint, ...solanaPorticoUsd }]
    const mintedIds = new Map<string, string[]>(Object.values(nfts).map((nft) => [nft.address, nft.tokenIds]))
    const chains: ChainConfig[] = [
      ...sandboxEvmChains.map((c) => ({
        caipNetworkId: c.caipNetworkId,
        name: c.name,
        rpcUrl: anvils[c.portKey].rpcUrl,
        testnet: true,
        nativeCurrency: c.nativeCurrency,
        nativePriceUsd: sandboxPrices.eth,
        tokens: [
          {
            address: tokens[c.portKey].address,
            name: tokens[c.portKey].name,
            symbol: tokens[c.portKey].symbol,
            decimals: tokens[c.portKey].decimals,
            priceUsd: sandboxPrices.pUsd,
          },
        ],
        nfts: [{ address: nfts[c.portKey].address, ...porticoPioneers }],
      })),
      {
        caipNetworkId: sandboxSolanaChain.caipNetworkId,
        name: sandboxSolanaChain.name,
        rpcUrl: solana.rpcUrl,
        wsUrl: solana.wsUrl,
        testnet: true,
        nativeCurrency: { ...sandboxSolanaChain.nativeCurrency },
        nativePriceUsd: sandboxSolanaChain.priceUsd,
        tokens: solanaTokens.map((t) => ({ ...t, priceUsd: sandboxPrices.pUsd })),
      },
    ]
    const info: SandboxInfo = {
      url,
      projectId: sandboxProjectId,
      relayUrl: `ws://${sandboxHost}:${ports.server}/relay`,
      chains: chains.map((c) => ({
        caipNetworkId: c.caipNetworkId,
        name: c.name,
        rpcUrl: sandboxRpcProxyUrl(url, c.caipNetworkId),
        nodeUrl: c.rpcUrl,
        nativeCurrency: c.nativeCurrency,
        tokens: (c.tokens ?? []).map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })),
        nfts: (c.nfts ?? []).map(({ address, name, symbol }) => ({ address, name, symbol, tokenIds: mintedIds.get(address) ?? [] })),
      })),
      accounts: devAddresses,
      solanaAccount: solanaFunding.owner,
    }

    const dataDir = parameters.dataDir ?? `${repoRoot}.portico/data`
    await mkdir(dataDir, { recursive: true })
    const controls: SandboxControls = {}
    try {
      server = await createServer({
        host: sandboxHost,
        port: ports.server,
        dataDir,
        chains,
        projects: {
          [sandboxProjectId]: {
            allowedOrigins: [url, `http://localhost:${ports.server}`],
            isAnalyticsEnabled: true,
          },
        },
        relay: {},
        // One developer (and the end-to-end tests, all from 127.0.0.1) share these limits: roomy.
        requestRateLimit: { max: 20_000, windowMs: 60_000 },
        rpcRateLimit: { perIp: 200_000, perProject: 200_000, windowMs: 60_000 },
        indexer: { pollIntervalMs: sandboxIndexerPollMs },
        extend: registerSandboxPages(assets, info, controls),
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
      ...chains.map((c) =>
        probe(`the RPC proxy for ${c.name}`, async (signal) => {
          await rpcProbe(sandboxRpcProxyUrl(url, c.caipNetworkId), c.caipNetworkId.startsWith('solana:') ? 'getHealth' : 'eth_chainId', signal)
        }),
      ),
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
