import { callRpcBatch } from '../indexer/callRpcBatch.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'

/**
 * One Solana JSON-RPC call; a node error or a transport failure throws.
 *
 * @param url the node's JSON-RPC URL
 * @param method e.g. `getSignaturesForAddress`
 * @param params the params array
 * @param timeoutMs how long the call may take (default `upstreamTimeoutMs`)
 * @returns the result
 * @example
 * await callSolanaRpc(chain.rpcUrl, 'getSignaturesForAddress', [address, { limit: 20 }])
 */
export async function callSolanaRpc<T>(url: string, method: string, params: unknown[], timeoutMs = upstreamTimeoutMs): Promise<T> {
  const [outcome] = await callRpcBatch({ url, calls: [{ method, params }], timeoutMs })
  if (!outcome?.ok) throw new Error(`${method}: ${outcome ? `${outcome.message} (${outcome.code})` : 'no answer'}`)
  return outcome.result as T
}
