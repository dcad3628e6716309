import { base64 } from '@scure/base'

import { sandboxRpcProxyUrl, sandboxSuiChain } from '../config.js'
import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { pageStorage } from '../utils/pageStorage.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { renderControlPanel } from '../walletPanel/renderWalletPanel.js'
import { type StandardDevWalletHandle, standardDevWalletHandle } from '../walletStandard/standardDevWalletHandle.js'
import { createSuiDevWallet } from './createSuiDevWallet.js'
import { lazySuiKeypair } from './lazySuiKeypair.js'

/** What the wallet exposes on `window.__porticoSuiDevWallet` (for the sandbox's tests and tinkerers). */
export type SuiDevWalletHandle = StandardDevWalletHandle

declare global {
  interface Window {
    __porticoSuiDevWallet?: SuiDevWalletHandle
  }
}

/** The dev wallet's icon, announced with it. */
export const suiDevWalletIcon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><path d="M8 25V10l8-4 8 4v15h-4V12l-4-2-4 2v13z" fill="#fff"/></svg>',
  ),
)}` as const
/**
 * Bottom right above the Bitcoin panel, clear of the header and of the centred modal; on a phone it
 * goes under the modal's sheet at the bottom like the others.
 */
const panelCss = `${devWalletPanelCss}\nsection { border-color: #93c5fd; }\nh2 { color: #1d4ed8; }\n`

/**
 * Installs the Sui "Portico Dev Wallet" into the page as an extension would: a Wallet Standard
 * wallet on `sui:localnet`, registered by the standard's events, resolving and executing through
 * the sandbox server's JSON-RPC proxy of the same origin, and its panel with the "Reject requests"
 * switch. Installing twice returns the first installation.
 *
 * @returns the handle, also set as `window.__porticoSuiDevWallet`
 * @example
 * installSuiDevWallet()
 */
export function installSuiDevWallet(): SuiDevWalletHandle {
  const existing = window.__porticoSuiDevWallet
  if (existing) return existing
  const origin = scriptOrigin() ?? window.location.origin
  const rpcUrl = sandboxRpcProxyUrl(origin, sandboxSuiChain.caipNetworkId)
  const { wallet, control } = createSuiDevWallet({
    keypair: lazySuiKeypair(),
    rpcUrl: (chain) => (chain === sandboxSuiChain.caipNetworkId ? rpcUrl : undefined),
    icon: suiDevWalletIcon,
    storage: pageStorage(),
  })
  const handle: SuiDevWalletHandle = standardDevWalletHandle({ wallet, control, name: '__porticoSuiDevWallet' })
  renderControlPanel(document, control, {
    title: 'Portico Dev Wallet (Sui)',
    titleId: 'portico-sui-dev-wallet-title',
    hostAttribute: 'data-portico-sui-dev-wallet',
    place: { side: 'right', order: 3 },
    css: panelCss,
    account: `${control.address.slice(0, 6)}…${control.address.slice(-4)}`,
    network: 'Network: Sui localnet',
  })
  return handle
}
