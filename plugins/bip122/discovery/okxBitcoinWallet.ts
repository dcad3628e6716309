import type { BitcoinWallet } from './bitcoinWallet.js'
import { unisatStyleWallet } from './unisatStyleWallet.js'
import { isRecord } from './walletText.js'

/**
 * Wraps OKX Wallet's Bitcoin provider, `window.okxwallet.bitcoin` (the EVM provider is
 * `window.okxwallet` itself), as a {@link BitcoinWallet}. It speaks Unisat's dialect
 * (`requestAccounts`, `getAccounts`, `getPublicKey`, `signMessage(message, type)`, hex
 * `signPsbt(hex, { autoFinalized, toSignInputs })`, `sendBitcoin`), with its own account event:
 * `accountChanged` carries one `{ address, publicKey, compressedPublicKey }` (nothing when the site
 * is disconnected), per https://web3.okx.com/build/dev-docs/sdks/chains/bitcoin/provider.
 *
 * @param provider - `window.okxwallet.bitcoin`
 * @returns the wallet, or `undefined` when the object lacks `requestAccounts`
 * @example
 * const wallet = okxBitcoinWallet(window.okxwallet?.bitcoin)
 */
export function okxBitcoinWallet(provider: unknown): BitcoinWallet | undefined {
  return unisatStyleWallet(provider, {
    id: 'okx',
    name: 'OKX Wallet',
    style: 'okx',
    events: [{ name: 'accountChanged', addresses: (info) => (isRecord(info) && typeof info.address === 'string' && info.address.length <= 100 ? [info.address] : []) }],
  })
}
