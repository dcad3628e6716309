export type RpcCall = { method: string; params: unknown[] }
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; code: number; message: string }

export type CallRpcBatchParameters = {
  url: string
  calls: readonly RpcCall[]
  /** Per request, in ms (default 10 s). */
  timeoutMs?: number
  /** Aborts the request early (the indexer aborts on close). */
  signal?: AbortSignal
}

let nextId = 1

/**
 * Sends JSON-RPC calls to a node as one batch and returns one outcome per call, in order. A call
 * the node answers with an error is an `{ ok: false }` outcome; a transport failure, a non-2xx
 * answer or a malformed body throws, so the caller never mistakes a broken node for data.
 *
 * @param parameters - the node URL, the calls and a time-out
 * @returns the outcomes, in the order of `calls`
 * @throws Error when the node cannot be reached or answers something that is not JSON-RPC
 * @example
 * const [head] = await callRpcBatch({ url, calls: [{ method: 'eth_blockNumber', params: [] }] })
 */
export async function callRpcBatch({ url, calls, timeoutMs = 10_000, signal }: CallRpcBatchParameters): Promise<RpcOutcome[]> {
  if (calls.length === 0) return []
  const first = nextId
  nextId += calls.length
  if (nextId > 2 ** 52) nextId = 1
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, i) => ({ jsonrpc: '2.0', id: first + i, method: call.method, params: call.params }))),
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) throw new Error(`the node answered HTTP ${response.status}`)
  const body = (await response.json()) as unknown
  const answers = Array.isArray(body) ? body : [body]
  const byId = new Map<number, RpcOutcome>()
  for (const answer of answers) {
    if (typeof answer !== 'object' || answer === null) continue
    const { id, result, error } = answer as { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } }
    if (typeof id !== 'number') continue
    if (error && typeof error === 'object') {
      byId.set(id, { ok: false, code: typeof error.code === 'number' ? error.code : -32603, message: String(error.message ?? 'error').slice(0, 300) })
    } else if (result !== undefined) byId.set(id, { ok: true, result })
  }
  return calls.map((call, i) => {
    const outcome = byId.get(first + i)
    if (!outcome) throw new Error(`the node gave no answer to ${call.method}`)
    return outcome
  })
}
