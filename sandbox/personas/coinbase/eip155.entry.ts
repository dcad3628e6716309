// Coinbase Wallet's browser-extension provider (docs/wallets/coinbase.md cites each behaviour).
import { coinbaseDialect } from './coinbaseDialect.js'
import { installEip155Persona, type PersonaEip1193Provider } from '../../devWallet/installEip155Persona.js'

declare global {
  interface Window {
    coinbaseWalletExtension?: unknown
  }
}

const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#0052ff"/><rect x="11" y="11" width="10" height="10" rx="2" fill="#fff"/></svg>',
)}`

installEip155Persona({
  id: 'eip155/coinbase',
  info: { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet', icon },
  flags: { isCoinbaseWallet: true },
  dialect: coinbaseDialect,
  inject(provider: PersonaEip1193Provider) {
    window.coinbaseWalletExtension = provider
    // Another wallet got there first: window.ethereum becomes Coinbase's, listing every injected
    // provider in window.ethereum.providers.
    const previous = window.ethereum
    if (previous !== undefined && previous !== provider) provider.providers = [previous, provider]
    try {
      window.ethereum = provider
    } catch {
      // window.ethereum is another wallet's read-only property: EIP-6963 still finds Coinbase Wallet.
    }
  },
})
