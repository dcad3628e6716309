import { base58 } from '@scure/base'
import { isSolanaAddress } from '../utils/isSolanaAddress.js'
import { offchainMessage } from '../utils/offchainMessage.js'

/**
 * Whether `signature` (base58, 64 bytes) is an ed25519 signature of the UTF-8 `message` by the
 * key of `address`: of the bare message (software wallets), or of the message wrapped as a Solana
 * off-chain message, which is what a hardware wallet's Solana app signs (`offchainMessage`).
 * Malformed input is `false`, never a throw.
 *
 * @returns true when the signature is valid
 * @example
 * await verifySolanaSignature({ message: 'hello', signature, address })
 */
export async function verifySolanaSignature({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> {
  if (typeof message !== 'string' || typeof signature !== 'string' || !isSolanaAddress(address)) return false
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(signature)) return false
  let bytes: Uint8Array
  try {
    bytes = base58.decode(signature)
  } catch {
    return false
  }
  if (bytes.length !== 64) return false
  const { ed25519 } = await import('../lazy/noble.js')
  try {
    const text = new TextEncoder().encode(message)
    const key = base58.decode(address)
    if (ed25519.verify(bytes, text, key)) return true
    const wrapped = offchainMessage(text)
    return wrapped !== undefined && ed25519.verify(bytes, wrapped, key)
  } catch {
    return false
  }
}
