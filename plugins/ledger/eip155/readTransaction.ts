import { getAddress, isAddress, isHex, type Address, type Hex } from 'viem'
import { ProviderRpcError } from '../../../kernel/kernel.js'

/** An `eth_sendTransaction` request, read and checked. */
export type LedgerTransactionInput = {
  to?: Address
  data?: Hex
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
}

/** A request the wallet refuses before the device is asked: JSON-RPC "invalid params" (-32602). */
export function invalidParams(message: string): ProviderRpcError {
  return new ProviderRpcError({ code: -32602, message })
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function quantity(tx: Record<string, unknown>, key: string): bigint | undefined {
  const value = tx[key]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value)
  throw invalidParams(`The transaction's "${key}" must be a hex quantity`)
}

/**
 * Reads `[tx]` of `eth_sendTransaction` as a wallet does: `from` must be the Ledger account (or
 * absent), `to` an address, `data` hex, quantities hex, and a chain id, if given, the request's.
 * Anything else is a ProviderRpcError -32602 with what is wrong; the device is not asked.
 *
 * @example
 * readTransaction([{ from, to, value: '0x1' }], from, 31337) // { to, value: 1n }
 */
export function readTransaction(params: unknown, own: string, chainNumber: number): LedgerTransactionInput {
  const tx = Array.isArray(params) ? params[0] : undefined
  if (!isRecord(tx)) throw invalidParams('eth_sendTransaction expects [transaction]')
  if (tx.from !== undefined && (typeof tx.from !== 'string' || !isAddress(tx.from, { strict: false }) || tx.from.toLowerCase() !== own.toLowerCase())) {
    throw invalidParams(`The transaction's "from" must be the Ledger account ${own}`)
  }
  const out: LedgerTransactionInput = {}
  if (tx.to !== undefined && tx.to !== null) {
    if (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false })) throw invalidParams('The transaction\'s "to" must be an address')
    out.to = getAddress(tx.to)
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0 || data.length > 2 + 2 * 128 * 1024) throw invalidParams('The transaction\'s "data" must be hex (at most 128 KiB)')
    if (data !== '0x') out.data = data
  }
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = quantity(tx, key)
    if (value !== undefined) out[key] = value
  }
  const nonce = quantity(tx, 'nonce')
  if (nonce !== undefined) {
    if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidParams('The transaction\'s "nonce" is too large')
    out.nonce = Number(nonce)
  }
  const chainId = quantity(tx, 'chainId')
  if (chainId !== undefined && chainId !== BigInt(chainNumber)) throw invalidParams(`The transaction is for chain ${chainId}, the request for eip155:${chainNumber}`)
  if (out.gasPrice !== undefined && (out.maxFeePerGas !== undefined || out.maxPriorityFeePerGas !== undefined)) throw invalidParams('Give either gasPrice or maxFeePerGas/maxPriorityFeePerGas, not both')
  if (out.to === undefined && out.data === undefined) throw invalidParams('The transaction needs "to" or "data"')
  return out
}
