import { readFileSync } from 'node:fs'
import type { Database } from 'better-sqlite3'
import { fastify } from 'fastify'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { fastifySwagger } from '@fastify/swagger'
import packageJson from '../package.json' with { type: 'json' }
import { openDatabase } from './db/openDatabase.js'
import { builtinDirectory } from './directory/builtinDirectory.js'
import { loadDirectory } from './directory/loadDirectory.js'
import { parseDirectory } from './directory/parseDirectory.js'
import type { WcWallet } from './directory/WcWallet.js'
import { HttpError } from './errors/HttpError.js'
import { createIndexer } from './indexer/createIndexer.js'
import type { Indexer } from './indexer/createIndexer.js'
import { checkProject } from './projects/authorizeProject.js'
import { attachRelay, type Relay } from './relay/attachRelay.js'
import type { RelayDrainReport } from './relay/RelayHub.js'
import { Redis } from 'ioredis'
import { createRedisFanout } from './relay/createRedisFanout.js'
import type { RelayFanout } from './relay/RelayFanout.js'
import { type DatabaseConfig, openStorage } from './storage/openStorage.js'
import type { SqlStorage } from './storage/SqlStorage.js'
import { StorageError } from './storage/StorageError.js'
import { redactUrl } from './storage/createPostgresStorage.js'
import { registerActivityRoutes } from './routes/registerActivityRoutes.js'
import { registerAnalyticsRoutes } from './routes/registerAnalyticsRoutes.js'
import { registerBlockchainRoutes } from './routes/registerBlockchainRoutes.js'
import { registerDirectoryRoutes } from './routes/registerDirectoryRoutes.js'
import { registerEmailCaptureRoutes } from './routes/registerEmailCaptureRoutes.js'
import { registerEsploraProxyRoutes } from './routes/registerEsploraProxyRoutes.js'
import { registerCosmosProxyRoutes } from './routes/registerCosmosProxyRoutes.js'
import { registerStacksProxyRoutes } from './routes/registerStacksProxyRoutes.js'
import { registerSuiProxyRoutes } from './routes/registerSuiProxyRoutes.js'
import { registerImageRoutes } from './routes/registerImageRoutes.js'
import { registerNftRoutes } from './routes/registerNftRoutes.js'
import { registerPriceRoutes } from './routes/registerPriceRoutes.js'
import type { ConvertProvider } from './convert/ConvertProvider.js'
import type { EmailConfig } from './email/EmailConfig.js'
import { registerConvertRoutes } from './routes/registerConvertRoutes.js'
import { type OnrampConfig, registerOnrampRoutes, resolveOnrampProviders } from './routes/registerOnrampRoutes.js'
import { registerProfileRoutes } from './routes/registerProfileRoutes.js'
import { registerProjectRoutes } from './routes/registerProjectRoutes.js'
import { registerRpcProxyRoutes } from './routes/registerRpcProxyRoutes.js'
import { registerBundlerRoutes } from './routes/registerBundlerRoutes.js'
import { validateBundlersConfig } from './bundler/validateBundlersConfig.js'
import { registerAuthRoutes } from './routes/registerAuthRoutes.js'
import type { AuthConfig } from './auth/AuthConfig.js'
import { resolveAuthConfig, type ResolvedAuthConfig } from './auth/resolveAuthConfig.js'
import { isWalletOriginPath } from './auth/frame/isWalletOriginPath.js'
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createLogOptions, type LogConfig } from './observability/createLogOptions.js'
import { createMetrics, type MetricsConfig, type ServerMetrics } from './observability/createMetrics.js'
import { createReadiness } from './observability/createReadiness.js'
import { registerOperatorRoutes } from './routes/registerOperatorRoutes.js'
import { routeSchema } from './routes/routeSchemas.js'

