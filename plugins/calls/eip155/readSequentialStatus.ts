import { InvalidCallsError, type CallReceipt, type CallsStatus, type Network } from '../../../kernel/kernel.js'

const hash32 = /^0x[0-9a-fA-F]{64}$/

/**
 * The status of a batch the kernel sent call by call (`sequential:<hash>,<hash>…`), from the
 * chain's receipts over the network's RPC (viem, loaded on first use): `pending` while any is
 * missing, `success` when all succeeded, `failure` when all reverted, else `partial`.
 *
 * @throws InvalidCallsError for an id that is not `sequential:` and 1–100 transaction hashes; viem's errors when the RPC fails
 * @example
 * await readSequentialStatus(devnetA, 'sequential:0xab…,0xcd…') // { status: 'success', receipts: [...] , atomic: false }
 */
export async function readSequentialStatus(network: Network, id: string): Promise<CallsStatus> {
  const hashes = id.slice('sequential:'.length).split(',')
  if (!id.startsWith('sequential:') || hashes.length === 0 || hashes.length > 100 || !hashes.every((h) => hash32.test(h))) throw new InvalidCallsError('A sequential batch id is "sequential:" and its transaction hashes, comma-separated')
  const { createClient, getTransactionReceipt, http } = await import('../lazy/viemReceipts.js')
  const client = createClient({ transport: http(network.rpcUrls.default.http[0], { retryCount: 2, retryDelay: 150, timeout: 10_000 }) })
  const receipts: CallReceipt[] = []
  for (const hash of hashes) {
    try {
      const receipt = await getTransactionReceipt(client, { hash: hash as `0x${string}` })
      receipts.push({ transactionHash: receipt.transactionHash, status: receipt.status === 'success' ? 'success' : 'reverted', blockNumber: receipt.blockNumber.toString(), gasUsed: receipt.gasUsed.toString() })
    } catch (error) {
      if ((error as { name?: string }).name === 'TransactionReceiptNotFoundError') break
      throw error
    }
  }
  const base = { id, caipNetworkId: network.caipNetworkId, atomic: false, receipts }
  if (receipts.length < hashes.length) return { ...base, status: 'pending', statusCode: 100 }
  const succeeded = receipts.filter((r) => r.status === 'success').length
  if (succeeded === receipts.length) return { ...base, status: 'success', statusCode: 200 }
  if (succeeded === 0) return { ...base, status: 'failure', statusCode: 500 }
  return { ...base, status: 'partial', statusCode: 600 }
}
