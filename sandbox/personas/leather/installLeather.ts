import { pageStorage } from '../../utils/pageStorage.js'
import { createLeatherWallet, leatherListing, type LeatherWallet } from './createLeatherWallet.js'

const key = Symbol.for('portico.persona.leather')

/**
 * Puts Leather's one provider into the page, once for both of its personas (Bitcoin, Stacks): the
 * first script to run creates `window.LeatherProvider` (a getter, as Leather defines it) and Leather's
 * `btc_providers` entry; the second finds it and adds its own methods. The instance lives on the
 * window, since each persona script is a bundle of its own.
 *
 * @example
 * installLeather().wallet.define('bip122', methods)
 */
export function installLeather(): LeatherWallet {
  const page = window as unknown as Record<symbol, LeatherWallet | undefined> & { btc_providers?: unknown[] }
  const existing = page[key]
  if (existing) return existing
  const storage = pageStorage()
  const leather = createLeatherWallet(storage ? { storage } : {})
  Object.defineProperty(window, key, { value: leather, configurable: false, writable: false })
  Object.defineProperty(window, 'LeatherProvider', { get: () => leather.provider, set: () => {}, configurable: false })
  if (!Array.isArray(page.btc_providers)) page.btc_providers = []
  page.btc_providers.push({ ...leatherListing, methods: [...leatherListing.methods] })
  return leather
}
