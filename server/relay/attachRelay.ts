import type { IncomingMessage, Server } from 'node:http'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Database } from 'better-sqlite3'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { applyMigrations } from '../storage/applyMigrations.js'
import { createSqliteStorage } from '../storage/createSqliteStorage.js'
import type { SqlStorage } from '../storage/SqlStorage.js'
import { RelayAuthError } from './RelayAuthError.js'
import type { RelayFanout } from './RelayFanout.js'
import { RelayHub, type RelayDrainReport, type RelayMessageEvent } from './RelayHub.js'
import { RelayMailbox } from './RelayMailbox.js'
import { relayLimits } from './relayLimits.js'
import { verifyRelayJwt } from './verifyRelayJwt.js'

/** Options of {@link attachRelay}. */
export type RelayOptions = {
  /** The websocket path, e.g. `/relay`. Upgrades on other paths are left to other handlers. */
  path: string
  /**
   * Where the mailbox lives (table `relay_messages`): `storage` (migrated, e.g. from
   * `openStorage`: SQLite or Postgres), or a SQLite `db` whose migrations are applied here.
   * Exactly one of the two.
   */
  storage?: SqlStorage
  /** A SQLite database for the mailbox (see `storage`). */
  db?: Database
  /**
   * The fan-out to the other instances sharing the mailbox (Redis, `createRedisFanout`). Absent:
   * one process. It is not closed with the relay: the caller owns it.
   */
  fanout?: RelayFanout
  /** Interval between ws ping frames, in ms; a socket that missed the previous pong is terminated. Default 15000. */
  pingIntervalMs?: number
  /** Largest `message` in one publish, in bytes. Default 262144 (256 KiB). */
  maxMessageBytes?: number
  /** The clock, in ms (message times and TTLs, JWT `iat`/`exp`). Default `Date.now`. */
  now?: () => number
  /**
   * Decides whether a connection may use its `projectId` from its `Origin` (undefined for
   * non-browser clients): a refusal is answered on the upgrade with its status and
   * `{ code, message }`. Default: every project id is accepted.
   */
  authorizeProject?: (projectId: string, origin: string | undefined) => { status: number; code: string; message: string } | undefined
  /** Where refused connections and the drain are logged (the server's pino logger). Default: nowhere. */
  log?: RelayLog
  /** Counts what the relay does with messages (see `RelayHubOptions.observe`). */
  observe?: (event: RelayMessageEvent, count: number) => void
}

/** The part of a pino logger the relay writes to. */
export type RelayLog = {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

/** A running relay attached to an HTTP server. */
export type Relay = {
  /**
   * Drains and closes: stops taking new connections, keeps handling and answering every frame,
   * closes each socket (code 1001, the client reconnects) once it is answered and quiet, at the
   * latest after `relayLimits.closeGraceMaxMs`, then detaches from the server. Resolves with what
   * the drain handled and dropped. Calling it again returns the same promise.
   */
  close(): Promise<RelayDrainReport>
  /** Open, authenticated websocket clients. */
  clientCount(): number
}

export type AttachRelayParameters = RelayOptions
export type AttachRelayReturnType = Relay

function trimPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

function refuseUpgrade(socket: Duplex, status: number, code: string, message: string): void {
  const body = JSON.stringify({ code, message })
  socket.on('error', () => {})
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      '\r\n' +
      body,
  )
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data)) return Buffer.concat(data)
  return Buffer.from(data)
}

