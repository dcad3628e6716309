import { verifyBitcoinSignature } from '../actions/verifyBitcoinSignature.js'
import { isBitcoinAddress } from '../utils/decodeBitcoinAddress.js'

/**
 * Bitcoin's sign-in verifier for `createSiwxServer` (`portico/siwx/server`): addresses of every type
 * on mainnet, testnet and regtest, and BIP-322 (simple) or BIP-137 signatures, checked as the plugin
 * checks them in the browser.
 *
 * @example
 * createSiwxServer({ domain, chains, verifiers: { bip122: bip122Verifier } })
 */
export const bip122Verifier = {
  label: 'Bitcoin',
  isAddress: (address: string): boolean => isBitcoinAddress(address),
  verify: ({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> => verifyBitcoinSignature({ message, signature, address }),
}