/** One chain the server serves: balances, the RPC proxy and `/v1/supported-chains` come from these. */
export type ChainConfig = {
  /** CAIP-2 id, e.g. `eip155:31337` or `solana:…`. */
  caipNetworkId: string
  name: string
  /** Upstream JSON-RPC (http) the proxy forwards to and balances are read from. */
  rpcUrl: string
  /** Upstream websocket, if any (listed under `ws` in `/v1/supported-chains`). */
  wsUrl?: string
  testnet?: boolean
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** USD price of the native currency (the price table); 0 when absent. */
  nativePriceUsd?: number
  /** ERC-20 tokens (eip155), or bank denoms (cosmos, `address` = the denom), whose balances are reported, with their USD price. */
  tokens?: { address: string; name: string; symbol: string; decimals: number; priceUsd: number; iconUrl?: string }[]
  /**
   * ERC-721 collections (eip155) the server knows: their transfers are not spam, their tokens are
   * listed by `/v1/account/:address/nfts`, and their metadata and images are served by the server.
   */
  nfts?: { address: string; name: string; symbol: string; description?: string }[]
  /**
   * A Uniswap V2-compatible AMM on an eip155 chain (factory, router, wrapped native token): the
   * default swap provider of `/v1/convert/*` quotes and builds swaps from it. Chains without one
   * answer "Network not supported for Swaps".
   */
  swap?: { router: string; factory: string; weth: string }
  /**
   * Where the indexer starts on an eip155 chain: a block number, or `'latest'` to skip the past.
   * Default 0 (the whole chain; right for devnets, not for a public chain).
   */
  indexFromBlock?: number | 'latest'
}

/** The eip155 indexer behind `/v1/account/:address/history` and `/nfts`. */
export type IndexerConfig = {
  /** Pause between polls of each chain, in ms; default 2000 (the sandbox uses 500). */
  pollIntervalMs?: number
  /** Most blocks read per chain per poll; default 50. */
  maxBlocksPerTick?: number
  /** A poll stops taking more blocks once this many transactions are in hand; default 2000. */
  maxTransactionsPerTick?: number
  /** Transactions per history page; default 20. */
  historyPageSize?: number
}

/** What one project id gets from the project-config endpoints. */
export type ProjectSettings = {
  /** `/appkit/v1/config` features. */
  features?: { id: string; isEnabled: boolean; config: string[] | null }[]
  /** `/projects/v1/origins`; wildcard patterns such as `https://*.example.com`. */
  allowedOrigins?: string[]
  /** `/getAnalyticsConfig`. */
  isAnalyticsEnabled?: boolean
}

/** One ERC-4337 bundler the server's bundler route (`/v1/bundler`) forwards to. */
export type BundlerConfig = {
  /** The bundler's JSON-RPC URL (kept in the server; browsers only see `/v1/bundler`). */
  url: string
  /** The name a request's `bundler=` must give; default `alto`. */
  name?: string
  /**
   * How long one call may take, in ms (1 000–120 000); default the upstream timeout (8 s). Longer
   * for a bundler that starts on its first call, as the sandbox's alto does.
   */
  timeoutMs?: number
  /**
   * The embedded wallet's smart account on this chain (`portico/auth`, docs/guides/embedded-wallet.md
   * §6): an ERC-4337 v0.7 SimpleAccountFactory (`@account-abstraction/contracts` 0.7.0) and its
   * EntryPoint. Absent: the embedded wallet has only its EOA here.
   */
  smartAccount?: { factory: string; entryPoint: string }
}

