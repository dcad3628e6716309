import { registerPersona } from '../personas/registerPersona.js'
import { polkadotSandboxSs58Prefix } from '../polkadot/polkadotSandboxChain.js'
import { pageStorage } from '../utils/pageStorage.js'
import { createPolkadotDevWallet, type PolkadotDevWalletControl, type PolkadotWalletDialect } from './createPolkadotDevWallet.js'
import { polkadotDevWalletKeys } from './installPolkadotDevWallet.js'

/** What a Polkadot persona adds for the sandbox's tests beside its `window.__porticoPersonas` handle: the wallet-side account selection. */
export type PolkadotPersonaControls = Pick<PolkadotDevWalletControl, 'share' | 'disconnect'>

declare global {
  interface Window {
    __porticoPolkadotPersonas?: Record<string, PolkadotPersonaControls>
  }
}

/**
 * Installs a Polkadot wallet persona: the dev wallet's two sr25519 dev accounts behind a real
 * extension's `window.injectedWeb3[key]` entry, `{ enable(originName), version }` exactly as the
 * extension's `injectExtension` writes it (no name: a site knows the extension by its key),
 * speaking that extension's dialect (its refusals, the accounts it lists beside the keys, how it
 * treats Ethereum accounts), injected when that extension injects: `late` as Polkadot.js and
 * Talisman, whose content script adds `page.js` as a script element at `document_start` that runs
 * once it has loaded (the persona waits until the page's own scripts have run: `DOMContentLoaded`,
 * then a task), or `early` as SubWallet, whose `page.js` is a `world: "MAIN"` content script that
 * runs before any of the page's scripts. It remembers the sites it authorised across reloads, as an
 * extension does, and registers its panel and test handle.
 *
 * @param parameters the persona's id, its `injectedWeb3` key, name and version, and its dialect
 * @example
 * installPolkadotPersona({ id: 'polkadot/talisman', key: 'talisman', name: 'Talisman', version: '2.0.0', dialect, injection: 'late' })
 */
export function installPolkadotPersona({ id, key, name, version, dialect, injection }: { id: string; key: string; name: string; version: string; dialect: PolkadotWalletDialect; injection: 'early' | 'late' }): void {
  const storage = pageStorage()
  const { entry, control } = createPolkadotDevWallet({ keys: polkadotDevWalletKeys(), name, version, ss58Prefix: polkadotSandboxSs58Prefix, dialect, storageKey: `portico-persona-${id.replace('/', '-')}`, ...(storage ? { storage } : {}) })
  const inject = () => {
    const root = window as unknown as { injectedWeb3?: Record<string, unknown> }
    // As injectExtension does: add to the object other extensions may have made, never replace it.
    root.injectedWeb3 = root.injectedWeb3 || {}
    root.injectedWeb3[key] = { enable: (origin: string) => entry.enable(origin), version }
  }
  const late = () => setTimeout(inject, 0)
  if (injection === 'early') inject()
  else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', late, { once: true })
  else late()
  ;(window.__porticoPolkadotPersonas ??= {})[id] = Object.freeze({ share: control.share, disconnect: control.disconnect })
  const first = control.accounts[0]?.address ?? ''
  registerPersona(id, { ...control, accounts: () => control.accounts.map((account) => account.address) }, { name, account: `${first.slice(0, 6)}…${first.slice(-4)} (+${control.accounts.length - 1})`, network: 'Network: Portico Substrate Devnet' })
}
