import { verifySolanaSignature } from '../actions/verifySolanaSignature.js'
import { isSolanaAddress } from '../utils/isSolanaAddress.js'

/**
 * Solana's sign-in verifier for `createSiwxServer` (`portico/siwx/server`): base58 ed25519 public
 * keys as addresses, and ed25519 signatures of the message (or of the message wrapped as a Solana
 * off-chain message, what a hardware wallet signs), checked as the plugin checks them in the browser.
 *
 * @example
 * createSiwxServer({ domain, chains, verifiers: { solana: solanaVerifier } })
 */
export const solanaVerifier = {
  label: 'Solana',
  isAddress: (address: string): boolean => isSolanaAddress(address),
  verify: ({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> => verifySolanaSignature({ message, signature, address }),
}