export type ServerConfig = {
  /** Interface to bind; default `127.0.0.1`. */
  host?: string
  /** Port; default 4700; 0 picks any free port. */
  port?: number
  /** Where `portico.sqlite` lives (created if missing). */
  dataDir: string
  /**
   * Where the server's stores keep their data (relay mailbox, names, analytics, email capture,
   * sign-in, the eip155 indexer, on-ramp orders): `{ url: 'postgres://…' }` for Postgres, shared by
   * several instances. Absent: SQLite in `dataDir`, exactly as before. Migrations are applied at
   * start (docs/server/scaling.md). The wallet directory stays in each instance's SQLite.
   */
  database?: DatabaseConfig
  /**
   * Redis, for running several instances: `{ url: 'redis://127.0.0.1:6379' }`. The relay fans
   * published messages out to every instance through it, and the rate limits (per-IP requests,
   * analytics, `rpcRateLimit`, sign-in starts) are counted in it across instances. Absent: one instance.
   */
  redis?: { url: string }
  /**
   * Settings per project id. The RPC proxy, the relay, analytics and the blockchain API refuse a
   * project id not listed here (401 `Unauthorized: invalid key`, the client's APKT007) and a
   * browser origin the project does not allow (403 `Unauthorized: origin not allowed`, APKT002).
   */
  projects?: Record<string, ProjectSettings>
  /**
   * The open default: settings every project id not in `projects` gets (also requests without a
   * project id). Absent (the default), unknown project ids are refused. `{}` accepts any project
   * id from the spec's default origins (localhost, 127.0.0.1, preview hosts); add
   * `allowedOrigins: ['*']` for any origin.
   */
  defaultProject?: ProjectSettings
  /**
   * The server's public base URL, e.g. `https://api.example.com`: absolute links in answers
   * (token icons, NFT metadata `image`) start with it. Default: the address the server listens on.
   * The `Host` header is never used for links.
   */
  publicUrl?: string
  /**
   * RPC proxy rate limits: calls (each request of a batch counts) per client IP and per project
   * in a fixed window; default 6,000 per IP and 60,000 per project per 60 s. In Redis, across
   * instances, with `redis`.
   */
  rpcRateLimit?: { perIp?: number; perProject?: number; windowMs?: number }
  /** HTTP requests per client IP per window on the RPC proxy and `POST /e`; default 1,200 per 60 s. */
  requestRateLimit?: { max: number; windowMs: number }
  chains: ChainConfig[]
  /** ERC-4337 bundlers by CAIP-2 chain id, served at `POST /v1/bundler` (docs/server/bundler.md). */
  bundlers?: Record<string, BundlerConfig>
  /** `/v1/identity` answers, keyed by lower-cased address. */
  identities?: Record<string, { name: string | null; avatar: string | null }>
  /** The WalletConnect-compatible relay on `/relay`; on unless `false`. */
  relay?: false | { pingIntervalMs?: number }
  /** Mount more routes (the sandbox mounts its pages with this). Runs before the server listens. */
  extend?: (app: FastifyInstance) => void | Promise<void>
  /** `POST /e` rate limit per project; default 300 events per 60 s. */
  analyticsRateLimit?: { max: number; windowMs: number }
  /**
   * Where `/v1/convert/*` (swaps) gets its answers; default the Uniswap V2-compatible pools of the
   * chains' `swap` settings (`server/convert/createUniswapV2Provider.ts`). Bring your own to quote
   * from another AMM or an aggregator behind the same API.
   */
  convertProvider?: ConvertProvider
  /**
   * The on-ramp (`/v1/onramp/*`, `/v1/generators/onrampurl`): its providers, either objects that
   * implement `OnrampProvider` or URL-template settings for Coinbase Onramp, MoonPay, Transak,
   * Ramp and Meld (`{ type, publicKey, secretKey?, assets }`, see docs/server/onramp.md). Keys stay
   * on the server. None by default: the routes then sell nothing.
   */
  onramp?: OnrampConfig
  /**
   * The name zone of `/v1/profile/*`: names `<label>.<zone>` (default zone `portico.id`) registered
   * by a signature checked through the account's chain, at most `maxAgeSeconds` old (default 600).
   */
  profile?: { zone?: string; maxAgeSeconds?: number }
  /**
   * Email capture (`/v1/email-capture/*`): where confirmation emails go out (SMTP), who they come
   * from, and the token a site owner's export must carry. Absent: the routes answer 503.
   */
  email?: EmailConfig
  /** The eip155 indexer (history, NFTs); on unless `false`. */
  indexer?: false | IndexerConfig
  /**
   * Email and social login with the self-hosted embedded wallet (`/auth/v1/*` on the wallet
   * origin; docs/server/auth.md, docs/guides/embedded-wallet.md). Absent: off.
   */
  auth?: AuthConfig
  /**
   * A wallet directory file (a JSON array of `WcWallet`) that `/getWallets` serves instead of the
   * built-in list of real wallets (the default). Checked on start: a malformed entry stops it.
   */
  directory?: string | URL
  /**
   * Structured JSON logs (Fastify's pino) on stdout: a line per request with its id, refusals
   * (origin, project, rate limit), 5xx with their error, the relay's refusals and drains. Secrets
   * of this configuration never appear; addresses in URLs and messages are shortened unless
   * `fullAddresses`. Absent: no logs from `createServer` (the standalone server, `server/main.ts`,
   * logs at `info` unless its file says otherwise).
   */
  log?: LogConfig
  /**
   * The reverse proxies whose `X-Forwarded-For` is believed (Fastify's `trustProxy`): `true`, an
   * address or CIDR, or a list of them. Absent: none, the client address is the
   * connection's (behind a proxy every visitor would then count as the proxy for the per-IP limits).
   */
  trustProxy?: boolean | string | string[]
  /** Prometheus metrics at `GET /metrics` (docs/server/operations.md); off unless set. */
  metrics?: MetricsConfig
  /** `GET /readyz`: how long each check (database, Redis, each chain's upstream) may take, in ms; default 2000. */
  health?: { timeoutMs?: number }
  /**
   * The drain of `close()` (SIGTERM): how long in-flight HTTP requests may take to finish before
   * their connections are closed, in ms; default 10000.
   */
  shutdown?: { graceMs?: number }
}

