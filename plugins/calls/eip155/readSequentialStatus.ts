import { BaseError, type Network, type PluginContext } from '../../../kernel/kernel.js'
import { InvalidCallsError } from '../errors.js'
import type { CallReceipt, CallsStatus } from '../types.js'
import { callNode } from './callNode.js'

const hash32 = /^0x[0-9a-fA-F]{64}$/
const quantity = /^0x[0-9a-fA-F]{1,64}$/

/** A node's `eth_getTransactionReceipt` answer as a batch's receipt; `null` while the node does not know the transaction. */
function toReceipt(answer: unknown, hash: string): CallReceipt | null {
  if (answer === null || answer === undefined) return null
  const r = answer as Record<string, unknown>
  if (typeof answer !== 'object' || String(r.transactionHash).toLowerCase() !== hash.toLowerCase() || (r.status !== '0x1' && r.status !== '0x0') || !quantity.test(String(r.blockNumber)) || !quantity.test(String(r.gasUsed))) {
    throw new BaseError('The node returned a malformed receipt', { metaMessages: [`Hash: ${hash}`] })
  }
  return { transactionHash: r.transactionHash as string, status: r.status === '0x1' ? 'success' : 'reverted', blockNumber: BigInt(r.blockNumber as string).toString(), gasUsed: BigInt(r.gasUsed as string).toString() }
}

/**
 * The status of a batch the kernel sent call by call (`sequential:<hash>,<hash>…`), from the
 * chain's receipts: `eth_getTransactionReceipt` through the chain plugin's RPC client
 * (`callNode`: viem's transport with its retries and fallback ranking).
 * `pending` while any is missing, `success` when all succeeded, `failure` when all reverted, else
 * `partial`.
 *
 * @throws InvalidCallsError for an id that is not `sequential:` and 1–100 transaction hashes; BaseError for a malformed receipt; the node's ProviderRpcError, or HttpRequestError when no node could be reached
 * @example
 * await readSequentialStatus(portico, devnetA, 'sequential:0xab…,0xcd…') // { status: 'success', receipts: [...] , atomic: false }
 */
export async function readSequentialStatus(portico: PluginContext, network: Network, id: string): Promise<CallsStatus> {
  const hashes = id.slice('sequential:'.length).split(',')
  if (!id.startsWith('sequential:') || hashes.length === 0 || hashes.length > 100 || !hashes.every((h) => hash32.test(h))) throw new InvalidCallsError('A sequential batch id is "sequential:" and its transaction hashes, comma-separated')
  const receipts: CallReceipt[] = []
  for (const hash of hashes) {
    const receipt = toReceipt(await callNode(portico, network, 'eth_getTransactionReceipt', [hash]), hash)
    if (!receipt) break
    receipts.push(receipt)
  }
  const base = { id, caipNetworkId: network.caipNetworkId, atomic: false, receipts }
  if (receipts.length < hashes.length) return { ...base, status: 'pending', statusCode: 100 }
  const succeeded = receipts.filter((r) => r.status === 'success').length
  if (succeeded === receipts.length) return { ...base, status: 'success', statusCode: 200 }
  if (succeeded === 0) return { ...base, status: 'failure', statusCode: 500 }
  return { ...base, status: 'partial', statusCode: 600 }
}
