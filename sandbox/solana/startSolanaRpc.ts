import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { LiteSVM } from 'litesvm'
import { type WebSocket, WebSocketServer } from 'ws'

import { InvalidDevnetParameterError, PortInUseError } from '../devnets/errors.js'
import { type SolanaLedger, createSolanaLedger } from './createSolanaLedger.js'
import { type SolanaRpcMethods, createSolanaRpcMethods } from './createSolanaRpcMethods.js'
import { SolanaRpcError } from './SolanaRpcError.js'

/** A running LiteSVM-backed Solana JSON-RPC: HTTP and WebSocket on one port of 127.0.0.1. */
export type SolanaRpc = {
  port: number
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string
  /** `ws://127.0.0.1:<port>`, for `signatureSubscribe`, `slotSubscribe` and `accountSubscribe`. */
  wsUrl: string
  /** The VM behind it. Send transactions through the RPC, so that they are recorded and notified. */
  svm: LiteSVM
  /** Closes every connection and the port; calling it twice is harmless. */
  stop(): Promise<void>
}

export type StartSolanaRpcParameters = {
  /** The port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number
}
export type StartSolanaRpcReturnType = SolanaRpc
export type StartSolanaRpcErrorType = PortInUseError | InvalidDevnetParameterError

const maxBodyBytes = 1024 * 1024
const maxBatch = 100
const maxSubscriptionsPerSocket = 1_000

type JsonRpcId = string | number | null
type JsonRpcResponse = { jsonrpc: '2.0'; id: JsonRpcId; result?: unknown; error?: unknown }

/** JSON with bigints written as plain numbers, as Solana's RPC writes u64 values. */
function stringify(value: unknown): string {
  const marker = `__bigint_${Math.random().toString(36).slice(2)}__`
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v.toString()}` : v))
  return text.replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1')
}

function errorResponse(id: JsonRpcId, error: SolanaRpcError): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: error.toJSON() }
}

function isId(value: unknown): value is JsonRpcId | undefined {
  return value === undefined || value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** Answers one request object; undefined for a notification (no `id`). */
async function answerOne(methods: SolanaRpcMethods, request: unknown): Promise<JsonRpcResponse | undefined> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, new SolanaRpcError(-32600, 'Invalid request'))
  }
  const { jsonrpc, id, method, params } = request as Record<string, unknown>
  if (!isId(id)) return errorResponse(null, new SolanaRpcError(-32600, 'Invalid request: id must be a string, a number or null'))
  const replyId: JsonRpcId = id === undefined ? null : id
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return errorResponse(replyId, new SolanaRpcError(-32600, 'Invalid request: expected { "jsonrpc": "2.0", "method": string }'))
  }
  try {
    if (params !== undefined && !Array.isArray(params)) throw new SolanaRpcError(-32602, 'Invalid params: params must be an array')
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) throw new SolanaRpcError(-32601, `Method not found: ${method.slice(0, 64)}`)
    const result = await handler((params as unknown[] | undefined) ?? [])
    return id === undefined ? undefined : { jsonrpc: '2.0', id: replyId, result }
  } catch (error) {
    if (id === undefined) return undefined
    if (error instanceof SolanaRpcError) return errorResponse(replyId, error)
    return errorResponse(replyId, new SolanaRpcError(-32603, `Internal error: ${(error as Error)?.message ?? String(error)}`))
  }
}

/** Answers a parsed body: one request or a batch. */
async function answer(methods: SolanaRpcMethods, payload: unknown): Promise<unknown> {
  if (!Array.isArray(payload)) return answerOne(methods, payload)
  if (payload.length === 0) return errorResponse(null, new SolanaRpcError(-32600, 'Invalid request: empty batch'))
  if (payload.length > maxBatch) {
    return errorResponse(null, new SolanaRpcError(-32600, `Invalid request: a batch holds at most ${maxBatch} requests`))
  }
  const responses = await Promise.all(payload.map((request) => answerOne(methods, request)))
  const present = responses.filter((r) => r !== undefined)
  return present.length > 0 ? present : undefined
}

function setCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
  const asked = request.headers['access-control-request-headers']
  response.setHeader('access-control-allow-headers', typeof asked === 'string' && asked.length < 1000 ? asked : 'content-type')
  response.setHeader('access-control-max-age', '86400')
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = stringify(body)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
  response.end(text)
}

function handleHttp(methods: SolanaRpcMethods, request: IncomingMessage, response: ServerResponse): void {
  setCors(request, response)
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end()
    return
  }
  if (request.method === 'GET' && request.url?.split('?')[0] === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { 'content-type': 'text/plain', allow: 'POST, OPTIONS' })
    response.end('Used HTTP Method is not allowed. POST or OPTIONS is required')
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = false
  request.on('data', (chunk: Buffer) => {
    if (tooLarge) return
    size += chunk.length
    if (size > maxBodyBytes) {
      tooLarge = true
      chunks.length = 0
      response.setHeader('connection', 'close')
      send(response, 413, errorResponse(null, new SolanaRpcError(-32600, `Request body larger than ${maxBodyBytes} bytes`)))
      request.resume()
      return
    }
    chunks.push(chunk)
  })
  request.on('error', () => response.destroy())
  request.on('end', () => {
    if (tooLarge) return
    let payload: unknown
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      send(response, 200, errorResponse(null, new SolanaRpcError(-32700, 'Parse error: the body is not valid JSON')))
      return
    }
    answer(methods, payload).then(
      (body) => {
        if (body === undefined) response.writeHead(200).end()
        else send(response, 200, body)
      },
      (error: unknown) => send(response, 200, errorResponse(null, new SolanaRpcError(-32603, `Internal error: ${String(error)}`))),
    )
  })
}

/** Serves `signatureSubscribe`, `slotSubscribe`, `accountSubscribe` and their unsubscribes on one socket. */
function handleSocket(ledger: SolanaLedger, methods: SolanaRpcMethods, socket: WebSocket, nextId: () => number): void {
  const subscriptions = new Map<number, () => void>()
  const reply = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(stringify(message))
  }
  socket.on('close', () => {
    for (const unsubscribe of subscriptions.values()) unsubscribe()
    subscriptions.clear()
  })
  socket.on('error', () => socket.terminate())
  socket.on('message', (raw, isBinary) => {
    let request: unknown
    try {
      request = JSON.parse(isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString())
    } catch {
      reply(errorResponse(null, new SolanaRpcError(-32700, 'Parse error: the message is not valid JSON')))
      return
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      reply(errorResponse(null, new SolanaRpcError(-32600, 'Invalid request')))
      return
    }
    const { jsonrpc, id, method, params } = request as Record<string, unknown>
    if (!isId(id)) {
      reply(errorResponse(null, new SolanaRpcError(-32600, 'Invalid request: id must be a string, a number or null')))
      return
    }
    const replyId: JsonRpcId = id === undefined ? null : id
    // A notification (no id), such as a client's keep-alive "ping", gets no answer.
    if (id === undefined) return
    if (jsonrpc !== '2.0' || typeof method !== 'string') {
      reply(errorResponse(replyId, new SolanaRpcError(-32600, 'Invalid request: expected { "jsonrpc": "2.0", "method": string }')))
      return
    }
    const list = params === undefined ? [] : params
    if (!Array.isArray(list)) {
      reply(errorResponse(replyId, new SolanaRpcError(-32602, 'Invalid params: params must be an array')))
      return
    }
    const fail = (code: number, message: string) => reply(errorResponse(replyId, new SolanaRpcError(code, message)))

    switch (method) {
      case 'signatureSubscribe': {
        const [signature, config] = list as [unknown, unknown]
        if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature)) {
          return fail(-32602, 'Invalid params: the signature must be a base-58 transaction signature')
        }
        if (config !== undefined && (typeof config !== 'object' || config === null || Array.isArray(config))) {
          return fail(-32602, 'Invalid params: config must be an object')
        }
        if (subscriptions.size >= maxSubscriptionsPerSocket) return fail(-32602, 'Invalid params: too many subscriptions on this socket')
        const subscription = nextId()
        reply({ jsonrpc: '2.0', id: replyId, result: subscription })
        // Registered after the answer, so an already landed signature is notified right after it.
        let done = false
        const unsubscribe = ledger.onSignature(signature, (landed) => {
          done = true
          subscriptions.delete(subscription)
          reply({
            jsonrpc: '2.0',
            method: 'signatureNotification',
            params: { result: { context: { slot: landed.slot }, value: { err: landed.err } }, subscription },
          })
        })
        if (!done) subscriptions.set(subscription, unsubscribe)
        return
      }
      case 'slotSubscribe': {
        if (subscriptions.size >= maxSubscriptionsPerSocket) return fail(-32602, 'Invalid params: too many subscriptions on this socket')
        const subscription = nextId()
        reply({ jsonrpc: '2.0', id: replyId, result: subscription })
        subscriptions.set(
          subscription,
          ledger.onSlot((slot) =>
            reply({
              jsonrpc: '2.0',
              method: 'slotNotification',
              params: { result: { parent: slot - 1n, root: slot, slot }, subscription },
            }),
          ),
        )
        return
      }
      case 'accountSubscribe': {
        const [key, config] = list as [unknown, unknown]
        const read = () => methods.getAccountInfo?.([key, config]) as { context: { slot: bigint }; value: unknown }
        let last: string
        try {
          last = stringify(read().value) // also validates the address and the config
        } catch (error) {
          if (error instanceof SolanaRpcError) return fail(error.code, error.message)
          throw error
        }
        if (subscriptions.size >= maxSubscriptionsPerSocket) return fail(-32602, 'Invalid params: too many subscriptions on this socket')
        const subscription = nextId()
        reply({ jsonrpc: '2.0', id: replyId, result: subscription })
        subscriptions.set(
          subscription,
          ledger.onLanded((landed) => {
            if (!landed.message.staticAccounts.includes(key as never)) return
            const current = read()
            const text = stringify(current.value)
            if (text === last) return
            last = text
            reply({ jsonrpc: '2.0', method: 'accountNotification', params: { result: current, subscription } })
          }),
        )
        return
      }
      case 'signatureUnsubscribe':
      case 'slotUnsubscribe':
      case 'accountUnsubscribe': {
        const [subscription] = list
        if (typeof subscription !== 'number' || !subscriptions.has(subscription)) {
          return fail(-32602, 'Invalid subscription id.')
        }
        subscriptions.get(subscription)?.()
        subscriptions.delete(subscription)
        reply({ jsonrpc: '2.0', id: replyId, result: true })
        return
      }
      default:
        return fail(-32601, `Method not found: ${method.slice(0, 64)}`)
    }
  })
}

/**
 * Starts a Solana JSON-RPC backed by LiteSVM on 127.0.0.1: HTTP and WebSocket on one port, CORS on.
 * It speaks the methods a wallet and a dApp need (balances, accounts, SPL token accounts,
 * blockhashes, fees, airdrops, send / simulate / status / get transaction) in Solana's response
 * shapes, and the `signatureSubscribe`, `slotSubscribe` and `accountSubscribe` subscriptions. Finality is instant and
 * the slot advances by one per landed transaction. Malformed input gets a JSON-RPC error.
 *
 * @param parameters - `port` (0 or undefined picks a free one).
 * @returns The URLs, the VM and `stop()`.
 * @throws PortInUseError when the port is taken.
 * @example
 * const solana = await startSolanaRpc()
 * const rpc = createSolanaRpc(solana.rpcUrl)
 * await solana.stop()
 */
export async function startSolanaRpc(parameters: StartSolanaRpcParameters = {}): Promise<StartSolanaRpcReturnType> {
  const port = parameters?.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidDevnetParameterError({ message: `startSolanaRpc: port must be an integer from 0 to 65535, got ${String(port)}` })
  }
  const ledger = await createSolanaLedger()
  const methods = createSolanaRpcMethods(ledger)
  let subscriptionCounter = 0
  const nextId = () => (subscriptionCounter = (subscriptionCounter + 1) % Number.MAX_SAFE_INTEGER)

  const server = createServer((request, response) => handleHttp(methods, request, response))
  const sockets = new WebSocketServer({ noServer: true, maxPayload: maxBodyBytes })
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy())
    sockets.handleUpgrade(request, socket, head, (ws) => handleSocket(ledger, methods, ws, nextId))
  })
  server.on('clientError', (_error, socket) => socket.destroy())

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError({ port, what: 'the Solana RPC', cause: error })
          : error,
      )
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, '127.0.0.1')
  }).catch((error: unknown) => {
    ledger.close()
    throw error
  })

  const actualPort = (server.address() as AddressInfo).port
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      ledger.close()
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      server.close(() => resolve())
      server.closeAllConnections()
    })
    return stopping
  }

  return {
    port: actualPort,
    rpcUrl: `http://127.0.0.1:${actualPort}`,
    wsUrl: `ws://127.0.0.1:${actualPort}`,
    svm: ledger.svm,
    stop,
  }
}