export type PorticoServer = {
  /** `http://<host>:<port>` */
  url: string
  port: number
  app: FastifyInstance
  db: Database
  /** The storage behind the migrated stores (SQLite on `db`, or Postgres with `database.url`). */
  storage: SqlStorage
  /** The eip155 indexer (absent when `indexer: false`): `status()`, `poll(chainId)`. */
  indexer?: Indexer
  /**
   * Restarts the relay as a deploy would: the relay drains (every frame it receives is still
   * handled and answered, each websocket is closed once answered and quiet, within a few seconds),
   * a fresh relay takes over on the same port and database (the mailbox survives), and clients
   * reconnect by themselves. See docs/server/relay.md, "Restarts and shutdowns". Resolves with
   * what the old relay handled and dropped while it drained (undefined when the relay is off or the
   * server is closing).
   */
  restartRelay(): Promise<RelayDrainReport | undefined>
  /**
   * Shuts down as an orchestrator's SIGTERM asks: no new connection is accepted (a load balancer
   * takes the instance out), requests that arrive on open connections get 503 with `connection: close`, those in
   * flight finish (up to `shutdown.graceMs`), the relay drains (each client is asked to reconnect once
   * it owes nothing, and resumes on another instance), the indexer stops; then Redis and the
   * database close. Safe to call twice.
   */
  close(): Promise<void>
}

export type CreateServerParameters = ServerConfig
export type CreateServerReturnType = PorticoServer

/** HTTP requests per client IP per window on the rate-limited routes, when the configuration sets none. */
const defaultRequestRateLimit = { max: 1_200, windowMs: 60_000 }

/** How long each `/readyz` check may take, when the configuration says nothing. */
const defaultHealthTimeoutMs = 2_000
/** How long in-flight requests may take to finish on shutdown, when the configuration says nothing. */
const defaultShutdownGraceMs = 10_000

/** Largest request body accepted, in bytes; bigger bodies get a 413. */
export const bodyLimitBytes = 1_048_576

type RelayHandle = Relay

