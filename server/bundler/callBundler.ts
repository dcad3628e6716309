import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'

/** A bundler's JSON-RPC answer to one request: a result or its own error. */
export type BundlerAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/**
 * Posts one JSON-RPC request to a bundler and reads its answer. Throws when the bundler cannot be
 * reached, is slower than `timeoutMs` (default `upstreamTimeoutMs`), or answers anything but a JSON-RPC 2.0 response
 * (the route turns that into `-32603`).
 *
 * @param url the bundler's URL
 * @param request the JSON-RPC request (forwarded as is)
 * @param timeoutMs how long the call may take
 * @returns the result, or the bundler's own error (passed through unchanged)
 * @example
 * await callBundler('http://127.0.0.1:4712', { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] })
 */
export async function callBundler(url: string, request: { jsonrpc: '2.0'; id?: unknown; method: string; params?: unknown }, timeoutMs = upstreamTimeoutMs): Promise<BundlerAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...request, id: request.id ?? 1 }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`the bundler answered HTTP ${response.status} with no JSON`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('the bundler answered something other than a JSON-RPC response')
  const { result, error } = body as { result?: unknown; error?: unknown }
  if (error !== undefined) {
    const e = error as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof e !== 'object' || e === null || typeof e.code !== 'number' || typeof e.message !== 'string') throw new Error('the bundler answered a malformed error')
    return { error: { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) } }
  }
  if (!('result' in (body as object))) throw new Error('the bundler answered neither a result nor an error')
  return { result }
}
