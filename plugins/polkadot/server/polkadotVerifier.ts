import { verifyPolkadotSignature } from './peerActions.js'
import { isPolkadotAddress } from '../utils/ss58.js'

/**
 * Polkadot's sign-in verifier for `createSiwxServer` (`portico/siwx/server`): SS58 addresses of any
 * network prefix, and `signRaw` signatures (sr25519, ed25519 or ecdsa, over the message wrapped in
 * `<Bytes>…</Bytes>` or bare), checked as the plugin checks them in the browser.
 *
 * @example
 * createSiwxServer({ domain, chains, verifiers: { polkadot: polkadotVerifier } })
 */
export const polkadotVerifier = {
  label: 'Polkadot',
  isAddress: (address: string): boolean => isPolkadotAddress(address),
  verify: ({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> => verifyPolkadotSignature({ message, signature, address }),
}
