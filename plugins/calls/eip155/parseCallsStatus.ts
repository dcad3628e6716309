import { parseChainId, type CaipNetworkId } from '../../../kernel/kernel.js'
import { InvalidWalletAnswerError } from '../errors.js'
import type { CallReceipt, CallsStatus } from '../types.js'

const method = 'wallet_getCallsStatus'
const hash32 = /^0x[0-9a-fA-F]{64}$/
const quantity = /^0x[0-9a-fA-F]{1,64}$/

/** EIP-5792 status codes by their family (1xx pending, 2xx success, 4xx/5xx failure, 6xx partial). */
export function statusOf(code: number): CallsStatus['status'] | undefined {
  if (code >= 100 && code < 200) return 'pending'
  if (code >= 200 && code < 300) return 'success'
  if (code >= 400 && code < 600) return 'failure'
  if (code >= 600 && code < 700) return 'partial'
  return undefined
}

function toReceipt(value: unknown, index: number): CallReceipt {
  if (typeof value !== 'object' || value === null) throw new InvalidWalletAnswerError({ method, reason: `receipt ${index} is not an object` })
  const r = value as Record<string, unknown>
  if (typeof r.transactionHash !== 'string' || !hash32.test(r.transactionHash)) throw new InvalidWalletAnswerError({ method, reason: `receipt ${index} has no transaction hash` })
  if (r.status !== '0x1' && r.status !== '0x0' && r.status !== 'success' && r.status !== 'reverted') throw new InvalidWalletAnswerError({ method, reason: `receipt ${index} has an unknown status` })
  for (const field of ['blockNumber', 'gasUsed'] as const) {
    if (typeof r[field] !== 'string' || !quantity.test(r[field] as string)) throw new InvalidWalletAnswerError({ method, reason: `receipt ${index}: ${field} is not a hex quantity` })
  }
  return {
    transactionHash: r.transactionHash,
    status: r.status === '0x1' || r.status === 'success' ? 'success' : 'reverted',
    blockNumber: BigInt(r.blockNumber as string).toString(),
    gasUsed: BigInt(r.gasUsed as string).toString(),
  }
}

/**
 * Checks a wallet's `wallet_getCallsStatus` answer (EIP-5792 v2: `{ version, id, chainId, atomic,
 * status, receipts? }`) and turns it into a {@link CallsStatus}: CAIP-2 chain, named status,
 * decimal quantities.
 *
 * @throws InvalidWalletAnswerError for a hostile or malformed answer
 * @example
 * parseCallsStatus({ version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200, receipts: [...] }, id)
 */
export function parseCallsStatus(answer: unknown, id: string, fallbackChain: CaipNetworkId): CallsStatus {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new InvalidWalletAnswerError({ method, reason: 'not an object' })
  const a = answer as Record<string, unknown>
  if (typeof a.status !== 'number' || !Number.isInteger(a.status)) throw new InvalidWalletAnswerError({ method, reason: 'status is not a number' })
  const status = statusOf(a.status)
  if (!status) throw new InvalidWalletAnswerError({ method, reason: `unknown status ${a.status}` })
  const chain = a.chainId === undefined ? undefined : parseChainId(a.chainId)
  if (a.chainId !== undefined && chain === undefined) throw new InvalidWalletAnswerError({ method, reason: 'chainId is not a chain id' })
  if (a.receipts !== undefined && (!Array.isArray(a.receipts) || a.receipts.length > 1000)) throw new InvalidWalletAnswerError({ method, reason: 'receipts is not a list' })
  const receipts = ((a.receipts as unknown[] | undefined) ?? []).map(toReceipt)
  return {
    id,
    caipNetworkId: chain === undefined ? fallbackChain : (`eip155:${chain}` as CaipNetworkId),
    status,
    statusCode: a.status,
    atomic: a.atomic === true,
    receipts,
  }
}
