import { pageStorage } from '../../utils/pageStorage.js'
import { createXverseWallet, xverseListing, type XverseWallet } from './createXverseWallet.js'

const key = Symbol.for('portico.persona.xverse')

declare global {
  interface Window {
    /** The Xverse persona's test hook: the visitor switching accounts in Xverse (docs/wallets/xverse.md). */
    __porticoXversePersona?: { switchAccount(account: number, options?: { allowed?: boolean }): void; account(): string }
  }
}

/**
 * Puts Xverse into the page once for both of its personas (Bitcoin, Stacks), as its inpage script
 * does: `window.XverseProviders = { BitcoinProvider, StacksProvider }`, `window.BitcoinProvider`
 * (and `window.StacksProvider` when no other wallet holds it), and its `btc_providers` entry. The
 * second persona script finds the first's instance on the window and adds its methods.
 *
 * @example
 * installXverse().wallet.define('stacks', methods)
 */
export function installXverse(): XverseWallet {
  const page = window as unknown as Record<symbol, XverseWallet | undefined> & Record<string, unknown> & { btc_providers?: unknown[] }
  const existing = page[key]
  if (existing) return existing
  const storage = pageStorage()
  const xverse = createXverseWallet(storage ? { storage } : {})
  Object.defineProperty(window, key, { value: xverse, configurable: false, writable: false })
  page.XverseProviders = { BitcoinProvider: xverse.provider, StacksProvider: xverse.stacksProvider }
  try {
    page.BitcoinProvider = xverse.provider
    if (page.StacksProvider === undefined) page.StacksProvider = xverse.stacksProvider
  } catch {
    // Another wallet holds them immutably; Xverse logs and goes on too.
  }
  if (!Array.isArray(page.btc_providers)) page.btc_providers = []
  page.btc_providers.push({ ...xverseListing, methods: [...xverseListing.methods] })
  window.__porticoXversePersona = Object.freeze({ switchAccount: xverse.switchAccount, account: () => xverse.keyring().payment.address })
  return xverse
}