/**
 * Attaches a WalletConnect-compatible relay to `server` on `options.path`.
 *
 * A client connects to `ws://host:port<path>?auth=<JWT>&projectId=<id>&ua=…`. The JWT is checked
 * with {@link verifyRelayJwt} (EdDSA, did:key issuer, `aud` naming this path, `exp`, `iat`); a bad
 * or missing one gets HTTP 401 on the upgrade, a missing `projectId` 400, and a project the
 * `authorizeProject` option refuses its status (401 unknown project, 403 origin not allowed).
 *
 * It speaks the relay JSON-RPC of the 2.25 client: `irn_subscribe`, `irn_batchSubscribe`,
 * `irn_unsubscribe`, `irn_batchUnsubscribe`, `irn_publish`, `irn_batchPublish`,
 * `irn_fetchMessages`, `irn_batchFetchMessages`, and `wc_proposeSession` / `wc_approveSession`
 * with their implicit subscriptions. Each published message is stored (SQLite, or Postgres shared
 * by several instances with a Redis `fanout`) with its TTL,
 * pushed as `irn_subscription` to the topic's other subscribers, delivered to later subscribers
 * (the mailbox), and deleted once a recipient acknowledges it or it expires. Malformed frames get
 * JSON-RPC errors and the connection stays up; the numbers that keep one client from starving
 * the others are in {@link relayLimits}.
 *
 * @param server The HTTP server whose `upgrade` events to handle.
 * @param options {@link RelayOptions}
 * @returns A {@link Relay} handle.
 * @example
 * const server = http.createServer()
 * const relay = attachRelay(server, { path: '/relay', db: new Database('portico.db') })
 * server.listen(4700, '127.0.0.1')
 * // later: await relay.close(); server.close()
 */
