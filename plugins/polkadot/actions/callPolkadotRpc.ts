import type { Network } from '../../../kernel/kernel.js'
import { PolkadotRpcRequestError } from '../errors.js'

let nextId = 1

/**
 * One call to a Substrate node's JSON-RPC over HTTP (the network's first `rpcUrls.default.http`;
 * a site's own proxy, or the Portico server's `/v1/rpc`).
 *
 * @returns the result
 * @throws PolkadotRpcRequestError when the node fails or answers an error
 * @example
 * await callPolkadotRpc({ network, method: 'chain_getBlockHash', params: [0] })
 */
export async function callPolkadotRpc<T>({ network, method, params, fetch = globalThis.fetch }: { network: Network; method: string; params: unknown[]; fetch?: typeof globalThis.fetch | undefined }): Promise<T> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new PolkadotRpcRequestError({ method, message: `${network.name} has no RPC URL` })
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
