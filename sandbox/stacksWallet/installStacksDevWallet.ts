import { stacksProxyUrl } from '../stacks/stacksProxyUrl.js'
import { devStacksKey, devStacksPublicKeyHex } from '../stacks/devStacks.js'
import { stacksSandboxCaipNetworkId, stacksSandboxChainId } from '../stacks/stacksSandboxChain.js'
import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { lazyDevKey } from '../utils/lazyDevKey.js'
import { pageStorage } from '../utils/pageStorage.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { renderControlPanel } from '../walletPanel/renderWalletPanel.js'
import { type StacksDevWalletControl, type StacksDevWalletProvider, createStacksDevWallet } from './createStacksDevWallet.js'
import { stacksDevWalletEntry } from './stacksDevWalletEntry.js'

/** What the wallet exposes on `window.__porticoStacksDevWallet` (for the sandbox's tests and tinkerers). */
export type StacksDevWalletHandle = Readonly<Pick<StacksDevWalletControl, 'setMode' | 'getMode' | 'getState' | 'disconnect' | 'activity'> & { provider: StacksDevWalletProvider; address: string }>

declare global {
  interface Window {
    __porticoStacksDevWallet?: StacksDevWalletHandle
    PorticoStacksDevWallet?: StacksDevWalletProvider
    wbip_providers?: unknown[]
  }
}

/** At the left edge, above the EVM panel: clear of the modal and of the right-hand column of panels. */
const panelCss = `${devWalletPanelCss}\nsection { border-color: #c4b5fd; }\nh2 { color: #5546ff; }\n`

/**
 * Installs the Stacks "Portico Dev Wallet" into the page as a SIP-030 extension would: its provider
 * at `window.PorticoStacksDevWallet`, listed in the WBIP004 `window.wbip_providers` with its name and
 * icon, signing with the dev key for the sandbox chain and broadcasting through the sandbox server's
 * Stacks proxy of the same origin, and its panel with the "Reject requests" switch. Installing twice
 * returns the first installation.
 *
 * @returns the handle, also set as `window.__porticoStacksDevWallet`
 * @example
 * installStacksDevWallet()
 */
export function installStacksDevWallet(): StacksDevWalletHandle {
  const existing = window.__porticoStacksDevWallet
  if (existing) return existing
  const origin = scriptOrigin() ?? window.location.origin
  // Derived on the first signature: a page load does no key math.
  const key = lazyDevKey(devStacksPublicKeyHex, 'privateKey', () => devStacksKey())
  const storage = pageStorage()
  const { provider, control, address } = createStacksDevWallet({
    key,
    chain: { chainId: stacksSandboxChainId, apiUrl: stacksProxyUrl(origin, stacksSandboxCaipNetworkId) },
    ...(storage ? { storage: storage as Storage } : {}),
  })
  Object.defineProperty(window, stacksDevWalletEntry.id, { value: provider, configurable: false, writable: false })
  const list = Array.isArray(window.wbip_providers) ? window.wbip_providers : []
  list.push({ ...stacksDevWalletEntry, methods: [...stacksDevWalletEntry.methods] })
  window.wbip_providers = list
  const handle: StacksDevWalletHandle = Object.freeze({
    setMode: control.setMode,
    getMode: control.getMode,
    getState: control.getState,
    disconnect: control.disconnect,
    activity: control.activity,
    provider,
    address,
  })
  Object.defineProperty(window, '__porticoStacksDevWallet', { value: handle, configurable: false, writable: false })
  renderControlPanel(document, control, {
    title: 'Portico Dev Wallet (Stacks)',
    titleId: 'portico-stacks-dev-wallet-title',
    hostAttribute: 'data-portico-stacks-dev-wallet',
    place: { side: 'left', order: 4 },
    css: panelCss,
    account: `${address.slice(0, 6)}…${address.slice(-4)}`,
    network: 'Network: Portico Stacks devnet',
  })
  return handle
}
