import { HttpRequestError, ProviderRpcError } from '../../../kernel/kernel.js'

/** What the calls plugin reads of a receipt (hex quantities as the node sends them). */
export type RawReceipt = { transactionHash: string; status: string; blockNumber: string; gasUsed: string }

/**
 * One `eth_getTransactionReceipt` over a network's JSON-RPC URL with `fetch` (10 s, asked again
 * up to twice when the request fails), so the calls plugin carries no RPC client of its own.
 *
 * @returns the receipt, or `null` while the node does not know the transaction
 * @throws HttpRequestError when the node cannot be reached or answers garbage; ProviderRpcError with the node's code for a JSON-RPC error
 * @example
 * await readReceipt('http://127.0.0.1:8545', '0xab…') // { transactionHash: '0xab…', status: '0x1', blockNumber: '0x5', gasUsed: '0x5208' }
 */
export async function readReceipt(url: string, hash: string, { attempts = 3, timeoutMs = 10_000 } = {}): Promise<RawReceipt | null> {
  let failure: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 150 * attempt))
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown } }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw new HttpRequestError({ url, status: response.status, body: await response.text().catch(() => '') })
      body = (await response.json()) as typeof body
    } catch (error) {
      failure = error instanceof HttpRequestError ? error : new HttpRequestError({ url, cause: error })
      continue
    }
    if (body.error) throw new ProviderRpcError({ code: typeof body.error.code === 'number' ? body.error.code : -32603, message: String(body.error.message ?? 'The node refused the request').slice(0, 300) })
    const receipt = body.result as Partial<RawReceipt> | null | undefined
    if (receipt === null || receipt === undefined) return null
    const quantity = /^0x[0-9a-fA-F]{1,64}$/
    if (typeof receipt !== 'object' || typeof receipt.transactionHash !== 'string' || (receipt.status !== '0x1' && receipt.status !== '0x0') || !quantity.test(String(receipt.blockNumber)) || !quantity.test(String(receipt.gasUsed))) {
      throw new HttpRequestError({ url, body: 'The node returned a malformed receipt' })
    }
    return receipt as RawReceipt
  }
  throw failure
}
