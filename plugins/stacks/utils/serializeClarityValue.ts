import { hexToBytes } from '@noble/hashes/utils.js'
import type { StacksClarityValue } from '../signer/stacksSignerTypes.js'
import { decodeStacksAddress } from './decodeStacksAddress.js'

/** Clarity's wire type ids (SIP-005). */
const typeIds: Record<string, number> = { int: 0, uint: 1, buffer: 2, true: 3, false: 4, address: 5, contract: 6, ok: 7, err: 8, none: 9, some: 10, list: 11, tuple: 12, ascii: 13, utf8: 14 }
const contractNamePattern = /^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/
const tupleKeyPattern = /^[a-zA-Z]([a-zA-Z0-9]|[-_!?+<>=/*])*$/
/** Nesting and size limits: what one transaction can carry (a Clarity value is at most 1 MiB), checked before anything is built. */
const maxDepth = 32
const maxBytes = 1 << 20

const u32 = (n: number) => {
  const bytes = new Uint8Array(4)
  new DataView(bytes.buffer).setUint32(0, n)
  return bytes
}
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** A 128-bit integer as 16 big-endian bytes (two's complement for `int`). */
function int128(value: unknown, signed: boolean): Uint8Array {
  let n: bigint
  try {
    if (typeof value === 'bigint') n = value
    else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value)
    else if (typeof value === 'string' && /^-?\d{1,40}$/.test(value)) n = BigInt(value)
    else throw new Error()
  } catch {
    throw new Error(`a ${signed ? 'int' : 'uint'} needs an integer value, got ${String(value).slice(0, 40)}`)
  }
  const min = signed ? -(1n << 127n) : 0n
  const max = signed ? (1n << 127n) - 1n : (1n << 128n) - 1n
  if (n < min || n > max) throw new Error(`${n} is outside ${signed ? 'int (i128)' : 'uint (u128)'}`)
  let rest = BigInt.asUintN(128, n)
  const bytes = new Uint8Array(16)
  for (let i = 15; i >= 0; i--) {
    bytes[i] = Number(rest & 0xffn)
    rest >>= 8n
  }
  return bytes
}

/** The bytes of a standard (`ST…`) or contract (`ST….name`) principal after its type id: version, hash160, and for a contract its length-prefixed name. */
function principalBytes(value: unknown, kind: 'address' | 'contract'): Uint8Array {
  const text = typeof value === 'string' ? value : ''
  const [address, name, ...rest] = text.split('.')
  const decoded = decodeStacksAddress(address)
  if (!decoded || rest.length > 0 || (kind === 'address') !== (name === undefined)) throw new Error(`${text.slice(0, 80) || String(value).slice(0, 40)} is not a ${kind === 'address' ? 'standard principal (an address)' : 'contract principal (<address>.<name>)'}`)
  if (name === undefined) return new Uint8Array([decoded.version, ...decoded.hash160])
  if (name.length > 128 || !contractNamePattern.test(name)) throw new Error(`${name.slice(0, 60)} is not a contract name`)
  return new Uint8Array([decoded.version, ...decoded.hash160, name.length, ...new TextEncoder().encode(name)])
}

function serialize(value: StacksClarityValue, depth: number): Uint8Array {
  if (depth > maxDepth) throw new Error(`the value nests deeper than ${maxDepth} levels`)
  const record = (typeof value === 'object' && value !== null ? value : {}) as { type?: unknown; value?: unknown }
  const type = typeof record.type === 'string' && Object.hasOwn(typeIds, record.type) ? record.type : undefined
  if (type === undefined) throw new Error(`${JSON.stringify(String(record.type ?? value)).slice(0, 40)} is not a Clarity value type`)
  const id = new Uint8Array([typeIds[type] as number])
  const inner = record.value
  switch (type) {
    case 'int':
    case 'uint':
      return concat([id, int128(inner, type === 'int')])
    case 'true':
    case 'false':
    case 'none':
      return id
    case 'buffer': {
      if (typeof inner !== 'string' || !/^(0x)?([0-9a-fA-F]{2})*$/.test(inner)) throw new Error('a buffer value is hex')
      const bytes = hexToBytes(inner.replace(/^0x/, ''))
      return concat([id, u32(bytes.length), bytes])
    }
    case 'address':
    case 'contract':
      return concat([id, principalBytes(inner, type)])
    case 'ascii': {
      if (typeof inner !== 'string' || !/^[\x00-\x7f]*$/.test(inner)) throw new Error('an ascii value is a string of ASCII characters')
      const bytes = new TextEncoder().encode(inner)
      return concat([id, u32(bytes.length), bytes])
    }
    case 'utf8': {
      if (typeof inner !== 'string') throw new Error('a utf8 value is a string')
      const bytes = new TextEncoder().encode(inner)
      return concat([id, u32(bytes.length), bytes])
    }
    case 'ok':
    case 'err':
    case 'some':
      return concat([id, serialize(inner as StacksClarityValue, depth + 1)])
    case 'list': {
      if (!Array.isArray(inner)) throw new Error('a list value is an array')
      return concat([id, u32(inner.length), ...inner.map((item: StacksClarityValue) => serialize(item, depth + 1))])
    }
    default: {
      // tuple: its keys in lexicographic order, each length-prefixed, then its value.
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) throw new Error('a tuple value is an object')
      const keys = Object.keys(inner).sort()
      const parts: Uint8Array[] = [id, u32(keys.length)]
      for (const key of keys) {
        if (key.length > 128 || !tupleKeyPattern.test(key)) throw new Error(`${key.slice(0, 40)} is not a tuple key`)
        parts.push(new Uint8Array([key.length]), new TextEncoder().encode(key), serialize((inner as Record<string, StacksClarityValue>)[key] as StacksClarityValue, depth + 1))
      }
      return concat(parts)
    }
  }
}

/**
 * Serializes a Clarity value given in SIP-030's JSON representation (the shape of
 * `@stacks/transactions`' values) as a Stacks transaction carries it (SIP-005): what wallets take
 * as hex in `functionArgs`. Tuple keys are sorted, as Clarity's serialization requires.
 *
 * @param value the value (`{ type: 'uint', value: 5n }`, `{ type: 'some', value: … }`, …)
 * @returns the bytes
 * @throws Error saying what is malformed (an unknown type, an integer out of range, a bad principal, a value over 1 MiB)
 * @example
 * bytesToHex(serializeClarityValue({ type: 'uint', value: 5n })) // '01000…05'
 */
export function serializeClarityValue(value: StacksClarityValue): Uint8Array {
  const bytes = serialize(value, 0)
  if (bytes.length > maxBytes) throw new Error('the value is larger than 1 MiB')
  return bytes
}
