import type { WebSocket } from 'ws'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import type { RelayFanout } from './RelayFanout.js'
import type { RelayMailbox, RelayStoredMessage } from './RelayMailbox.js'
import { RelayRpcError } from './RelayRpcError.js'
import { readRawJsonRpcId } from './readRawJsonRpcId.js'
import { relayLimits } from './relayLimits.js'

/** One authenticated websocket client of the relay. */
export type RelayConnection = {
  /** The client's did:key (the JWT `iss`). */
  readonly clientId: string
  readonly projectId: string
  readonly socket: WebSocket
  /** Topics this connection is subscribed to. */
  readonly topics: Set<string>
  /** Deliveries awaiting an ack: push id (decimal string) → mailbox row id. */
  readonly inFlight: Map<string, number>
  readonly inFlightRows: Set<number>
  /** Frames received but not handled yet (see the fair scheduler in {@link RelayHub}). */
  readonly queue: string[]
  queuedBytes: number
  paused: boolean
  /** False after a ping went unanswered. */
  alive: boolean
  /** When a frame last arrived from or was sent to this client (`performance.now()`): a drain closes quiet sockets first. */
  lastActivityAt: number
  /**
   * The kind of the last frame handled: `ack` when the client acknowledged a delivery (its app may
   * be about to act on it), else the method it called (it now waits for an answer or a peer).
   */
  lastHandled: string | undefined
  /**
   * Topics this client is about to unsubscribe from: it published or was delivered a delete
   * (`wc_sessionDelete`, `wc_pairingDelete`), after which the 2.25 client always unsubscribes, and
   * waits for that answer with no timeout. A drain does not close the socket in between.
   */
  readonly awaitedUnsubscribes: Set<string>
  /**
   * Set by {@link RelayHub.stopReading} when the relay is about to close the socket: frames that
   * arrive from now on are not handled (they could not be answered), and counted as dropped.
   */
  closing: boolean
}

/**
 * What a relay did while it drained (see {@link RelayHub.beginDrain}): the frames it handled by
 * kind (a method name, or `ack` for a client's acknowledgement of a delivery), and the frames that
 * arrived after their socket began to close, which no relay can answer: the client sends those
 * again itself (the 2.25 client after its 15 s initial-publish timeout).
 */
export type RelayDrainReport = {
  handled: Record<string, number>
  dropped: number
}

export type RelayHubOptions = {
  mailbox: RelayMailbox
  /** Largest `message` in a publish, in bytes. */
  maxMessageBytes: number
  /**
   * Other instances sharing the mailbox (Redis): stored messages are sent to them and theirs
   * delivered here. Absent: one process, delivery in-process.
   */
  fanout?: RelayFanout
  /** Counts what the relay does with messages (the server's metrics): stored, pushed to a subscriber, acknowledged. */
  observe?: (event: RelayMessageEvent, count: number) => void
}

/** What {@link RelayHubOptions.observe} is told about. */
export type RelayMessageEvent = 'published' | 'delivered' | 'acknowledged'

type Params = Record<string, unknown>
type PublishEntry = { topic: string; message: string; ttlSeconds: number; tag: number; attestation: string }
/** Tasks run after the response is sent (stored messages follow a subscribe response). */
type After = (() => Promise<void>)[]
type Handler = (connection: RelayConnection, params: Params, after: After) => unknown

const OPEN = 1 // WebSocket.OPEN

/** Tags the relay gives the messages it publishes for `wc_proposeSession` / `wc_approveSession`. */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
/**
 * Tags of the delete requests (`wc_sessionDelete` 1112, `wc_pairingDelete` 1000): both the sender
 * and the recipient unsubscribe from the topic next.
 */
const DELETE_TAGS = new Set([1112, 1000])
/** Most topics a connection may be awaited to unsubscribe from (a bound for a client that never does). */
const MAX_AWAITED_UNSUBSCRIBES = 1024
/** TTL of those messages when the request has none (the client's own default, 5 minutes). */
const DEFAULT_SESSION_TTL_SECONDS = 300

function isObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The entries of a batch parameter: an array of at most `max` objects, else -32602 naming it. */
function batchEntries(params: Params, key: string, max: number, noun: string, shape: string): Params[] {
  const list = params[key]
  if (!Array.isArray(list)) throw invalidParams(`"${key}" must be an array of ${shape}`)
  if (list.length > max) throw invalidParams(`"${key}" may hold at most ${max} entries`)
  return list.map((entry) => {
    if (!isObject(entry)) throw invalidParams(`each ${noun} must be an object ${shape}`)
    return entry
  })
}

function invalidParams(message: string): RelayRpcError {
  return new RelayRpcError(-32602, `Invalid params: ${message}`)
}

function shorten(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** A request id token the relay will echo: a JSON string (≤ 128 characters) or an integer. */
function isEchoableId(raw: string): boolean {
  return /^-?\d{1,40}$/.test(raw) || (/^"(?:[^"\\]|\\.)*"$/.test(raw) && raw.length <= 130)
}

/**
 * The id of an acknowledgement as a decimal string. Clients answer the relay's 19-digit push id
 * as a number, a string, or (the 2.25 client, which parses it as a BigInt) a string ending in "n".
 */
function ackKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  let value = raw
  if (raw.startsWith('"')) {
    try {
      value = JSON.parse(raw) as string
    } catch {
      return undefined
    }
  }
  value = value.replace(/n$/, '')
  return /^\d{1,40}$/.test(value) ? value : undefined
}

function awaitUnsubscribe(connection: RelayConnection, topic: string): void {
  if (connection.awaitedUnsubscribes.size < MAX_AWAITED_UNSUBSCRIBES) connection.awaitedUnsubscribes.add(topic)
}

/** The subscription id the WalletConnect client computes itself: sha256(topic + clientId), hex. */
function subscriptionId(topic: string, clientId: string): string {
  return bytesToHex(sha256(utf8ToBytes(topic + clientId)))
}

/**
 * The relay's state and protocol, independent of HTTP: connections, subscriptions, the JSON-RPC
 * methods, delivery with acknowledgements, and a fair scheduler.
 *
 * Fairness: a received frame goes into its connection's queue; one scheduling round (on
 * `setImmediate`) handles up to `relayLimits.framesPerTurn` frames of each connection, the
 * connections side by side (storage is asynchronous) and each connection's frames one after
 * another in order, so a client that floods waits behind its own frames, not in front of others'. A queue above
 * `pauseFrames`/`pauseBytes` pauses reading that socket (TCP back-pressure); above
 * `maxPendingFrames`/`maxPendingBytes` a request is answered at once with -32005.
 *
 * @example
 * const hub = new RelayHub({ mailbox, maxMessageBytes: 262144 })
 * const connection = hub.addConnection(socket, clientId, projectId)
 * socket.on('message', (data) => hub.receive(connection, data as Buffer))
 */
export class RelayHub {
  readonly connections = new Set<RelayConnection>()
  readonly #subscribers = new Map<string, Set<RelayConnection>>()
  readonly #ready = new Set<RelayConnection>()
  /** Connections whose frames are being handled now (one frame at a time each). */
  readonly #busy = new Set<RelayConnection>()
  readonly #mailbox: RelayMailbox
  readonly #fanout: RelayFanout | undefined
  readonly #stopFanout: () => void
  readonly #maxMessageBytes: number
  readonly #maxFrameBytes: number
  readonly #observe: (event: RelayMessageEvent, count: number) => void
  readonly #methods: Map<string, Handler>
  #drainScheduled: ReturnType<typeof setImmediate> | undefined
  #lastPushId = 0n
  #closed = false
  #draining = false
  readonly #drainHandled = new Map<string, number>()
  #drainDropped = 0

