import { verifyCosmosSignature } from '../actions/verifyCosmosSignature.js'
import { isCosmosAddress } from '../utils/isCosmosAddress.js'

/**
 * Cosmos's sign-in verifier for `createSiwxServer` (`portico/siwx/server`): bech32 account addresses
 * of any prefix, and ADR-36 `signArbitrary` signatures (Keplr's `{ pub_key, signature }` JSON),
 * checked as the plugin checks them in the browser.
 *
 * @example
 * createSiwxServer({ domain, chains, verifiers: { cosmos: cosmosVerifier } })
 */
export const cosmosVerifier = {
  label: 'Cosmos',
  isAddress: (address: string): boolean => isCosmosAddress(address),
  verify: ({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> => verifyCosmosSignature({ message, signature, address }),
}
