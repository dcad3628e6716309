import { HttpRequestError, ProviderRpcError, type BaseError } from '../../../kernel/kernel.js'

/**
 * A failed node request as the kernel's error: `HttpRequestError` when no node could be reached
 * or none answered in time (viem's `HttpRequestError` or `TimeoutError`, with its URL and
 * status), else `ProviderRpcError` with the node's JSON-RPC code.
 *
 * @example
 * toRpcError(caught) // ProviderRpcError { code: -32005 }
 */
export function toRpcError(error: unknown): BaseError {
  const e = error as { name?: unknown; url?: unknown; status?: unknown } | null
  if (e && (e.name === 'HttpRequestError' || e.name === 'TimeoutError')) {
    return new HttpRequestError({ url: String(e.url ?? ''), ...(typeof e.status === 'number' ? { status: e.status } : {}), cause: error })
  }
  return ProviderRpcError.from(error)
}