  constructor(options: RelayHubOptions) {
    this.#mailbox = options.mailbox
    this.#fanout = options.fanout
    this.#stopFanout = this.#fanout?.onMessage((message) => this.#deliverToSubscribers(message)) ?? (() => {})
    this.#maxMessageBytes = options.maxMessageBytes
    this.#observe = options.observe ?? (() => {})
    this.#maxFrameBytes = 2 * options.maxMessageBytes + relayLimits.frameEnvelopeBytes
    this.#methods = new Map<string, Handler>([
      ['irn_subscribe', (c, p, a) => this.#onSubscribe(c, p, a)],
      ['irn_batchSubscribe', (c, p, a) => this.#onBatchSubscribe(c, p, a)],
      ['irn_unsubscribe', (c, p) => this.#onUnsubscribe(c, p)],
      ['irn_batchUnsubscribe', (c, p) => this.#onBatchUnsubscribe(c, p)],
      ['irn_publish', (c, p) => this.#onPublish(c, p)],
      ['irn_batchPublish', (c, p) => this.#onBatchPublish(c, p)],
      ['irn_fetchMessages', (c, p) => this.#fetch(c, [this.#topic(p, 'topic')])],
      ['irn_batchFetchMessages', (c, p) => this.#fetch(c, this.#topics(p, 'topics'))],
      ['wc_proposeSession', (c, p, a) => this.#onProposeSession(c, p, a)],
      ['wc_approveSession', (c, p, a) => this.#onApproveSession(c, p, a)],
    ])
  }

  /** The largest frame answered normally, in bytes. */
  get maxFrameBytes(): number {
    return this.#maxFrameBytes
  }

  addConnection(socket: WebSocket, clientId: string, projectId: string): RelayConnection {
    const connection: RelayConnection = {
      clientId,
      projectId,
      socket,
      topics: new Set(),
      inFlight: new Map(),
      inFlightRows: new Set(),
      queue: [],
      queuedBytes: 0,
      paused: false,
      alive: true,
      lastActivityAt: performance.now(),
      lastHandled: undefined,
      awaitedUnsubscribes: new Set(),
      closing: false,
    }
    this.connections.add(connection)
    return connection
  }

  removeConnection(connection: RelayConnection): void {
    this.connections.delete(connection)
    this.#ready.delete(connection)
    for (const topic of connection.topics) this.#removeSubscriber(topic, connection)
    connection.topics.clear()
    connection.queue.length = 0
    connection.queuedBytes = 0
  }

  /** Takes one websocket frame from a connection. */
  receive(connection: RelayConnection, data: Buffer): void {
    if (!this.connections.has(connection)) return
    if (this.#closed || connection.closing) {
      // Never answered with an error: the 2.25 client gives up on a publish whose retry is
      // answered with one. Unanswered, it is sent again after the client's own timeout.
      this.#drainDropped += 1
      return
    }
    connection.alive = true
    connection.lastActivityAt = performance.now()
    if (data.length > this.#maxFrameBytes) {
      this.#sendError(
        connection,
        'null',
        -32600,
        `Invalid request: a frame of ${data.length} bytes exceeds the limit of ${this.#maxFrameBytes} bytes`,
      )
      return
    }
    const text = data.toString('utf8')
    if (
      connection.queue.length >= relayLimits.maxPendingFrames ||
      connection.queuedBytes + text.length > relayLimits.maxPendingBytes
    ) {
      this.#refuseOverflow(connection, text)
      return
    }
    connection.queue.push(text)
    connection.queuedBytes += text.length
    if (
      !connection.paused &&
      (connection.queue.length >= relayLimits.pauseFrames || connection.queuedBytes >= relayLimits.pauseBytes)
    ) {
      connection.paused = true
      connection.socket.pause()
    }
    this.#ready.add(connection)
    this.#scheduleDrain()
  }

  /** Deletes expired messages from the mailbox. */
  sweep(): Promise<number> {
    return this.#mailbox.deleteExpired()
  }

  /**
   * Starts a drain: nothing changes for the clients (every frame is handled and answered as
   * before, deliveries and the fan-out go on), but the frames handled from now on are counted for
   * {@link report}. The caller closes the sockets one by one ({@link stopReading}, then its own
   * close), then calls {@link close}.
   *
   * Why a drain and not a refusal: the 2.25 sign-client retries a publish answered with an error
   * once, on its next heartbeat (5 s), and drops it for good (an unhandled rejection, a request that
   * fails with "Failed to publish payload") when that retry is answered with an error too. A frame it
   * gets no answer for is sent again on every heartbeat after 15 s until one is answered.
   */
  beginDrain(): void {
    this.#draining = true
  }

  /** True when every frame received from `connection` has been handled and answered. */
  isSettled(connection: RelayConnection): boolean {
    return connection.queue.length === 0 && !this.#busy.has(connection)
  }

  /**
   * True when neither side owes the other anything: every frame the client sent is answered,
   * every delivery it was sent is acknowledged, and it has unsubscribed after every delete it sent
   * or received. Closing then catches no frame in flight unless the client's app acts on its own
   * at that moment.
   */
  isOwedNothing(connection: RelayConnection): boolean {
    return this.isSettled(connection) && connection.inFlight.size === 0 && connection.awaitedUnsubscribes.size === 0
  }

  /**
   * The relay is about to close this socket: frames that arrive from now on are dropped
   * unanswered (counted in {@link report}).
   */
  stopReading(connection: RelayConnection): void {
    connection.closing = true
  }

  /**
   * Stops the hub: scheduling, deliveries and the fan-out. Frames still waiting in a queue (a
   * drain that reached its time limit) are dropped unanswered and counted; see {@link beginDrain}
   * for why they are not answered with an error.
   */
  close(): void {
    this.#closed = true
    this.#stopFanout()
    if (this.#drainScheduled) clearImmediate(this.#drainScheduled)
    this.#drainScheduled = undefined
    this.#ready.clear()
    for (const connection of this.connections) {
      this.#drainDropped += connection.queue.length
      connection.queue.length = 0
      connection.queuedBytes = 0
    }
  }

  /** What the drain handled and dropped (see {@link RelayDrainReport}). */
  report(): RelayDrainReport {
    return { handled: Object.fromEntries(this.#drainHandled), dropped: this.#drainDropped }
  }

  // ---------- scheduling ---------- //

  #scheduleDrain(): void {
    if (this.#drainScheduled || this.#closed) return
    this.#drainScheduled = setImmediate(() => {
      this.#drainScheduled = undefined
      this.#drain()
    })
  }

  #drain(): void {
    for (const connection of [...this.#ready]) {
      this.#ready.delete(connection)
      // A busy connection is taken up again when its current turn ends.
      if (!this.#busy.has(connection)) void this.#turn(connection)
    }
  }

  /** Handles up to `framesPerTurn` frames of one connection, one after another. */
  async #turn(connection: RelayConnection): Promise<void> {
    this.#busy.add(connection)
    try {
      for (let handled = 0; handled < relayLimits.framesPerTurn && !this.#closed; handled += 1) {
        const text = connection.queue.shift()
        if (text === undefined) break
        connection.queuedBytes -= text.length
        await this.#handleFrameSafely(connection, text)
        if (!this.connections.has(connection)) return
        if (connection.paused && !connection.closing && connection.queue.length < relayLimits.resumeFrames) {
          connection.paused = false
          if (connection.socket.readyState === OPEN) connection.socket.resume()
        }
      }
    } finally {
      this.#busy.delete(connection)
    }
    if (connection.queue.length > 0 && !this.#closed) {
      this.#ready.add(connection)
      this.#scheduleDrain()
    }
  }

  #refuseOverflow(connection: RelayConnection, text: string): void {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      this.#sendError(connection, 'null', -32700, 'Parse error: the frame is not valid JSON')
      return
    }
    const rawId = isObject(parsed) ? readRawJsonRpcId(text) : undefined
    if (isObject(parsed) && !('method' in parsed)) {
      // Acknowledgements are cheap: never refused. When storage fails the message stays stored
      // and is delivered again on the next subscribe.
      this.#onResponse(connection, rawId, parsed).catch(() => undefined)
      return
    }
    this.#sendError(
      connection,
      rawId !== undefined && isEchoableId(rawId) ? rawId : 'null',
      -32005,
      `Too many pending requests: at most ${relayLimits.maxPendingFrames} frames may wait; slow down`,
    )
  }

  // ---------- frames ---------- //

  /** Never lets one frame take the relay down: an unexpected failure is answered with -32603 when possible. */
  async #handleFrameSafely(connection: RelayConnection, text: string): Promise<void> {
    try {
      const kind = await this.#handleFrame(connection, text)
      connection.lastHandled = kind
      if (this.#draining) this.#drainHandled.set(kind, (this.#drainHandled.get(kind) ?? 0) + 1)
    } catch {
      try {
        this.#sendError(connection, 'null', -32603, 'Internal error')
      } catch {
        connection.socket.terminate()
      }
    }
  }

  /** Handles one frame; returns its kind (the method, `ack`, or `invalid`) for the drain report. */
  async #handleFrame(connection: RelayConnection, text: string): Promise<string> {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      this.#sendError(connection, 'null', -32700, 'Parse error: the frame is not valid JSON')
      return 'invalid'
    }
    if (Array.isArray(parsed)) {
      this.#sendError(connection, 'null', -32600, 'Invalid request: batch requests are not supported')
      return 'invalid'
    }
    if (!isObject(parsed)) {
      this.#sendError(connection, 'null', -32600, 'Invalid request: expected a JSON-RPC request object')
      return 'invalid'
    }
    const rawId = readRawJsonRpcId(text)
    const echoId = rawId !== undefined && isEchoableId(rawId) ? rawId : undefined
    if (!('method' in parsed)) {
      if ('result' in parsed || 'error' in parsed) {
        await this.#onResponse(connection, rawId, parsed)
        return 'ack'
      }
      this.#sendError(connection, echoId ?? 'null', -32600, 'Invalid request: "method" is missing')
      return 'invalid'
    }
    if (echoId === undefined || echoId === 'null') {
      this.#sendError(connection, 'null', -32600, 'Invalid request: "id" must be an integer or a string')
      return 'invalid'
    }
    if (parsed.jsonrpc !== '2.0') {
      this.#sendError(connection, echoId, -32600, 'Invalid request: "jsonrpc" must be "2.0"')
      return 'invalid'
    }
    if (typeof parsed.method !== 'string') {
      this.#sendError(connection, echoId, -32600, 'Invalid request: "method" must be a string')
      return 'invalid'
    }
    const handler = this.#methods.get(parsed.method)
    if (!handler) {
      this.#sendError(connection, echoId, -32601, `Method not found: ${shorten(parsed.method)}`)
      return 'invalid'
    }
    const after: After = []
    let result: unknown
    try {
      if (!isObject(parsed.params)) throw invalidParams('"params" must be an object')
      result = await handler(connection, parsed.params, after)
    } catch (error) {
      if (error instanceof RelayRpcError) this.#sendError(connection, echoId, error.code, error.shortMessage)
      else this.#sendError(connection, echoId, -32603, 'Internal error')
      return parsed.method
    }
    this.#send(connection, `{"id":${echoId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`)
    for (const task of after) {
      try {
        await task()
      } catch {
        // A storage failure while delivering stored messages: they stay stored for the next subscribe.
      }
    }
    return parsed.method
  }

  async #onResponse(connection: RelayConnection, rawId: string | undefined, response: Params): Promise<void> {
    const key = ackKey(rawId)
    if (key === undefined) return
    const rowId = connection.inFlight.get(key)
    if (rowId === undefined) return
    connection.inFlight.delete(key)
    connection.inFlightRows.delete(rowId)
    // A positive ack consumes the message; an error leaves it for the next subscribe.
    if (response.error === undefined && response.result !== false) {
      await this.#mailbox.delete(rowId)
      this.#observe('acknowledged', 1)
    }
  }

  #sendError(connection: RelayConnection, id: string, code: number, message: string): void {
    this.#send(connection, `{"id":${id},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`)
  }

  #send(connection: RelayConnection, text: string): void {
    const { socket } = connection
    if (socket.readyState !== OPEN) return
    connection.lastActivityAt = performance.now()
    if (socket.bufferedAmount > relayLimits.maxBufferedBytes) {
      // A client that does not read is cut off; its messages wait in the mailbox.
      socket.terminate()
      return
    }
    socket.send(text)
  }

