import { base58 } from '@scure/base'

/** A Solana transaction in wire form, split: its signature slots and the message they sign. */
export type WireTransaction = { signatures: Uint8Array[]; message: Uint8Array; signers: string[] }

function readCompactU16(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new Error('The transaction ends early')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return { value, size: i + 1 }
  }
  throw new Error('A length is too long')
}

/**
 * Splits a wire transaction (legacy or v0): compact-u16 signature count, 64-byte signatures,
 * then the message, whose header names how many of its first account keys must sign.
 *
 * @example
 * readWireTransaction(bytes).signers // ['9xQe…'] (base58), in signature order
 */
export function readWireTransaction(bytes: Uint8Array): WireTransaction {
  const count = readCompactU16(bytes, 0)
  if (count.value === 0 || count.value > 64) throw new Error('The transaction has no signature slot')
  const start = count.size + 64 * count.value
  if (bytes.length <= start) throw new Error('The transaction ends early')
  const signatures = Array.from({ length: count.value }, (_, i) => bytes.slice(count.size + 64 * i, count.size + 64 * (i + 1)))
  const message = bytes.slice(start)
  const versioned = ((message[0] ?? 0) & 0x80) !== 0
  const header = versioned ? 1 : 0
  const required = message[header]
  if (required === undefined || required !== count.value) throw new Error('The signature count does not match the message')
  const keys = readCompactU16(message, header + 3)
  const keysAt = header + 3 + keys.size
  if (keys.value < required || message.length < keysAt + 32 * keys.value) throw new Error('The message ends early')
  const signers = Array.from({ length: required }, (_, i) => base58.encode(message.slice(keysAt + 32 * i, keysAt + 32 * (i + 1))))
  return { signatures, message, signers }
}

/** The wire form again, with `signature` in `signer`'s slot. */
export function withSignature(tx: WireTransaction, signer: string, signature: Uint8Array): Uint8Array {
  const index = tx.signers.indexOf(signer)
  if (index < 0) throw new Error('The Ledger account is not a signer of this transaction')
  const signatures = tx.signatures.map((s, i) => (i === index ? signature : s))
  const prefix = compactU16(signatures.length)
  const out = new Uint8Array(prefix.length + 64 * signatures.length + tx.message.length)
  out.set(prefix, 0)
  signatures.forEach((s, i) => out.set(s, prefix.length + 64 * i))
  out.set(tx.message, prefix.length + 64 * signatures.length)
  return out
}

function compactU16(value: number): Uint8Array {
  const out: number[] = []
  let rest = value
  do {
    let byte = rest & 0x7f
    rest >>= 7
    if (rest) byte |= 0x80
    out.push(byte)
  } while (rest)
  return new Uint8Array(out)
}

const signingDomain = new Uint8Array([0xff, ...new TextEncoder().encode('solana offchain')])

/** Longest off-chain message body the header's u16 length can say. */
export const maxOffchainMessageLength = 0xffff

/**
 * The off-chain message the Solana app signs for `solana_signMessage` (`E0 07`): the signing
 * domain `\xffsolana offchain`, header version 0, the format (0 printable ASCII, 1 UTF-8 up to
 * 1212 bytes, 2 longer UTF-8), the length (u16 little-endian), then the message. The signature
 * covers these bytes, not the bare message.
 *
 * @example
 * offchainMessage(new TextEncoder().encode('hello')) // ff 'solana offchain' 00 00 05 00 'hello'
 */
export function offchainMessage(message: Uint8Array): Uint8Array {
  if (message.length === 0 || message.length > maxOffchainMessageLength) throw new Error(`The message must be 1 to ${maxOffchainMessageLength} bytes`)
  const ascii = message.every((b) => b >= 0x20 && b <= 0x7e)
  const format = ascii ? 0 : message.length <= 1212 ? 1 : 2
  const out = new Uint8Array(signingDomain.length + 4 + message.length)
  out.set(signingDomain, 0)
  let at = signingDomain.length
  out[at++] = 0
  out[at++] = format
  out[at++] = message.length & 0xff
  out[at++] = message.length >> 8
  out.set(message, at)
  return out
}
