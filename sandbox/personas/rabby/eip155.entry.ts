// Rabby's EVM provider, as its page provider (@rabby-wallet/page-provider) injects it when Rabby is
// the default wallet (docs/wallets/rabby.md cites each behaviour).
import { rabbyDialect } from './rabbyDialect.js'
import { installEip155Persona, type PersonaEip1193Provider } from '../../devWallet/installEip155Persona.js'

declare global {
  interface Window {
    rabby?: unknown
  }
}

const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#7084ff"/><path d="M6 18c2-6 10-8 15-5 3 1 5 4 5 5-4 1-8 0-10-1l-8 9c2-4 3-6 5-8z" fill="#fff"/></svg>',
)}`

installEip155Persona({
  id: 'eip155/rabby',
  info: { name: 'Rabby Wallet', rdns: 'io.rabby', icon },
  // Both flags: Rabby answers sites that only look for isMetaMask.
  flags: { isRabby: true, isMetaMask: true, _isRabby: true },
  dialect: rabbyDialect,
  inject(provider: PersonaEip1193Provider) {
    Object.defineProperty(window, 'rabby', { value: provider, configurable: false, writable: false })
    // window.ethereum is a getter for another object (a proxy Rabby routes to itself or to the wallet
    // the user chose), not the provider it announces; assigning it afterwards changes nothing.
    const routed = new Proxy(provider, {})
    const descriptor = Object.getOwnPropertyDescriptor(window, 'ethereum')
    if (!descriptor || descriptor.configurable) Object.defineProperty(window, 'ethereum', { get: () => routed, set: () => undefined, configurable: false })
    else window.ethereum = routed
    window.dispatchEvent(new Event('ethereum#initialized'))
  },
})
