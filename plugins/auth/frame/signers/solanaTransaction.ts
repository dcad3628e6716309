import { base58, base64 } from '@scure/base'
import { invalidParams } from '../errors.js'

/** A serialized solana transaction (legacy or v0), read far enough to sign it. */
export type SolanaWireTransaction = {
  bytes: Uint8Array
  encoding: 'base64' | 'base58'
  /** Where the message starts (after the signatures). */
  messageOffset: number
  /** The public keys that must sign, in signature order. */
  signers: Uint8Array[]
}

/** Reads a compact-u16 (1–3 bytes): the value and the bytes it took. */
function compactU16(bytes: Uint8Array, at: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[at + i]
    if (byte === undefined) throw invalidParams('The transaction is truncated')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, i + 1]
  }
  throw invalidParams('The transaction has a malformed length')
}

function parse(bytes: Uint8Array, encoding: SolanaWireTransaction['encoding']): SolanaWireTransaction {
  const [signatureCount, countLength] = compactU16(bytes, 0)
  const messageOffset = countLength + 64 * signatureCount
  let at = messageOffset
  const first = bytes[at]
  if (first === undefined) throw invalidParams('The transaction has no message')
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw invalidParams(`Transaction version ${first & 0x7f} is not supported`)
    at += 1
  }
  const required = bytes[at]
  if (required === undefined || bytes[at + 2] === undefined) throw invalidParams('The transaction is truncated')
  at += 3
  const [keyCount, keyLength] = compactU16(bytes, at)
  at += keyLength
  if (required === 0 || required !== signatureCount || keyCount < required || at + 32 * keyCount > bytes.length) throw invalidParams('The transaction is malformed')
  const signers = Array.from({ length: required }, (_, i) => bytes.slice(at + 32 * i, at + 32 * (i + 1)))
  return { bytes, encoding, messageOffset, signers }
}

/**
 * Reads a serialized transaction as WalletConnect's solana methods carry it: base64 (what the
 * solana plugin and most dapps send) or base58 (older dapps).
 *
 * @example
 * const tx = readSolanaTransaction(params.transaction)
 */
export function readSolanaTransaction(value: unknown): SolanaWireTransaction {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) throw invalidParams('Expected { transaction: base64 or base58 string }')
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0) {
    try {
      return parse(base64.decode(value), 'base64')
    } catch {
      // Not a base64 transaction: maybe base58.
    }
  }
  let bytes: Uint8Array
  try {
    bytes = base58.decode(value)
  } catch {
    throw invalidParams('The transaction is neither base64 nor base58')
  }
  return parse(bytes, 'base58')
}

/** The message bytes the signers sign. */
export function solanaMessageOf(tx: SolanaWireTransaction): Uint8Array {
  return tx.bytes.slice(tx.messageOffset)
}

/**
 * The transaction with `signature` put in the slot of `publicKey`, encoded as it came; fails
 * `INVALID_PARAMS` when that key is not one of the signers.
 *
 * @example
 * withSignature(tx, publicKey, ed25519.sign(solanaMessageOf(tx), privateKey))
 */
export function withSignature(tx: SolanaWireTransaction, publicKey: Uint8Array, signature: Uint8Array): { transaction: string; bytes: Uint8Array } {
  const index = tx.signers.findIndex((key) => key.length === publicKey.length && key.every((b, i) => b === publicKey[i]))
  if (index < 0) throw invalidParams("The transaction does not ask the wallet's account to sign")
  const bytes = tx.bytes.slice()
  const [, countLength] = compactU16(bytes, 0)
  bytes.set(signature, countLength + 64 * index)
  return { transaction: tx.encoding === 'base64' ? base64.encode(bytes) : base58.encode(bytes), bytes }
}
