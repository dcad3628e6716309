import type { Network } from '../../../kernel/kernel.js'
import { PolkadotRpcRequestError } from '../errors.js'
import type { PolkadotWebSocketClass } from './polkadotWebSocketRpc.js'

export type { PolkadotWebSocketClass }

let nextId = 1

/**
 * One call to a Substrate node's JSON-RPC: over a websocket to the network's first
 * `rpcUrls.default.webSocket` when there is one and a `WebSocket` class (the page's, or one given),
 * through polkadot-api's websocket provider; else, or when that websocket cannot be opened, over
 * HTTP to the first `rpcUrls.default.http` (a site's own proxy, or the Portico server's `/v1/rpc`).
 *
 * @returns the result
 * @throws PolkadotRpcRequestError when the node fails or answers an error
 * @example
 * await callPolkadotRpc({ network, method: 'chain_getBlockHash', params: [0] })
 */
export async function callPolkadotRpc<T>({
  network,
  method,
  params,
  fetch = globalThis.fetch,
  WebSocket = globalThis.WebSocket,
}: {
  network: Network
  method: string
  params: unknown[]
  fetch?: typeof globalThis.fetch | undefined
  WebSocket?: PolkadotWebSocketClass | undefined
}): Promise<T> {
  const url = network.rpcUrls.default.http[0]
  const socketUrl = network.rpcUrls.default.webSocket?.[0]
  if (socketUrl && typeof WebSocket === 'function') {
    const { callPolkadotWebSocket } = await import('./polkadotWebSocketRpc.js')
    try {
      return await callPolkadotWebSocket<T>({ url: socketUrl, method, params, WebSocket })
    } catch (error) {
      // Only a websocket that cannot be opened falls back to HTTP; a node's answer (an error too) stands.
      if (!url || !(error instanceof PolkadotRpcRequestError) || !/cannot open a websocket/.test(error.message)) throw error
    }
  }
  if (!url) throw new PolkadotRpcRequestError({ method, message: `${network.name} has no RPC URL${socketUrl ? ' this page can reach (no WebSocket here, and no HTTP endpoint)' : ''}` })
  let body: { result?: T; error?: { code?: number; message?: string; data?: unknown } }
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(20_000),
    })
    body = (await response.json()) as typeof body
  } catch (cause) {
    throw new PolkadotRpcRequestError({ method, message: (cause as Error).message ?? 'no answer', cause })
  }
  if (body?.error) {
    const data = body.error.data === undefined ? '' : ` ${typeof body.error.data === 'string' ? body.error.data : JSON.stringify(body.error.data)}`
    throw new PolkadotRpcRequestError({ method, message: `${String(body.error.message ?? 'error')}${data}`, ...(typeof body.error.code === 'number' ? { code: body.error.code } : {}) })
  }
  if (body?.result === undefined) throw new PolkadotRpcRequestError({ method, message: 'no result' })
  return body.result
}