// Errors Node's HTTP parser raises before a request exists (oversized headers, garbage bytes,
// timeouts): answered in the same `{ code, message }` JSON shape and headers as every other error.
function handleClientError(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'Request line or headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive']
        : [400, 'BAD_REQUEST', 'Malformed HTTP request']
  const body = JSON.stringify({ code, message })
  if (socket.writable) {
    const headers = Object.entries({ ...baseHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
    socket.write(`HTTP/1.1 ${status} ${code}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`)
  }
  socket.destroy()
}

/**
 * Headers on every answer, including those written before a request exists: CORS (the modal runs
 * on other sites, so any origin may GET and POST; projects restrict origins themselves) and the
 * security headers.
 */
const baseHeaders = {
  'access-control-allow-origin': '*',
  vary: 'origin',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'cross-origin',
} as const

/** Most bytes of a refused (oversized) body read and thrown away so the client sees the 413. */
const maxDrainBytes = 16 * 1_048_576

// Errors Fastify raises before routing (a malformed URL, …): the same JSON shape and headers.
function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
  reply.headers(baseHeaders).code(status).send({ code: 'BAD_REQUEST', message: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Malformed request' })
}

/** Reads and checks a directory file; any failure names the file. */
function readDirectoryFile(file: string | URL): WcWallet[] {
  try {
    return parseDirectory(JSON.parse(readFileSync(file, 'utf8')))
  } catch (error) {
    throw new Error(`Wallet directory file ${String(file)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
}

function validateConfig(config: ServerConfig): void {
  validateBundlersConfig(config.bundlers)
  if (!config || typeof config !== 'object') throw new Error('createServer: a config object is required')
  if (typeof config.dataDir !== 'string' || config.dataDir === '') throw new Error('createServer: config.dataDir is required')
  if (!Array.isArray(config.chains)) throw new Error('createServer: config.chains must be an array')
  if (config.redis !== undefined && !/^rediss?:\/\/[^\s]+$/.test(String(config.redis?.url))) {
    throw new StorageError('redis.url must be a redis:// (or rediss://) URL, e.g. redis://127.0.0.1:6379.')
  }
  const seen = new Set<string>()
  for (const chain of config.chains) {
    if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chain.caipNetworkId ?? '')) {
      throw new Error(`createServer: chain id ${JSON.stringify(chain.caipNetworkId)} is not a CAIP-2 id`)
    }
    if (seen.has(chain.caipNetworkId)) throw new Error(`createServer: chain ${chain.caipNetworkId} is configured twice`)
    seen.add(chain.caipNetworkId)
    if (!/^https?:\/\//.test(chain.rpcUrl ?? '')) throw new Error(`createServer: chain ${chain.caipNetworkId} needs an http(s) rpcUrl`)
    for (const nft of chain.nfts ?? []) {
      if (!chain.caipNetworkId.startsWith('eip155:') || typeof nft?.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(nft.address)) {
        throw new Error(`createServer: chain ${chain.caipNetworkId} lists an NFT collection that is not an eip155 contract address`)
      }
      if (typeof nft.name !== 'string' || typeof nft.symbol !== 'string') throw new Error(`createServer: NFT collection ${nft.address} needs a name and a symbol`)
    }
    const from = chain.indexFromBlock
    if (from !== undefined && from !== 'latest' && !(Number.isSafeInteger(from) && from >= 0)) {
      throw new Error(`createServer: chain ${chain.caipNetworkId} indexFromBlock must be a block number or 'latest'`)
    }
  }
  if (config.indexer !== undefined && config.indexer !== false) {
    const bounds = { pollIntervalMs: [10, 3_600_000], maxBlocksPerTick: [1, 10_000], maxTransactionsPerTick: [1, 1_000_000], historyPageSize: [1, 100] } as const
    for (const [name, [min, max]] of Object.entries(bounds)) {
      const value = (config.indexer as Record<string, unknown>)[name]
      if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)) {
        throw new Error(`createServer: indexer.${name} must be an integer from ${min} to ${max}`)
      }
    }
  }
  const limits: [string, unknown][] = [
    ['rpcRateLimit.perIp', config.rpcRateLimit?.perIp],
    ['rpcRateLimit.perProject', config.rpcRateLimit?.perProject],
    ['rpcRateLimit.windowMs', config.rpcRateLimit?.windowMs],
    ['requestRateLimit.max', config.requestRateLimit?.max],
    ['requestRateLimit.windowMs', config.requestRateLimit?.windowMs],
    ['analyticsRateLimit.max', config.analyticsRateLimit?.max],
    ['analyticsRateLimit.windowMs', config.analyticsRateLimit?.windowMs],
  ]
  for (const [name, value] of limits) {
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) > 0)) throw new Error(`createServer: ${name} must be a positive integer`)
  }
  if (config.defaultProject !== undefined && (typeof config.defaultProject !== 'object' || config.defaultProject === null)) {
    throw new Error('createServer: defaultProject must be an object (the open default) or absent')
  }
  if (config.publicUrl !== undefined) {
    let url: URL | undefined
    try {
      url = new URL(config.publicUrl)
    } catch {
      url = undefined
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
      throw new Error('createServer: publicUrl must be an http(s) URL without query, fragment or credentials')
    }
  }
  if (config.onramp !== undefined) {
    try {
      resolveOnrampProviders(config.onramp)
    } catch (error) {
      throw new Error(`createServer: ${(error as Error).message}`)
    }
  }
  if (config.profile?.zone !== undefined && !/^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){0,5}$/.test(config.profile.zone)) {
    throw new Error('createServer: profile.zone must be a lower-case domain such as portico.id')
  }
  if (config.profile?.maxAgeSeconds !== undefined && !(Number.isSafeInteger(config.profile.maxAgeSeconds) && config.profile.maxAgeSeconds > 0)) {
    throw new Error('createServer: profile.maxAgeSeconds must be a positive integer')
  }
  if (config.port !== undefined && (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535)) {
    throw new Error('createServer: port must be an integer from 0 to 65535')
  }
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  if (config.log !== undefined && (typeof config.log !== 'object' || config.log === null || (config.log.level !== undefined && !levels.includes(config.log.level)))) {
    throw new Error(`createServer: log.level must be one of ${levels.join(', ')}`)
  }
  if (config.metrics !== undefined && (typeof config.metrics !== 'object' || config.metrics === null || (config.metrics.token !== undefined && (typeof config.metrics.token !== 'string' || config.metrics.token.length < 16)))) {
    throw new Error('createServer: metrics must be an object; metrics.token, when set, a string of at least 16 characters')
  }
  const timeoutMs = config.health?.timeoutMs
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs >= 100 && timeoutMs <= 30_000)) throw new Error('createServer: health.timeoutMs must be an integer from 100 to 30000')
  const trust = config.trustProxy
  if (
    trust !== undefined &&
    !(typeof trust === 'boolean' || (typeof trust === 'string' && trust !== '') || (Array.isArray(trust) && trust.length > 0 && trust.every((entry) => typeof entry === 'string' && entry !== '')))
  ) {
    throw new Error('createServer: trustProxy must be true or false, an address or CIDR, or a list of them')
  }
  const graceMs = config.shutdown?.graceMs
  if (graceMs !== undefined && !(Number.isInteger(graceMs) && graceMs >= 0 && graceMs <= 600_000)) throw new Error('createServer: shutdown.graceMs must be an integer from 0 to 600000')
}

function startRelay(app: FastifyInstance, storage: SqlStorage, fanout: RelayFanout | undefined, config: ServerConfig, metrics: ServerMetrics): RelayHandle {
  return attachRelay(app.server, {
    path: '/relay',
    storage,
    log: app.log,
    observe: (event, count) => metrics.relayMessages.inc({ event }, count),
    ...(fanout ? { fanout } : {}),
    authorizeProject: (projectId, origin) => {
      const checked = checkProject({ config, projectId, origin })
      return checked.ok ? undefined : checked.refusal
    },
    ...(config.relay && config.relay.pingIntervalMs !== undefined ? { pingIntervalMs: config.relay.pingIntervalMs } : {}),
  })
}

function listenPort(app: FastifyInstance, config: ServerConfig): number {
  const address = app.server.address()
  return typeof address === 'object' && address ? address.port : (config.port ?? 4700)
}

function listenUrl(app: FastifyInstance, config: ServerConfig): string {
  const host = config.host ?? '127.0.0.1'
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
  return `http://${urlHost}:${listenPort(app, config)}`
}

/**
 * Starts the Portico server: wallet directory and images, project config, analytics sink,
 * blockchain API, JSON-RPC proxy and the relay, all on one port, with its data in SQLite.
 *
 * @param config - chains, projects, data directory and options (see `ServerConfig`)
 * @returns the running server; call `close()` to stop it
 * @example
 * const server = await createServer({ dataDir: './data', port: 0, chains: [anvilChain] })
 * await fetch(`${server.url}/getWallets?page=1&entries=40`)
 * await server.close()
 */
export async function createServer(config: ServerConfig): Promise<PorticoServer> {
  validateConfig(config)
  const auth: ResolvedAuthConfig | undefined = config.auth === undefined ? undefined : resolveAuthConfig(config.auth, config.email)
  const wallets = config.directory === undefined ? builtinDirectory() : readDirectoryFile(config.directory)

  const db = openDatabase(config.dataDir)
  let storage: SqlStorage | undefined
  let fanout: RelayFanout | undefined
  let redis: Redis | undefined
  let app: FastifyInstance | undefined
  let relay: RelayHandle | undefined
  let indexer: Indexer | undefined
  let walletListener: HttpServer | undefined
  const metrics = createMetrics()
  /** Set when close() begins: no connection is kept alive after its request. */
  let draining = false
  const closeWalletListener = () =>
    new Promise<void>((resolve) => {
      if (!walletListener?.listening) return resolve()
      walletListener.closeAllConnections()
      walletListener.close(() => resolve())
    })
  try {
    storage = await openStorage({ db, ...(config.database ? { database: config.database } : {}) })
    loadDirectory(db, wallets)

    app = fastify({
      ...(config.log ? createLogOptions(config.log, config) : { logger: false }),
      bodyLimit: bodyLimitBytes,
      routerOptions: { maxParamLength: 200 },
      requestTimeout: 30_000,
      clientErrorHandler: handleClientError,
      frameworkErrors: handleFrameworkError,
      // close() drains: in-flight requests finish (see close below), the rest get 503.
      forceCloseConnections: false,
      ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
      return503OnClosing: true,
    })

    // The routes' schemas describe what they accept and answer (server/routes/routeSchemas.ts) and
    // make the OpenAPI document; the handlers check their own input, with the messages clients
    // rely on, and answers are written as they are: no validator or serializer is compiled from them.
    app.setValidatorCompiler(() => () => true)
    app.setSerializerCompiler(() => (data) => JSON.stringify(data))
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Portico server', version: packageJson.version, description: 'The self-hostable Portico server: wallet directory, project config, analytics, blockchain API, JSON-RPC proxy and node-API proxies, swaps, on-ramp, names, email capture, sign-in (on the wallet origin), operations. The relay is a websocket at /relay.' },
        components: {
          securitySchemes: {
            metricsToken: { type: 'http', scheme: 'bearer', description: 'metrics.token' },
            exportToken: { type: 'http', scheme: 'bearer', description: "the project's email export token" },
            session: { type: 'http', scheme: 'bearer', description: 'a sign-in session token (/auth/v1/*)' },
          },
        },
      },
    })

    app.addHook('onRequest', async (request, reply) => {
      reply.headers(baseHeaders)
      reply.header('x-request-id', request.id)
      // Draining: this connection is not kept for another request.
      if (draining) reply.header('connection', 'close')
      // Two Host headers make "which host?" ambiguous for every proxy in between: refused.
      if (request.raw.rawHeaders.filter((_, index) => index % 2 === 0 && /^host$/i.test(request.raw.rawHeaders[index] ?? '')).length > 1) {
        reply.header('connection', 'close')
        return reply.code(400).send({ code: 'BAD_REQUEST', message: 'Duplicate Host header' })
      }
      // The wallet origin answers only what the wallet frame needs (see isWalletOriginPath).
      if (auth && request.headers.host === auth.walletHost && !isWalletOriginPath(request.url)) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'The wallet origin serves only /auth/v1/, the RPC proxy and the bundler route' })
      }
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'GET, POST, OPTIONS')
        const requested = request.headers['access-control-request-headers']
        reply.header('access-control-allow-headers', typeof requested === 'string' && requested.length < 512 ? requested : 'content-type')
        reply.header('access-control-max-age', '600')
        return reply.code(204).send()
      }
    })

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched'
      const status = String(reply.statusCode)
      metrics.httpRequests.inc({ method: request.method, route, status })
      metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
      if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route })
    })

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}` })
    })

    app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
      if (error instanceof HttpError) {
        // Refusals an operator looks for: a project or origin refused, a rate limit reached, an upstream down.
        if (error.status === 401 || error.status === 403 || error.status === 429) request.log.warn({ code: error.code, status: error.status, origin: request.headers.origin }, error.shortMessage)
        else if (error.status >= 500) request.log.error({ code: error.code, status: error.status, err: error.cause ?? error }, error.shortMessage)
        return reply.code(error.status).send({ code: error.code, message: error.shortMessage, ...(error.data ? { data: error.data } : {}) })
      }
      const fastifyError = error as FastifyError
      if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        // Read (and drop) what the client is still sending, up to a bound, so it reads the 413
        // instead of a connection reset; then the connection closes.
        let drained = 0
        request.raw.on('data', (chunk: Buffer) => {
          drained += chunk.length
          if (drained > maxDrainBytes) request.raw.socket.destroy()
        })
        request.raw.resume()
        reply.header('connection', 'close')
        return reply.code(413).send({ code: 'PAYLOAD_TOO_LARGE', message: `Request body is larger than ${bodyLimitBytes} bytes` })
      }
      if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.code(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' })
      }
      const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500
      if (status >= 400 && status < 500) {
        const code = fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError' ? 'INVALID_JSON' : 'BAD_REQUEST'
        return reply.code(status).send({ code, message: code === 'INVALID_JSON' ? 'Request body is not valid JSON' : error.message.slice(0, 300) })
      }
      reply.log.error(error)
      return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'Internal server error' })
    })

    if (config.redis) {
      // Shared counters (rate limits) for every instance; the relay fan-out has connections of its own.
      const client = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 })
      client.on('error', () => {})
      redis = client
      await client.connect().catch((error: unknown) => {
        throw new StorageError(`Could not connect to Redis at ${redactUrl(config.redis!.url)}.`, { cause: error })
      })
    }
    // Per-IP request limits on the routes that opt in (the RPC proxy, analytics); in Redis, across
    // instances, when it is configured (a Redis failure lets the request through).
    await app.register(rateLimit, {
      ...(redis ? { redis, nameSpace: 'portico:rl:ip:', skipOnError: true } : {}),
      global: false,
      max: config.requestRateLimit?.max ?? defaultRequestRateLimit.max,
      timeWindow: config.requestRateLimit?.windowMs ?? defaultRequestRateLimit.windowMs,
      errorResponseBuilder: (_request, context) =>
        new HttpError({ status: 429, code: 'RATE_LIMITED', message: `Too many requests from this address; try again in ${Math.ceil(context.ttl / 1000)} s` }),
    })

    let listeningUrl = ''
    const publicBaseUrl = config.publicUrl?.replace(/\/+$/, '')
    const context = { db, storage, config, metrics, publicBaseUrl: () => publicBaseUrl ?? listeningUrl, ...(redis ? { redis } : {}) }
    const readiness = createReadiness({ storage, ...(redis ? { redis } : {}), chains: config.chains, timeoutMs: config.health?.timeoutMs ?? defaultHealthTimeoutMs, metrics })
    registerOperatorRoutes(app, context, { readiness, metrics })
    app.get('/openapi.json', { logLevel: 'warn', schema: routeSchema({ summary: "This document: OpenAPI 3.1, made from the routes' schemas", tags: ['operations'], responses: { 200: { type: 'object', required: ['openapi', 'paths'] } } }) }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(app!.swagger()),
    )
    registerDirectoryRoutes(app, context)
    registerImageRoutes(app, context)
    registerProjectRoutes(app, context)
    registerAnalyticsRoutes(app, context)
    registerBlockchainRoutes(app, context)
    registerActivityRoutes(app, context)
    registerPriceRoutes(app, context)
    registerNftRoutes(app, context)
    registerConvertRoutes(app, context)
    await app.register(async (scope) => registerOnrampRoutes(scope, context))
    registerProfileRoutes(app, context)
    registerEmailCaptureRoutes(app, context)
    await app.register(async (scope) => registerRpcProxyRoutes(scope, context))
    await app.register(async (scope) => registerBundlerRoutes(scope, context))
    await app.register(async (scope) => registerEsploraProxyRoutes(scope, context))
    await app.register(async (scope) => registerCosmosProxyRoutes(scope, context))
    await app.register(async (scope) => registerStacksProxyRoutes(scope, context))
    await app.register(async (scope) => registerSuiProxyRoutes(scope, context))
    if (auth) await app.register(async (scope) => registerAuthRoutes(scope, context, auth))
    if (config.extend) await config.extend(app)
    await app.ready()

    // The relay shares the HTTP server: it answers websocket upgrades on /relay.
    if (config.redis) fanout = await createRedisFanout({ url: config.redis.url })
    if (config.relay !== false) relay = startRelay(app, storage, fanout, config, metrics)
    await app.listen({ host: config.host ?? '127.0.0.1', port: config.port ?? 4700 })
    listeningUrl = listenUrl(app, config)
    if (auth?.listen) {
      // The wallet origin on a port of its own: the same app answers there.
      const routed = app
      const listener = createHttpServer((request, response) => routed.routing(request, response))
      walletListener = listener
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject)
        listener.listen(auth.listen?.port, auth.listen?.host, () => {
          listener.off('error', reject)
          resolve()
        })
      })
    }
    if (config.indexer !== false) {
      indexer = createIndexer({ storage, chains: config.chains, ...(config.indexer ?? {}) })
      indexer.start()
    }
    const startedIndexer = indexer
    const openStorageForMetrics = storage
    metrics.observe({
      relayConnections: () => relay?.clientCount() ?? 0,
      mailboxDepth: async () => Number((await openStorageForMetrics.query<{ n: number }>('SELECT COUNT(*) AS n FROM relay_messages WHERE expires_at > ?', [Date.now()]))[0]?.n ?? 0),
      ...(startedIndexer ? { indexer: () => startedIndexer.status() } : {}),
    })
  } catch (error) {
    await indexer?.close().catch(() => undefined)
    await relay?.close().catch(() => undefined)
    await fanout?.close().catch(() => undefined)
    redis?.disconnect()
    await closeWalletListener()
    await app?.close().catch(() => undefined)
    await storage?.close().catch(() => undefined)
    if (db.open) db.close()
    throw error
  }

  const server = app
  const openedStorage = storage
  const graceMs = config.shutdown?.graceMs ?? defaultShutdownGraceMs
  let closing: Promise<void> | undefined
  return {
    url: listenUrl(server, config),
    port: listenPort(server, config),
    app: server,
    db,
    storage: openedStorage,
    ...(indexer ? { indexer } : {}),
    async restartRelay() {
      if (config.relay === false || closing || !relay) return undefined
      const report = await relay.close()
      relay = startRelay(server, openedStorage, fanout, config, metrics)
      return report
    },
    close() {
      closing ??= (async () => {
        draining = true
        server.log.info({ graceMs }, 'Shutting down: no new connections; in-flight requests finish, the relay drains')
        // Fastify's close stops accepting, answers requests that arrive on open connections with
        // 503 (connection: close) and waits for those in flight. A connection that finished its
        // request is closed as soon as it is idle; after the grace the rest are cut.
        const sweep = setInterval(() => server.server.closeIdleConnections(), 50)
        const force = setTimeout(() => server.server.closeAllConnections(), graceMs)
        try {
          const http = server.close()
          await Promise.all([indexer?.close(), relay?.close(), closeWalletListener()])
          await http
        } finally {
          clearInterval(sweep)
          clearTimeout(force)
          try {
            await fanout?.close()
            await redis?.quit().catch(() => undefined)
          } finally {
            await openedStorage.close().catch(() => undefined)
            if (db.open) db.close()
          }
        }
      })()
      return closing
    },
  }
}
