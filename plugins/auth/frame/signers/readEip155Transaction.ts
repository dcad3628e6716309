import { getAddress, isAddress, isHex, type Address, type Hex } from 'viem'
import { invalidParams } from '../errors.js'
import { isRecord } from '../utils/isRecord.js'

/** An eth_sendTransaction / eth_signTransaction request, read and checked. */
export type Eip155TransactionInput = {
  to?: Address
  data?: Hex
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
  chainId?: number
}

function quantity(tx: Record<string, unknown>, key: string): bigint | undefined {
  const value = tx[key]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw invalidParams(`The transaction's "${key}" must be a hex quantity`)
}

/**
 * Reads the one transaction object of `[tx]` as a wallet does: `from` must be the wallet's own
 * account (or absent), `to` an address, `data` (or `input`) hex, quantities hex. Anything else
 * fails `INVALID_PARAMS`.
 *
 * @example
 * readEip155Transaction([{ from, to, value: '0x1' }], from) // { to, value: 1n }
 */
export function readEip155Transaction(params: unknown, own: Address): Eip155TransactionInput {
  const tx = Array.isArray(params) ? params[0] : undefined
  if (!isRecord(tx)) throw invalidParams('Expected [transaction]')
  if (tx.from !== undefined && (typeof tx.from !== 'string' || !isAddress(tx.from, { strict: false }) || tx.from.toLowerCase() !== own.toLowerCase())) {
    throw invalidParams(`The transaction's "from" must be the wallet's account ${own}`)
  }
  const out: Eip155TransactionInput = {}
  if (tx.to !== undefined && tx.to !== null) {
    if (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false })) throw invalidParams('The transaction\'s "to" must be an address')
    out.to = getAddress(tx.to)
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0) throw invalidParams('The transaction\'s "data" must be hex')
    out.data = data
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
  if (chainId !== undefined) out.chainId = Number(chainId)
  if (out.gasPrice !== undefined && (out.maxFeePerGas !== undefined || out.maxPriorityFeePerGas !== undefined)) {
    throw invalidParams('Give either gasPrice or maxFeePerGas/maxPriorityFeePerGas, not both')
  }
  if (out.to === undefined && out.data === undefined) throw invalidParams('The transaction needs "to" or "data"')
  return out
}
