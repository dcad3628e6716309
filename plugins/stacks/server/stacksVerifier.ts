import { verifyStacksMessageSignature } from '../actions/verifyStacksMessageSignature.js'
import { isStacksAddress } from '../utils/isStacksAddress.js'

/**
 * Stacks's sign-in verifier for `createSiwxServer` (`portico/siwx/server`): c32check account addresses
 * (mainnet and testnet), and `stx_signMessage` signatures (recoverable secp256k1 over the Stacks
 * message hash), checked as the plugin checks them in the browser.
 *
 * @example
 * createSiwxServer({ domain, chains, verifiers: { stacks: stacksVerifier } })
 */
export const stacksVerifier = {
  label: 'Stacks',
  isAddress: (address: string): boolean => isStacksAddress(address),
  verify: ({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> => verifyStacksMessageSignature({ message, signature, address }),
}