export function attachRelay(server: Server, options: RelayOptions): Relay {
  const path = trimPath(options.path)
  const now = options.now ?? Date.now
  const pingIntervalMs = options.pingIntervalMs ?? 15_000
  const maxMessageBytes = options.maxMessageBytes ?? relayLimits.maxMessageBytes
  if (!Number.isInteger(maxMessageBytes) || maxMessageBytes <= 0) {
    throw new TypeError('attachRelay: maxMessageBytes must be a positive integer.')
  }
  if (!(pingIntervalMs > 0)) throw new TypeError('attachRelay: pingIntervalMs must be positive.')

  if ((options.storage === undefined) === (options.db === undefined)) {
    throw new TypeError('attachRelay: pass exactly one of storage and db.')
  }
  let storage: SqlStorage
  let ready: Promise<unknown> = Promise.resolve()
  if (options.storage) {
    storage = options.storage
  } else {
    storage = createSqliteStorage(options.db!)
    ready = applyMigrations(storage)
    ready.catch(() => undefined) // surfaced by the first mailbox call, answered -32603
  }
  const mailbox = new RelayMailbox(storage, now, ready)
  const hub = new RelayHub({ mailbox, maxMessageBytes, ...(options.fanout ? { fanout: options.fanout } : {}), ...(options.observe ? { observe: options.observe } : {}) })
  const log = options.log
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: hub.maxFrameBytes * relayLimits.hardFrameFactor,
  })
  let closing: Promise<RelayDrainReport> | undefined

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    let url: URL
    try {
      url = new URL(request.url ?? '/', 'http://relay.invalid')
    } catch {
      return
    }
    if (trimPath(url.pathname) !== path) return // another handler's path
    if (closing) {
      refuseUpgrade(socket, 503, 'RELAY_CLOSED', 'The relay is shutting down.')
      return
    }
    let clientId: string
    const projectId = url.searchParams.get('projectId') ?? ''
    try {
      clientId = verifyRelayJwt({
        jwt: url.searchParams.get('auth') ?? '',
        path,
        nowMs: now(),
        maxSkewSeconds: relayLimits.jwtSkewSeconds,
        maxLifetimeSeconds: relayLimits.maxJwtLifetimeSeconds,
      }).clientId
      if (projectId.length === 0) throw new RelayAuthError('Missing "projectId".', { status: 400 })
      if (projectId.length > relayLimits.maxProjectIdLength) {
        throw new RelayAuthError('The "projectId" is too long.', { status: 400 })
      }
      const origin = request.headers.origin
      const refusal = options.authorizeProject?.(projectId, origin)
      if (refusal) {
        log?.warn({ relay: 'refused', status: refusal.status, code: refusal.code, origin, remoteAddress: request.socket.remoteAddress }, `Relay connection refused: ${refusal.message}`)
        refuseUpgrade(socket, refusal.status, refusal.code, refusal.message)
        return
      }
    } catch (error) {
      const refused = error instanceof RelayAuthError ? error : new RelayAuthError('Unauthorized.', { cause: error })
      log?.warn({ relay: 'refused', status: refused.status, code: refused.code, origin: request.headers.origin, remoteAddress: request.socket.remoteAddress }, `Relay connection refused: ${refused.shortMessage}`)
      refuseUpgrade(socket, refused.status, refused.code, refused.shortMessage)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (closing) {
        ws.terminate()
        return
      }
      const connection = hub.addConnection(ws, clientId, projectId)
      ws.on('message', (data) => hub.receive(connection, toBuffer(data)))
      ws.on('pong', () => {
        connection.alive = true
      })
      ws.on('error', () => {
        // ws closes the socket itself (e.g. 1009 for a frame above the hard limit); nothing else to do.
      })
      ws.on('close', () => hub.removeConnection(connection))
    })
  }
  server.on('upgrade', onUpgrade)

  const pingTimer = setInterval(() => {
    for (const connection of hub.connections) {
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      try {
        connection.socket.ping()
      } catch {
        connection.socket.terminate()
      }
    }
  }, pingIntervalMs)
  pingTimer.unref()

  const sweepTimer = setInterval(() => {
    hub.sweep().catch(() => {
      // The database is closed or busy: the next sweep (or a read, which skips expired rows) copes.
    })
  }, relayLimits.sweepIntervalMs)
  sweepTimer.unref()

  /** Closes one socket with 1001 (its client reconnects at once); resolves when it is closed. */
  const closeSocket = (ws: WebSocket): Promise<void> =>
    new Promise<void>((resolve) => {
      if (ws.readyState === ws.CLOSED) return resolve()
      const force = setTimeout(() => ws.terminate(), 500)
      ws.once('close', () => {
        clearTimeout(force)
        resolve()
      })
      ws.close(1001, 'Relay shutting down')
    })

  /**
   * The drain (see `RelayHub.beginDrain` for why nothing is refused). Every frame keeps being
   * handled and answered, and each socket is closed at the moment its client is least likely to
   * be sending, once neither side owes the other anything (its requests answered, its deliveries
   * acknowledged, its unsubscribe after a delete received), and then:
   * - when its last frame was an acknowledgement (its app may be acting on the delivery, as a
   *   wallet signs a request and then publishes the answer): after `closeQuietAfterAckMs` with
   *   nothing in or out;
   * - otherwise (it made a request and now waits for its peer): after `closeGraceMs` with nothing
   *   in or out, or at once once the drain has lasted `closeGraceMaxMs`.
   * Quiet counts from the drain's start at the earliest. After `closeGraceMaxMs + closeSettleMaxMs`
   * the rest are closed whatever they owe (frames still queued are dropped unanswered).
   */
  const drain = async (): Promise<void> => {
    const start = performance.now()
    const closes: Promise<void>[] = []
    for (;;) {
      const at = performance.now()
      const open = [...hub.connections].filter((connection) => !connection.closing)
      if (open.length === 0) break
      const late = at - start >= relayLimits.closeGraceMaxMs
      const over = at - start >= relayLimits.closeGraceMaxMs + relayLimits.closeSettleMaxMs
      for (const connection of open) {
        // Quiet counts from the drain's start at the earliest: a client that acts as the drain
        // begins (a burst already on its way) is served, not caught sending into the close.
        const quietFor = at - Math.max(connection.lastActivityAt, start)
        // After an acknowledgement the client's app is likely acting on the delivery (a wallet
        // signing a request, then publishing its answer): it gets a longer quiet before its close.
        const ready =
          over ||
          (hub.isOwedNothing(connection) &&
            (connection.lastHandled === 'ack' ? quietFor >= relayLimits.closeQuietAfterAckMs : late || quietFor >= relayLimits.closeGraceMs))
        if (!ready) continue
        hub.stopReading(connection)
        closes.push(closeSocket(connection.socket))
      }
      await new Promise((resolve) => setTimeout(resolve, late ? 5 : 25))
    }
    await Promise.all(closes)
  }

  return {
    clientCount: () => hub.connections.size,
    close: () => {
      closing ??= (async () => {
        // Upgrades are refused with 503 while the relay drains (a load balancer sends them elsewhere).
        clearInterval(pingTimer)
        clearInterval(sweepTimer)
        const started = performance.now()
        log?.info({ relay: 'draining', connections: hub.connections.size }, 'Relay draining: answering what its clients sent, then asking each to reconnect')
        hub.beginDrain()
        await drain()
        hub.close()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        server.off('upgrade', onUpgrade)
        const report = hub.report()
        log?.info({ relay: 'closed', ms: Math.round(performance.now() - started), ...report }, 'Relay closed')
        return report
      })()
      return closing
    },
  }
}
