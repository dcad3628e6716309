import { bytesToHex } from '@noble/hashes/utils.js'
import { decodeStacksAddress } from './decodeStacksAddress.js'

/** The Clarity values a SIP-010 `transfer` takes, as the wire format serializes them (SIP-005). */
export type ClarityArgument = { type: 'uint'; value: bigint } | { type: 'principal'; value: string } | { type: 'none' } | { type: 'some'; value: ClarityArgument } | { type: 'buffer'; value: Uint8Array }

const ascii = (text: string) => new TextEncoder().encode(text)
const namePattern = /^[a-zA-Z]([a-zA-Z0-9]|[-_!?+<>=/*])*$/

/** An account or contract principal: `0x05` version hash160, or `0x06` version hash160 name-length name. */
function principal(value: string): Uint8Array {
  const [address, name, ...rest] = value.split('.')
  const decoded = decodeStacksAddress(address)
  if (!decoded || rest.length > 0) throw new Error(`encodeClarityValue: ${value.slice(0, 60)} is not a principal`)
  if (name === undefined) return new Uint8Array([0x05, decoded.version, ...decoded.hash160])
  if (name.length > 40 || !namePattern.test(name)) throw new Error(`encodeClarityValue: ${name.slice(0, 60)} is not a contract name`)
  return new Uint8Array([0x06, decoded.version, ...decoded.hash160, name.length, ...ascii(name)])
}

/**
 * A Clarity value serialized as a Stacks transaction carries it: `uint` (`0x01`, 16 bytes
 * big-endian), a standard or contract principal (`0x05` / `0x06`), `none` (`0x09`), `some` (`0x0a` and the value) and a buffer (`0x02`, 4-byte length, the bytes).
 *
 * @returns the bytes
 * @throws Error for a uint outside u128 or a malformed principal
 * @example
 * bytesToHex(encodeClarityValue({ type: 'uint', value: 5n })) // '01' + '00'.repeat(15) + '05'
 */
export function encodeClarityValue(value: ClarityArgument): Uint8Array {
  if (value.type === 'none') return new Uint8Array([0x09])
  if (value.type === 'some') return new Uint8Array([0x0a, ...encodeClarityValue(value.value)])
  if (value.type === 'buffer') {
    const bytes = new Uint8Array(5 + value.value.length)
    bytes[0] = 0x02
    new DataView(bytes.buffer).setUint32(1, value.value.length)
    bytes.set(value.value, 5)
    return bytes
  }
  if (value.type === 'principal') return principal(value.value)
  if (value.value < 0n || value.value >= 1n << 128n) throw new Error('encodeClarityValue: the uint is outside u128')
  const bytes = new Uint8Array(17)
  bytes[0] = 0x01
  let rest = value.value
  for (let i = 16; i > 0; i--) {
    bytes[i] = Number(rest & 0xffn)
    rest >>= 8n
  }
  return bytes
}

/**
 * The serialized payload of a contract call (SIP-005): type `0x02`, the contract's address, its name,
 * the function name and the arguments. `POST /v2/fees/transaction` estimates fees from it.
 *
 * @returns the payload as hex
 * @example
 * encodeContractCallPayload({ contract: 'SP….token', functionName: 'transfer', args: [] })
 */
export function encodeContractCallPayload({ contract, functionName, args }: { contract: string; functionName: string; args: readonly ClarityArgument[] }): string {
  const target = principal(contract)
  if (target[0] !== 0x06 || !namePattern.test(functionName) || functionName.length > 128) throw new Error('encodeContractCallPayload: a contract principal and a function name')
  const encoded = args.map(encodeClarityValue)
  const count = new Uint8Array(4)
  new DataView(count.buffer).setUint32(0, encoded.length)
  const parts = [new Uint8Array([0x02]), target.subarray(1), new Uint8Array([functionName.length]), ascii(functionName), count, ...encoded]
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.length
  }
  return bytesToHex(bytes)
}
