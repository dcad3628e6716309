import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'

/**
 * GETs a path of a Stacks API (node API `/v2/…` or blockchain API `/extended/v1/…`) and returns its JSON.
 *
 * @throws when the API does not answer within `timeoutMs`, answers an HTTP error or not JSON
 * @example
 * await callStacksApi(chain.rpcUrl, `/extended/v1/address/${address}/balances`)
 */
export async function callStacksApi<T>(baseUrl: string, path: string, timeoutMs = upstreamTimeoutMs): Promise<T> {
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
  if (!response.ok) throw new Error(`${path.split('?')[0]}: HTTP ${response.status}`)
  return (await response.json()) as T
}
