import { verifySuiPersonalMessage } from '../actions/verifySuiPersonalMessage.js'
import { isSuiAddress } from '../utils/isSuiAddress.js'

/**
 * Sui's sign-in verifier for `createSiwxServer` (`portico/siwx/server`): `0x` + 64-hex addresses,
 * and `sui:signPersonalMessage` signatures (ed25519, secp256k1, secp256r1), checked as the plugin
 * checks them in the browser.
 *
 * @example
 * createSiwxServer({ domain, chains, verifiers: { sui: suiVerifier } })
 */
export const suiVerifier = {
  label: 'Sui',
  isAddress: (address: string): boolean => isSuiAddress(address),
  verify: ({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> => verifySuiPersonalMessage({ message, signature, address }),
}
