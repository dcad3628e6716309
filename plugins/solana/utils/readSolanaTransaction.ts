import { base58 } from '@scure/base'

/** The largest transaction a Solana node accepts, in wire bytes (the packet size less headers). */
export const maxSolanaTransactionBytes = 1232

/** A Solana transaction in wire form, read: its signature slots and the message they sign. */
export type SolanaWireTransaction = {
  version: 'legacy' | 0
  /** The message's first `signatures.length` account keys, in slot order (base58). */
  signers: string[]
  /** One 64-byte slot per signer, all zeros while unsigned (views into the bytes). */
  signatures: Uint8Array[]
  /** The bytes every signature covers. */
  messageBytes: Uint8Array
  /** The recent blockhash, or a durable nonce's value (base58). */
  lifetimeToken: string
}

function readCompactU16(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new Error('it ends early')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  throw new Error('a length is malformed')
}

/**
 * Reads a serialised Solana transaction (legacy or version 0): the compact-u16 signature count,
 * the 64-byte signature slots, then the whole message (header, account keys, blockhash,
 * instructions, and for version 0 its address-table lookups), which must end exactly where the
 * bytes do. What a wallet would refuse to sign is refused here.
 *
 * @param bytes the wire bytes, at most 1232
 * @returns the signers, slots, message bytes and lifetime token
 * @throws Error saying what is wrong, e.g. "the message header does not match its 2 signature slots"
 * @example
 * readSolanaTransaction(bytes).signers // ['oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96']
 */
export function readSolanaTransaction(bytes: Uint8Array): SolanaWireTransaction {
  if (bytes.length > maxSolanaTransactionBytes) throw new Error(`it is ${bytes.length} bytes; a Solana transaction is at most ${maxSolanaTransactionBytes}`)
  const [slots, slotsAt] = readCompactU16(bytes, 0)
  if (slots === 0) throw new Error('it has no signature slot')
  const messageAt = slotsAt + 64 * slots
  if (messageAt >= bytes.length) throw new Error('it ends early')
  const message = bytes.subarray(messageAt)
  let at = 0
  const byte = (): number => {
    const value = message[at++]
    if (value === undefined) throw new Error('its message ends early')
    return value
  }
  const skip = (n: number) => {
    if (at + n > message.length) throw new Error('its message ends early')
    at += n
    return message.subarray(at - n, at)
  }
  const length = () => {
    const [value, next] = readCompactU16(message, at)
    at = next
    return value
  }
  let version: SolanaWireTransaction['version'] = 'legacy'
  if (((message[0] ?? 0) & 0x80) !== 0) {
    if (byte() !== 0x80) throw new Error(`its message version ${(message[0] ?? 0) & 0x7f} is not supported (legacy and 0 are)`)
    version = 0
  }
  const required = byte()
  skip(2)
  const keyCount = length()
  if (required !== slots || required > keyCount) throw new Error(`the message header does not match its ${slots} signature slot${slots === 1 ? '' : 's'}`)
  const keys = skip(32 * keyCount)
  const lifetimeToken = base58.encode(skip(32))
  const instructions = length()
  for (let i = 0; i < instructions; i++) {
    if (byte() >= keyCount) throw new Error(`instruction ${i} names a program outside its account keys`)
    skip(length())
    skip(length())
  }
  if (version === 0) {
    const lookups = length()
    for (let i = 0; i < lookups; i++) {
      skip(32)
      skip(length())
      skip(length())
    }
  }
  if (at !== message.length) throw new Error('it has bytes after its message')
  return {
    version,
    signers: Array.from({ length: required }, (_, i) => base58.encode(keys.subarray(32 * i, 32 * (i + 1)))),
    signatures: Array.from({ length: slots }, (_, i) => bytes.subarray(slotsAt + 64 * i, slotsAt + 64 * (i + 1))),
    messageBytes: message,
    lifetimeToken,
  }
}
