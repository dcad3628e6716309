import type { Network } from '../../../kernel/kernel.js'
import { SolanaRpcRequestError } from '../errors.js'

export type CallSolanaRpcParameters = {
  network: Network
  method: string
  params: unknown[]
  fetch?: typeof fetch | undefined
  /** Default 30 s. */
  timeoutMs?: number
}

let nextId = 1

/**
 * Calls one Solana JSON-RPC method on the network's first RPC URL.
 *
 * @returns the `result`
 * @throws SolanaRpcRequestError on an HTTP error, a JSON-RPC error or a malformed answer
 * @example
 * const { value } = await callSolanaRpc<{ value: number }>({ network, method: 'getBalance', params: [address] })
 */
export async function callSolanaRpc<T>({ network, method, params, fetch: fetchFn = globalThis.fetch, timeoutMs = 30_000 }: CallSolanaRpcParameters): Promise<T> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new SolanaRpcRequestError({ method, message: `the network ${network.caipNetworkId} has no RPC URL` })
  let response: Response
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (cause) {
    throw new SolanaRpcRequestError({ method, message: (cause as Error)?.message ?? 'the request failed', cause })
  }
  let body: { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } }
  try {
    body = (await response.json()) as typeof body
  } catch (cause) {
    throw new SolanaRpcRequestError({ method, message: `HTTP ${response.status}, not JSON`, cause })
  }
  if (body?.error) {
    const code = typeof body.error.code === 'number' ? body.error.code : undefined
    throw new SolanaRpcRequestError({ method, message: typeof body.error.message === 'string' ? body.error.message : 'error', ...(code !== undefined ? { code } : {}), cause: body.error })
  }
  if (!response.ok) throw new SolanaRpcRequestError({ method, message: `HTTP ${response.status}` })
  if (!body || !('result' in body)) throw new SolanaRpcRequestError({ method, message: 'the answer has no result' })
  return body.result as T
}
