import { base64 } from '@scure/base'
import { bitcoinSandboxCaipNetworkId } from '../bitcoin/bitcoinSandboxChain.js'
import { devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath, devBitcoinOrdinalsPublicKeyHex, devBitcoinPublicKeyHex } from '../bitcoin/devBitcoin.js'
import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { lazyDevKey } from '../utils/lazyDevKey.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { renderControlPanel } from '../walletPanel/renderWalletPanel.js'
import { type BitcoinDevWalletControl, type BitcoinDevWalletProvider, createBitcoinDevWallet } from './createBitcoinDevWallet.js'

/** What the wallet exposes on `window.__porticoBitcoinDevWallet` (for the sandbox's tests and tinkerers). */
export type BitcoinDevWalletHandle = Readonly<
  Pick<BitcoinDevWalletControl, 'setMode' | 'getMode' | 'getState' | 'disconnect' | 'activity' | 'paymentAddress' | 'ordinalsAddress'> & { provider: BitcoinDevWalletProvider }
>

declare global {
  interface Window {
    __porticoBitcoinDevWallet?: BitcoinDevWalletHandle
    PorticoDevWalletBitcoin?: BitcoinDevWalletProvider
  }
}

/** The dev wallet's icon, announced with it. */
export const bitcoinDevWalletIcon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#c2410c"/><path d="M8 25V10l8-4 8 4v15h-4V12l-4-2-4 2v13z" fill="#fff"/></svg>',
  ),
)}`
/** Beside the EVM and Solana panels. */
const panelCss = `${devWalletPanelCss}\nsection { border-color: #fdba74; }\nh2 { color: #c2410c; }\n`

/**
 * Installs the Bitcoin "Portico Dev Wallet" into the page as an extension would (WBIP004): the
 * provider at `window.PorticoDevWalletBitcoin`, listed in `window.btc_providers` (id, name, icon,
 * methods), broadcasting through the sandbox server's Esplora proxy of the same origin
 * (`/v1/esplora/demo/<caip2>/api`), and the panel with the "Reject requests" switch. Installing
 * twice returns the first installation.
 *
 * @returns the handle, also set as `window.__porticoBitcoinDevWallet`
 * @example
 * installBitcoinDevWallet()
 */
export function installBitcoinDevWallet(): BitcoinDevWalletHandle {
  const existing = window.__porticoBitcoinDevWallet
  if (existing) return existing
  const origin = scriptOrigin() ?? window.location.origin
  const { provider, control } = createBitcoinDevWallet({
    // Derived on the first signature: a page load does no key math.
    paymentKey: lazyDevKey(devBitcoinPublicKeyHex, 'privateKey', devBitcoinKey),
    ordinalsKey: lazyDevKey(devBitcoinOrdinalsPublicKeyHex, 'privateKey', () => devBitcoinKeyAt(devBitcoinOrdinalsPath)),
    esploraUrl: `${origin}/v1/esplora/demo/${bitcoinSandboxCaipNetworkId}/api`,
    icon: bitcoinDevWalletIcon,
  })
  Object.defineProperty(window, provider.id, { value: provider, configurable: false, writable: false })
  // WBIP004's list (typed here as the page holds it, not as any one client library declares it).
  const page = window as unknown as { btc_providers?: { id: string; name: string; icon: string; webUrl?: string; methods?: string[] }[] }
  page.btc_providers = [...(page.btc_providers ?? []), { id: provider.id, name: provider.name, icon: bitcoinDevWalletIcon, webUrl: provider.webUrl, methods: [...provider.methods] }]
  const handle: BitcoinDevWalletHandle = Object.freeze({
    setMode: control.setMode,
    getMode: control.getMode,
    getState: control.getState,
    disconnect: control.disconnect,
    activity: control.activity,
    paymentAddress: control.paymentAddress,
    get ordinalsAddress() {
      return control.ordinalsAddress
    },
    provider,
  })
  Object.defineProperty(window, '__porticoBitcoinDevWallet', { value: handle, configurable: false, writable: false })
  renderControlPanel(document, control, {
    title: 'Portico Dev Wallet (Bitcoin)',
    titleId: 'portico-bitcoin-dev-wallet-title',
    hostAttribute: 'data-portico-bitcoin-dev-wallet',
    place: { side: 'right', order: 4 },
    css: panelCss,
    account: `${control.paymentAddress.slice(0, 8)}…${control.paymentAddress.slice(-4)}`,
    network: 'Network: Bitcoin regtest',
  })
  return handle
}