  // ---------- params ---------- //

  #topic(params: Params, key: string): string {
    return this.#topicValue(params[key], `"${key}"`)
  }

  #topicValue(topic: unknown, label: string): string {
    if (typeof topic !== 'string' || topic.length === 0) throw invalidParams(`${label} must be a non-empty string`)
    if (topic.length > relayLimits.maxTopicLength || !/^[\x21-\x7e]+$/.test(topic)) {
      throw invalidParams(`${label} must be at most ${relayLimits.maxTopicLength} printable ASCII characters`)
    }
    return topic
  }

  #topics(params: Params, key: string): string[] {
    const topics = params[key]
    if (!Array.isArray(topics)) throw invalidParams(`"${key}" must be an array of topics`)
    if (topics.length > relayLimits.maxBatchTopics) {
      throw invalidParams(`"${key}" may hold at most ${relayLimits.maxBatchTopics} topics`)
    }
    return topics.map((topic: unknown, index) => this.#topicValue(topic, `"${key}[${index}]"`))
  }

  #message(params: Params, key: string): string {
    const message = params[key]
    if (typeof message !== 'string' || message.length === 0) throw invalidParams(`"${key}" must be a non-empty string`)
    const bytes = Buffer.byteLength(message, 'utf8')
    if (bytes > this.#maxMessageBytes) {
      throw invalidParams(`"${key}" has ${bytes} bytes; the limit is ${this.#maxMessageBytes}`)
    }
    return message
  }

  #ttl(params: Params, fallback?: number): number {
    const ttl = params.ttl ?? fallback
    if (
      typeof ttl !== 'number' ||
      !Number.isInteger(ttl) ||
      ttl < relayLimits.minTtlSeconds ||
      ttl > relayLimits.maxTtlSeconds
    ) {
      throw invalidParams(
        `"ttl" must be an integer number of seconds from ${relayLimits.minTtlSeconds} to ${relayLimits.maxTtlSeconds}`,
      )
    }
    return ttl
  }

  #tag(params: Params, fallback: number): number {
    const tag = params.tag ?? fallback
    if (typeof tag !== 'number' || !Number.isInteger(tag) || tag < 0 || tag > 2 ** 32) {
      throw invalidParams('"tag" must be a non-negative integer')
    }
    return tag
  }

  /** The publisher's Verify attestation (a JWT), carried unchanged to every recipient; `''` when none. */
  #attestation(params: Params): string {
    const attestation = params.attestation ?? ''
    if (typeof attestation !== 'string') throw invalidParams('"attestation" must be a string')
    if (attestation.length > relayLimits.maxAttestationLength) {
      throw invalidParams(`"attestation" is longer than ${relayLimits.maxAttestationLength} characters`)
    }
    return attestation
  }

  #publishParams(params: Params): PublishEntry {
    if (params.prompt !== undefined && typeof params.prompt !== 'boolean') throw invalidParams('"prompt" must be a boolean')
    return {
      topic: this.#topic(params, 'topic'),
      message: this.#message(params, 'message'),
      ttlSeconds: this.#ttl(params),
      tag: this.#tag(params, 0),
      attestation: this.#attestation(params),
    }
  }

  // ---------- methods ---------- //

  #onSubscribe(connection: RelayConnection, params: Params, after: After): string {
    const topic = this.#topic(params, 'topic')
    this.#subscribe(connection, [topic], after)
    return subscriptionId(topic, connection.clientId)
  }

  #onBatchSubscribe(connection: RelayConnection, params: Params, after: After): string[] {
    const topics = this.#topics(params, 'topics')
    this.#subscribe(connection, topics, after)
    return topics.map((topic) => subscriptionId(topic, connection.clientId))
  }

  #onUnsubscribe(connection: RelayConnection, params: Params): true {
    const topic = this.#topic(params, 'topic')
    if (params.id !== undefined && typeof params.id !== 'string') throw invalidParams('"id" must be a string')
    this.#unsubscribe(connection, topic)
    return true
  }

  #onBatchUnsubscribe(connection: RelayConnection, params: Params): true {
    const topics = batchEntries(params, 'subscriptions', relayLimits.maxBatchTopics, 'subscription', '{ topic, id }').map((entry) => this.#topic(entry, 'topic'))
    for (const topic of topics) this.#unsubscribe(connection, topic)
    return true
  }

  async #onPublish(connection: RelayConnection, params: Params): Promise<true> {
    await this.#publish(connection, [this.#publishParams(params)])
    return true
  }

  async #onBatchPublish(connection: RelayConnection, params: Params): Promise<true> {
    const all = batchEntries(params, 'messages', relayLimits.maxBatchPublish, 'message', '{ topic, message, ttl }').map((entry) => this.#publishParams(entry))
    await this.#publish(connection, all)
    return true
  }

  /** Subscribes the proposer to the pairing topic and publishes the proposal on it. */
  async #onProposeSession(connection: RelayConnection, params: Params, after: After): Promise<true> {
    const pairingTopic = this.#topic(params, 'pairingTopic')
    const sessionProposal = this.#message(params, 'sessionProposal')
    const ttlSeconds = this.#ttl(params, DEFAULT_SESSION_TTL_SECONDS)
    const attestation = this.#attestation(params)
    this.#subscribe(connection, [pairingTopic], after)
    await this.#publish(connection, [
      { topic: pairingTopic, message: sessionProposal, ttlSeconds, tag: TAG_SESSION_PROPOSE, attestation },
    ])
    return true
  }

  /**
   * Subscribes the approver to the session topic, then publishes the proposal response on the
   * pairing topic and the settle request on the session topic.
   */
  async #onApproveSession(connection: RelayConnection, params: Params, after: After): Promise<true> {
    const sessionTopic = this.#topic(params, 'sessionTopic')
    const pairingTopic = this.#topic(params, 'pairingTopic')
    const response = this.#message(params, 'sessionProposalResponse')
    const settle = this.#message(params, 'sessionSettlementRequest')
    const ttlSeconds = this.#ttl(params, DEFAULT_SESSION_TTL_SECONDS)
    const attestation = this.#attestation(params)
    this.#subscribe(connection, [sessionTopic], after)
    await this.#publish(connection, [
      { topic: pairingTopic, message: response, ttlSeconds, tag: TAG_SESSION_PROPOSE_RESPONSE, attestation },
      { topic: sessionTopic, message: settle, ttlSeconds, tag: TAG_SESSION_SETTLE, attestation },
    ])
    return true
  }

  // ---------- subscriptions and delivery ---------- //

  #subscribe(connection: RelayConnection, topics: string[], after: After): void {
    const fresh = topics.filter((topic) => !connection.topics.has(topic))
    if (connection.topics.size + new Set(fresh).size > relayLimits.maxSubscriptionsPerClient) {
      throw new RelayRpcError(
        -32005,
        `Too many subscriptions: at most ${relayLimits.maxSubscriptionsPerClient} topics per client`,
      )
    }
    for (const topic of topics) {
      connection.topics.add(topic)
      let set = this.#subscribers.get(topic)
      if (!set) {
        set = new Set()
        this.#subscribers.set(topic, set)
      }
      set.add(connection)
    }
    // Stored messages follow the subscribe response.
    after.push(async () => {
      await this.#mailbox.deleteExpired()
      for (const topic of topics) {
        if (!connection.topics.has(topic)) continue
        for (const message of await this.#mailbox.pending(topic, connection.clientId, relayLimits.maxStoredPerTopic)) {
          this.#deliver(connection, message)
        }
      }
    })
  }

  #unsubscribe(connection: RelayConnection, topic: string): void {
    connection.awaitedUnsubscribes.delete(topic)
    connection.topics.delete(topic)
    this.#removeSubscriber(topic, connection)
  }

  #removeSubscriber(topic: string, connection: RelayConnection): void {
    const set = this.#subscribers.get(topic)
    if (!set) return
    set.delete(connection)
    if (set.size === 0) this.#subscribers.delete(topic)
  }

  async #publish(connection: RelayConnection, messages: PublishEntry[]): Promise<void> {
    const { counts, usage } = await this.#mailbox.quota(
      messages.map((entry) => entry.topic),
      connection.clientId,
    )
    for (const { topic } of messages) {
      const count = (counts.get(topic) ?? 0) + 1
      counts.set(topic, count)
      if (count > relayLimits.maxStoredPerTopic) {
        throw new RelayRpcError(
          -32005,
          `Mailbox full: at most ${relayLimits.maxStoredPerTopic} unacknowledged messages per topic`,
        )
      }
    }
    // The publisher's quota: its unacknowledged, unexpired messages across all topics.
    const bytes = messages.reduce((sum, entry) => sum + Buffer.byteLength(entry.message), 0)
    if (usage.messages + messages.length > relayLimits.maxStoredPerClient || usage.bytes + bytes > relayLimits.maxStoredBytesPerClient) {
      throw new RelayRpcError(
        -32005,
        `Mailbox quota exceeded: at most ${relayLimits.maxStoredPerClient} unacknowledged messages (${relayLimits.maxStoredBytesPerClient} bytes) per client`,
      )
    }
    // Stored first, all or nothing; a message already stored (a retried publish) is not pushed again.
    const stored = await this.#mailbox.storeAll(messages.map((entry) => ({ ...entry, publisher: connection.clientId })))
    if (stored.length > 0) this.#observe('published', stored.length)
    for (const { topic, tag } of messages) if (DELETE_TAGS.has(tag)) awaitUnsubscribe(connection, topic)
    for (const message of stored) this.#deliverToSubscribers(message)
    // Not awaited: one Redis connection keeps the publishes in order, and a failed one leaves the
    // messages in the mailbox for the other instances' subscribers' next subscribe.
    if (this.#fanout && stored.length > 0) this.#fanout.publish(stored).catch(() => undefined)
  }

  /** Pushes a stored message to this instance's subscribers of its topic, except its publisher. */
  #deliverToSubscribers(message: RelayStoredMessage): void {
    if (this.#closed) return
    for (const subscriber of this.#subscribers.get(message.topic) ?? []) {
      if (subscriber.clientId !== message.publisher) this.#deliver(subscriber, message)
    }
  }

  #deliver(connection: RelayConnection, message: RelayStoredMessage): void {
    if (connection.inFlightRows.has(message.rowId)) return
    if (connection.inFlight.size >= relayLimits.maxInFlightPerClient) return
    if (connection.socket.readyState !== OPEN) return
    if (DELETE_TAGS.has(message.tag)) awaitUnsubscribe(connection, message.topic)
    const pushId = this.#nextPushId()
    connection.inFlight.set(pushId, message.rowId)
    connection.inFlightRows.add(message.rowId)
    const params = {
      id: subscriptionId(message.topic, connection.clientId),
      data: { topic: message.topic, message: message.message, publishedAt: message.publishedAt, attestation: message.attestation },
    }
    this.#send(connection, `{"id":${pushId},"jsonrpc":"2.0","method":"irn_subscription","params":${JSON.stringify(params)}}`)
    this.#observe('delivered', 1)
  }

  /** Returns (and removes) stored messages on `topics` that the caller did not publish. */
  async #fetch(connection: RelayConnection, topics: string[]): Promise<{ messages: unknown[]; hasMore: boolean }> {
    const messages: unknown[] = []
    let hasMore = false
    for (const topic of topics) {
      const room = relayLimits.fetchPageSize - messages.length
      const rows = await this.#mailbox.pending(topic, connection.clientId, room + 1)
      if (rows.length > room) hasMore = true
      for (const row of rows.slice(0, room)) {
        messages.push({ topic: row.topic, message: row.message, publishedAt: row.publishedAt, attestation: row.attestation })
        await this.#mailbox.delete(row.rowId)
      }
      if (hasMore) break
    }
    return { messages, hasMore }
  }

  /** A 19-digit push id, unique and increasing: milliseconds × 10^6, bumped on collision. */
  #nextPushId(): string {
    let id = BigInt(Date.now()) * 1_000_000n
    if (id <= this.#lastPushId) id = this.#lastPushId + 1n
    this.#lastPushId = id
    return id.toString()
  }
}
