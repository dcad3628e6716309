/** One JSON-RPC 2.0 request. */
export type JsonRpcRequest = {
  jsonrpc: '2.0'
  method: string
  params?: unknown[] | Record<string, unknown>
  id?: string | number | null
}

export type ParseJsonRpcBodyReturnType =
  | { ok: true; batch: boolean; requests: JsonRpcRequest[] }
  | { ok: false; code: -32700 | -32600; message: string }

/** Most requests one batch may carry (spec §9). */
export const maxBatchSize = 1000

function problemOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a request must be a JSON object'
  const r = value as Record<string, unknown>
  if (r.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"'
  if (typeof r.method !== 'string' || r.method.length === 0 || r.method.length > 128) return 'method must be a non-empty string'
  if (r.params !== undefined && (typeof r.params !== 'object' || r.params === null)) return 'params must be an array or an object'
  if (r.id !== undefined && r.id !== null && typeof r.id !== 'string' && typeof r.id !== 'number') {
    return 'id must be a string, a number or null'
  }
  if (typeof r.id === 'string' && r.id.length > 128) return 'id is too long'
  return undefined
}

/**
 * Parses and checks a JSON-RPC body: one request or a batch of 1 to 1000.
 *
 * @param text - the raw request body
 * @returns the requests, or the JSON-RPC error code and message (-32700 parse error, -32600 invalid request)
 * @example
 * parseJsonRpcBody('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')
 */
export function parseJsonRpcBody(text: string): ParseJsonRpcBodyReturnType {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, code: -32700, message: 'Parse error: the body is not valid JSON' }
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { ok: false, code: -32600, message: 'Invalid request: empty batch' }
    if (value.length > maxBatchSize) return { ok: false, code: -32600, message: `Invalid request: a batch holds at most ${maxBatchSize} requests` }
    for (const [index, item] of value.entries()) {
      const problem = problemOf(item)
      if (problem) return { ok: false, code: -32600, message: `Invalid request at index ${index}: ${problem}` }
    }
    return { ok: true, batch: true, requests: value as JsonRpcRequest[] }
  }
  const problem = problemOf(value)
  if (problem) return { ok: false, code: -32600, message: `Invalid request: ${problem}` }
  return { ok: true, batch: false, requests: [value as JsonRpcRequest] }
}
