import { cosmosSandboxChainId } from '../cosmos/cosmosSandboxChain.js'
import { devCosmosAddress, devCosmosKey, devCosmosPublicKeyHex } from '../cosmos/devCosmos.js'
import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { lazyDevKey } from '../utils/lazyDevKey.js'
import { pageStorage } from '../utils/pageStorage.js'
import { renderControlPanel } from '../walletPanel/renderWalletPanel.js'
import { cosmosDevWalletEntry } from './cosmosDevWalletEntry.js'
import { type CosmosDevWalletControl, type CosmosDevWalletProvider, createCosmosDevWallet } from './createCosmosDevWallet.js'

/** What the wallet exposes on `window.__porticoCosmosDevWallet` (for the sandbox's tests and tinkerers). */
export type CosmosDevWalletHandle = Readonly<Pick<CosmosDevWalletControl, 'setMode' | 'getMode' | 'getState' | 'disconnect' | 'activity'> & { provider: CosmosDevWalletProvider; address: string }>

declare global {
  interface Window {
    __porticoCosmosDevWallet?: CosmosDevWalletHandle
    porticoCosmosDevWallet?: CosmosDevWalletProvider
  }
}

/** At the right edge, above the Sui panel (which sits above the Bitcoin one): clear of the modal and of the other panels. */
const panelCss = `${devWalletPanelCss}\nsection { border-color: #a5b4fc; }\nh2 { color: #4338ca; }\n`

/**
 * Installs the Cosmos "Portico Dev Wallet" into the page as a Keplr-style extension would: the
 * Keplr-compatible provider at `window.porticoCosmosDevWallet` (a site lists it with
 * `cosmos({ wallets: [cosmosDevWalletEntry] })`), firing `keplr_keystorechange` on the window,
 * broadcasting through the sandbox server's Cosmos proxy of the same origin, and the panel with the
 * "Reject requests" switch. It knows no chain until a site suggests one (`experimentalSuggestChain`),
 * like Keplr with a chain it has never seen. Installing twice returns the first installation.
 *
 * @returns the handle, also set as `window.__porticoCosmosDevWallet`
 * @example
 * installCosmosDevWallet()
 */
export function installCosmosDevWallet(): CosmosDevWalletHandle {
  const existing = window.__porticoCosmosDevWallet
  if (existing) return existing
  // Derived on the first signature: a page load does no key math.
  const key = lazyDevKey(devCosmosPublicKeyHex, 'privateKey', () => devCosmosKey())
  const { provider, control } = createCosmosDevWallet({ key, knownChains: {}, target: window, ...(pageStorage() ? { storage: pageStorage() as Storage } : {}) })
  Object.defineProperty(window, cosmosDevWalletEntry.path, { value: provider, configurable: false, writable: false })
  const handle: CosmosDevWalletHandle = Object.freeze({
    setMode: control.setMode,
    getMode: control.getMode,
    getState: control.getState,
    disconnect: control.disconnect,
    activity: control.activity,
    provider,
    address: devCosmosAddress,
  })
  Object.defineProperty(window, '__porticoCosmosDevWallet', { value: handle, configurable: false, writable: false })
  renderControlPanel(document, control, {
    title: 'Portico Dev Wallet (Cosmos)',
    titleId: 'portico-cosmos-dev-wallet-title',
    hostAttribute: 'data-portico-cosmos-dev-wallet',
    place: { side: 'right', order: 2 },
    css: panelCss,
    account: `${devCosmosAddress.slice(0, 10)}…${devCosmosAddress.slice(-4)}`,
    network: `Network: ${cosmosSandboxChainId} (when suggested)`,
  })
  window.dispatchEvent(new Event('keplr_keystorechange'))
  return handle
}
