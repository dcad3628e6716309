// MetaMask's EVM provider, as the extension injects it (docs/wallets/metamask.md cites each behaviour).
import { metamaskDialect } from './metamaskDialect.js'
import { installEip155Persona } from '../../devWallet/installEip155Persona.js'

const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f6851b"/><path d="M7 9l9 6 9-6-3 14H10z" fill="#fff"/></svg>',
)}`

installEip155Persona({
  id: 'eip155/metamask',
  // The extension's EIP-6963 info: its build name and app id.
  info: { name: 'MetaMask', rdns: 'io.metamask', icon },
  flags: { isMetaMask: true, _metamask: Object.freeze({ isUnlocked: async () => true }) },
  dialect: metamaskDialect(() => window.location.origin),
  inject(provider) {
    // @metamask/providers' setGlobalProvider: window.ethereum is the announced object itself.
    window.ethereum = provider
    window.dispatchEvent(new Event('ethereum#initialized'))
  },
})
