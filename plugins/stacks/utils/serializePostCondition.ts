import type { StacksPostCondition } from '../signer/stacksSignerTypes.js'
import { serializeClarityValue } from './serializeClarityValue.js'

const fungibleCodes: Record<string, number> = { eq: 0x01, gt: 0x02, gte: 0x03, lt: 0x04, lte: 0x05 }
const nonFungibleCodes: Record<string, number> = { sent: 0x10, 'not-sent': 0x11, 'maybe-sent': 0x12 }
const assetNamePattern = /^[a-zA-Z]([a-zA-Z0-9]|[-_!?+<>=/*])*$/

/** A post condition's principal: `0x01` the origin, `0x02` a standard principal, `0x03` a contract principal (SIP-005). */
function principal(address: unknown): Uint8Array {
  if (address === 'origin') return new Uint8Array([0x01])
  const contract = typeof address === 'string' && address.includes('.')
  // A Clarity principal's bytes after its type id are the post condition's after its own.
  const bytes = serializeClarityValue({ type: contract ? 'contract' : 'address', value: String(address) })
  return new Uint8Array([contract ? 0x03 : 0x02, ...bytes.subarray(1)])
}

function amount(value: unknown): Uint8Array {
  let n: bigint
  try {
    if (typeof value === 'bigint') n = value
    else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value)
    else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) n = BigInt(value)
    else throw new Error()
  } catch {
    throw new Error(`a post condition's amount is a non-negative integer, got ${String(value).slice(0, 40)}`)
  }
  if (n < 0n || n >= 1n << 64n) throw new Error(`the post condition's amount ${n} is outside u64`)
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, n)
  return bytes
}

/** The asset of a token post condition, `<address>.<contract>::<asset>`: the contract's address and name, then the asset's name, each name length-prefixed. */
function asset(value: unknown): Uint8Array {
  const match = typeof value === 'string' ? /^([^:]+)::(.+)$/.exec(value) : null
  if (!match || match[2]!.length > 128 || !assetNamePattern.test(match[2]!)) throw new Error(`${String(value).slice(0, 80)} is not an asset (<address>.<contract>::<asset>)`)
  const contract = serializeClarityValue({ type: 'contract', value: match[1]! }).subarray(1)
  const name = new TextEncoder().encode(match[2]!)
  return new Uint8Array([...contract, name.length, ...name])
}

/**
 * Serializes a post condition given in SIP-030's JSON representation (the shape `@stacks/transactions`'
 * `Pc` builder makes) in the transaction wire format (SIP-005): what SIP-030 wallets take as hex in
 * `postConditions`. STX (`0x00`), fungible token (`0x01`) and non-fungible token (`0x02`) conditions.
 *
 * @param condition the post condition
 * @returns the bytes
 * @throws Error saying what is malformed
 * @example
 * serializePostCondition({ type: 'ft-postcondition', address: 'ST…', condition: 'eq', asset: 'ST….token::token', amount: 5n })
 */
export function serializePostCondition(condition: StacksPostCondition): Uint8Array {
  const record = (typeof condition === 'object' && condition !== null ? condition : {}) as Record<string, unknown>
  const type = record.type
  if (type === 'stx-postcondition' || type === 'ft-postcondition') {
    const code = typeof record.condition === 'string' && Object.hasOwn(fungibleCodes, record.condition) ? fungibleCodes[record.condition] : undefined
    if (code === undefined) throw new Error(`a ${type}'s condition is eq, gt, gte, lt or lte, got ${String(record.condition).slice(0, 20)}`)
    const head = type === 'stx-postcondition' ? [new Uint8Array([0x00]), principal(record.address)] : [new Uint8Array([0x01]), principal(record.address), asset(record.asset)]
    return new Uint8Array([...head.flatMap((part) => [...part]), code, ...amount(record.amount)])
  }
  if (type === 'nft-postcondition') {
    const code = typeof record.condition === 'string' && Object.hasOwn(nonFungibleCodes, record.condition) ? nonFungibleCodes[record.condition] : undefined
    if (code === undefined) throw new Error(`an nft-postcondition's condition is sent, not-sent or maybe-sent, got ${String(record.condition).slice(0, 20)}`)
    return new Uint8Array([0x02, ...principal(record.address), ...asset(record.asset), ...serializeClarityValue(record.assetId as never), code])
  }
  throw new Error(`${String(type).slice(0, 40)} is not a post condition type this signer serializes (stx-postcondition, ft-postcondition, nft-postcondition); pass others as hex`)
}
