import type { JsonRpcProvider } from '@polkadot-api/ws-provider'
import { PolkadotRpcRequestError } from '../errors.js'
import { loadPolkadotPeer } from '../peers.js'

/** A `WebSocket` constructor: the page's own, or in Node one such as the `ws` package's. */
export type PolkadotWebSocketClass = typeof globalThis.WebSocket

type Waiting = { method: string; resolve: (value: unknown) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }
/** One open websocket to a node: requests matched to answers by id. */
type Socket = { request(method: string, params: unknown[], timeoutMs: number): Promise<unknown>; close(): void; failed: () => boolean }

const sockets = new Map<string, Socket>()
let nextId = 1

function open(url: string, WebSocketClass: PolkadotWebSocketClass, getWsProvider: (url: string, config: object) => JsonRpcProvider): Socket {
  const waiting = new Map<string, Waiting>()
  let everConnected = false
  let failed = false
  const failAll = (message: string) => {
    for (const [id, entry] of waiting) {
      clearTimeout(entry.timer)
      waiting.delete(id)
      entry.reject(new PolkadotRpcRequestError({ method: entry.method, message }))
    }
  }
  const provider = getWsProvider(url, {
    websocketClass: WebSocketClass,
    timeout: 10_000,
    onStatusChanged: (status: { type: string }) => {
      if (status.type === 'CONNECTED') everConnected = true
      // Never reached: the requests fail now (the plugin may try HTTP) instead of waiting out the provider's retries.
      if (status.type === 'ERROR' && !everConnected) {
        failed = true
        failAll(`cannot open a websocket to ${url}`)
      }
    },
  })
  const connection = provider((message) => {
    const answer = message as { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
    const id = typeof answer.id === 'string' || typeof answer.id === 'number' ? String(answer.id) : undefined
    const entry = id === undefined ? undefined : waiting.get(id)
    if (!entry || id === undefined) return
    clearTimeout(entry.timer)
    waiting.delete(id)
    if (answer.error) {
      const data = answer.error.data === undefined ? '' : ` ${typeof answer.error.data === 'string' ? answer.error.data : JSON.stringify(answer.error.data)}`
      entry.reject(new PolkadotRpcRequestError({ method: entry.method, message: `${String(answer.error.message ?? 'error')}${data}`, ...(typeof answer.error.code === 'number' ? { code: answer.error.code } : {}) }))
    } else if (!('result' in answer)) {
      entry.reject(new PolkadotRpcRequestError({ method: entry.method, message: 'no result' }))
    } else {
      entry.resolve(answer.result)
    }
  })
  return {
    failed: () => failed,
    request: (method, params, timeoutMs) =>
      new Promise((resolve, reject) => {
        if (failed) return reject(new PolkadotRpcRequestError({ method, message: `cannot open a websocket to ${url}` }))
        const id = `portico-${nextId++}`
        const timer = setTimeout(() => {
          waiting.delete(id)
          reject(new PolkadotRpcRequestError({ method, message: `no answer from ${url} within ${timeoutMs / 1000} s` }))
        }, timeoutMs)
        waiting.set(id, { method, resolve, reject, timer })
        connection.send({ jsonrpc: '2.0', id, method, params })
      }),
    close() {
      failAll('the connection was closed')
      connection.disconnect()
    },
  }
}

/**
 * One JSON-RPC call over a websocket to a Substrate node, through polkadot-api's websocket provider
 * (`@polkadot-api/ws-provider`, loaded with `await import()` on the first call): one connection
 * per endpoint, kept open for the page's later calls, reconnected by the provider when it drops.
 * A connection that never opens fails its calls at once (so the caller can fall back to HTTP).
 *
 * @returns the result
 * @throws PolkadotRpcRequestError when the node answers an error, nothing in time, or cannot be reached
 * @example
 * await callPolkadotWebSocket({ url: 'wss://polkadot-asset-hub-rpc.polkadot.io', method: 'chain_getBlockHash', params: [0], WebSocket })
 */
export async function callPolkadotWebSocket<T>({ url, method, params, WebSocket: WebSocketClass, timeoutMs = 20_000 }: { url: string; method: string; params: unknown[]; WebSocket: PolkadotWebSocketClass; timeoutMs?: number }): Promise<T> {
  let socket = sockets.get(url)
  if (!socket || socket.failed()) {
    socket?.close()
    const { getWsProvider } = await loadPolkadotPeer(() => import('@polkadot-api/ws-provider'))
    socket = sockets.get(url)
    if (!socket || socket.failed()) {
      socket = open(url, WebSocketClass, getWsProvider as unknown as (url: string, config: object) => JsonRpcProvider)
      sockets.set(url, socket)
    }
  }
  return (await socket.request(method, params, timeoutMs)) as T
}

/**
 * Closes every websocket this module opened (a test's or a host's cleanup; pages keep theirs).
 *
 * @example
 * closePolkadotWebSockets()
 */
export function closePolkadotWebSockets(): void {
  for (const socket of sockets.values()) socket.close()
  sockets.clear()
}
