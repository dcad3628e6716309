import { InvalidCallsError, type CallReceipt, type CallsStatus, type Network } from '../../../kernel/kernel.js'
import { readReceipt } from './readReceipt.js'

const hash32 = /^0x[0-9a-fA-F]{64}$/

/**
 * The status of a batch the kernel sent call by call (`sequential:<hash>,<hash>…`), from the
 * chain's receipts over the network's RPC (`eth_getTransactionReceipt` with `fetch`): `pending` while any is
 * missing, `success` when all succeeded, `failure` when all reverted, else `partial`.
 *
 * @throws InvalidCallsError for an id that is not `sequential:` and 1–100 transaction hashes; HttpRequestError or ProviderRpcError when the RPC fails
 * @example
 * await readSequentialStatus(devnetA, 'sequential:0xab…,0xcd…') // { status: 'success', receipts: [...] , atomic: false }
 */
export async function readSequentialStatus(network: Network, id: string): Promise<CallsStatus> {
  const hashes = id.slice('sequential:'.length).split(',')
  if (!id.startsWith('sequential:') || hashes.length === 0 || hashes.length > 100 || !hashes.every((h) => hash32.test(h))) throw new InvalidCallsError('A sequential batch id is "sequential:" and its transaction hashes, comma-separated')
  const url = network.rpcUrls.default.http[0] as string
  const receipts: CallReceipt[] = []
  for (const hash of hashes) {
    const receipt = await readReceipt(url, hash)
    if (!receipt) break
    receipts.push({ transactionHash: receipt.transactionHash, status: receipt.status === '0x1' ? 'success' : 'reverted', blockNumber: BigInt(receipt.blockNumber).toString(), gasUsed: BigInt(receipt.gasUsed).toString() })
  }
  const base = { id, caipNetworkId: network.caipNetworkId, atomic: false, receipts }
  if (receipts.length < hashes.length) return { ...base, status: 'pending', statusCode: 100 }
  const succeeded = receipts.filter((r) => r.status === 'success').length
  if (succeeded === receipts.length) return { ...base, status: 'success', statusCode: 200 }
  if (succeeded === 0) return { ...base, status: 'failure', statusCode: 500 }
  return { ...base, status: 'partial', statusCode: 600 }
}
