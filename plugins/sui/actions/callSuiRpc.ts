import type { Network } from '../../../kernel/kernel.js'
import { SuiRpcRequestError } from '../errors.js'

let nextId = 1

/**
 * One call to a Sui network's full-node JSON-RPC (its first `rpcUrls.default.http`).
 *
 * @returns the result
 * @throws SuiRpcRequestError when the node fails or answers an error
 * @example
 * await callSuiRpc({ network, method: 'suix_getBalance', params: [address] })
 */
export async function callSuiRpc<T>({ network, method, params, fetch = globalThis.fetch }: { network: Network; method: string; params: unknown[]; fetch?: typeof globalThis.fetch | undefined }): Promise<T> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new SuiRpcRequestError({ method, message: `${network.name} has no RPC URL` })
  let body: { result?: T; error?: { code?: number; message?: string } }
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(15_000),
    })
    body = (await response.json()) as typeof body
  } catch (cause) {
    throw new SuiRpcRequestError({ method, message: (cause as Error).message ?? 'no answer', cause })
  }
  if (body?.error) throw new SuiRpcRequestError({ method, message: String(body.error.message ?? 'error'), ...(typeof body.error.code === 'number' ? { code: body.error.code } : {}) })
  if (body?.result === undefined) throw new SuiRpcRequestError({ method, message: 'no result' })
  return body.result
}
