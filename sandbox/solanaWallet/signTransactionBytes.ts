import { ed25519 } from '@noble/curves/ed25519.js'
import { SolanaDevWalletError } from './SolanaDevWalletError.js'

function readShortVec(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new SolanaDevWalletError(-32602, 'The transaction is truncated')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  throw new SolanaDevWalletError(-32602, 'The transaction has an invalid length prefix')
}

/**
 * Signs a serialised Solana transaction (legacy or v0 wire format) with an ed25519 key: finds the
 * key among the message's required signers and writes the signature of the message bytes into its
 * slot. Other signature slots are left as they are.
 *
 * @param transaction - wire bytes: signature slots, then the message
 * @param secretKey - 64 bytes (private seed, then public key)
 * @returns a new array with the signature in place, and the signature
 * @throws SolanaDevWalletError when the bytes are not a transaction or the key is not a signer
 * @example
 * const { signed, signature } = signTransactionBytes(bytes, secretKey)
 */
export function signTransactionBytes(transaction: Uint8Array, secretKey: Uint8Array): { signed: Uint8Array; signature: Uint8Array } {
  if (!(transaction instanceof Uint8Array) || transaction.length < 66 || transaction.length > 1232) {
    throw new SolanaDevWalletError(-32602, 'The transaction must be 66 to 1232 bytes')
  }
  const [slots, messageStart0] = readShortVec(transaction, 0)
  const messageStart = messageStart0 + 64 * slots
  if (slots < 1 || messageStart >= transaction.length) throw new SolanaDevWalletError(-32602, 'The transaction has no signature slot')
  const message = transaction.subarray(messageStart)
  let cursor = 0
  if ((message[0] as number) & 0x80) cursor = 1 // versioned message prefix
  const required = message[cursor] as number
  const [keyCount, keysStart] = readShortVec(message, cursor + 3)
  if (required !== slots || required > keyCount || keysStart + 32 * keyCount > message.length) {
    throw new SolanaDevWalletError(-32602, 'The transaction header does not match its signatures')
  }
  const publicKey = secretKey.subarray(32, 64)
  let index = -1
  for (let i = 0; i < required; i++) {
    const key = message.subarray(keysStart + 32 * i, keysStart + 32 * (i + 1))
    if (key.every((b, j) => b === publicKey[j])) index = i
  }
  if (index === -1) throw new SolanaDevWalletError(4100, 'The wallet account is not a signer of this transaction')
  const signature = ed25519.sign(message, secretKey.subarray(0, 32))
  const signed = transaction.slice()
  signed.set(signature, messageStart0 + 64 * index)
  return { signed, signature }
}
