import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { devPolkadotAccounts, devPolkadotKey, devPolkadotPublicKeysHex } from '../polkadot/devPolkadot.js'
import { polkadotSandboxSs58Prefix } from '../polkadot/polkadotSandboxChain.js'
import { lazyDevKey } from '../utils/lazyDevKey.js'
import { pageStorage } from '../utils/pageStorage.js'
import { renderControlPanel } from '../walletPanel/renderWalletPanel.js'
import { polkadotDevWalletIcon } from './polkadotDevWalletIcon.js'
import type { PolkadotDevKey } from './derivePolkadotDevKey.js'
import { type PolkadotDevWalletControl, type PolkadotDevWalletEntry, createPolkadotDevWallet } from './createPolkadotDevWallet.js'

/** What the wallet exposes on `window.__porticoPolkadotDevWallet` (for the sandbox's tests and tinkerers). */
export type PolkadotDevWalletHandle = Readonly<Pick<PolkadotDevWalletControl, 'setMode' | 'getMode' | 'getState' | 'disconnect' | 'activity' | 'accounts'> & { entry: PolkadotDevWalletEntry }>

/** The key under `window.injectedWeb3`. */
export const polkadotDevWalletKey = 'portico-dev-wallet'

declare global {
  interface Window {
    __porticoPolkadotDevWallet?: PolkadotDevWalletHandle
  }
}

/** At the left edge, above the Stacks panel (which sits above the EVM one): clear of the modal and of the other panels. */
const panelCss = `${devWalletPanelCss}\nsection { border-color: #f9a8d4; }\nh2 { color: #be185d; }\n`

/**
 * The dev wallet's two sr25519 accounts as lazy keys (public keys written out, secrets derived on
 * the first signature), shared by the dev wallet and the Polkadot wallet personas.
 *
 * @example
 * createPolkadotDevWallet({ keys: polkadotDevWalletKeys() })
 */
export function polkadotDevWalletKeys(): { name: string; key: PolkadotDevKey }[] {
  return devPolkadotAccounts.map(({ name }, index) => ({ name, key: lazyDevKey(devPolkadotPublicKeysHex[index]!, 'secretKey', () => devPolkadotKey(index as 0 | 1)) }))
}

/**
 * Installs the Polkadot "Portico Dev Wallet" into the page as the Polkadot.js extension would: an
 * entry in `window.injectedWeb3` with its two sr25519 dev accounts (the dev mnemonic and `//1`, as
 * the extension derives them), and the panel with the "Reject requests" switch. Installing twice
 * returns the first installation.
 *
 * @returns the handle, also set as `window.__porticoPolkadotDevWallet`
 * @example
 * installPolkadotDevWallet()
 */
export function installPolkadotDevWallet(): PolkadotDevWalletHandle {
  const existing = window.__porticoPolkadotDevWallet
  if (existing) return existing
  // Derived on the first signature: a page load does no key math.
  const { entry, control } = createPolkadotDevWallet({ keys: polkadotDevWalletKeys(), ss58Prefix: polkadotSandboxSs58Prefix, icon: polkadotDevWalletIcon, ...(pageStorage() ? { storage: pageStorage() as Storage } : {}) })
  const root = window as unknown as { injectedWeb3?: Record<string, unknown> }
  root.injectedWeb3 ??= {}
  Object.defineProperty(root.injectedWeb3, polkadotDevWalletKey, { value: entry, configurable: false, writable: false, enumerable: true })
  const handle: PolkadotDevWalletHandle = Object.freeze({
    setMode: control.setMode,
    getMode: control.getMode,
    getState: control.getState,
    disconnect: control.disconnect,
    activity: control.activity,
    accounts: control.accounts,
    entry,
  })
  Object.defineProperty(window, '__porticoPolkadotDevWallet', { value: handle, configurable: false, writable: false })
  const first = control.accounts[0]?.address ?? ''
  renderControlPanel(document, control, {
    title: 'Portico Dev Wallet (Polkadot)',
    titleId: 'portico-polkadot-dev-wallet-title',
    hostAttribute: 'data-portico-polkadot-dev-wallet',
    place: { side: 'left', order: 3 },
    css: panelCss,
    account: `${first.slice(0, 6)}…${first.slice(-4)} (+${control.accounts.length - 1})`,
    network: 'Network: Portico Substrate Devnet',
  })
  return handle
}
