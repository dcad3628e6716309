import type { BitcoinWallet } from './bitcoinWallet.js'
import { addressList, unisatStyleWallet } from './unisatStyleWallet.js'

/**
 * Wraps `window.unisat` (Unisat and its Bitget / Binance Web3 clones) as a {@link BitcoinWallet}:
 * its one current address, BIP-322 simple messages, hex PSBTs (`signPsbt(hex, { autoFinalized,
 * toSignInputs })`), `sendBitcoin`, and `accountsChanged` (a list of addresses; empty when the site
 * is disconnected), as documented at https://docs.unisat.io/dev/open-api-documentation/unisat-wallet.
 *
 * @param unisat - the injected object
 * @returns the wallet, or `undefined` when the object lacks `requestAccounts`
 * @example
 * const wallet = unisatWallet(window.unisat)
 */
export function unisatWallet(unisat: unknown): BitcoinWallet | undefined {
  return unisatStyleWallet(unisat, { id: 'unisat', name: 'Unisat', style: 'unisat', events: [{ name: 'accountsChanged', addresses: (payload) => addressList(payload) ?? [] }] })
}
