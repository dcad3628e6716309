import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { renderControlPanel } from '../walletPanel/renderWalletPanel.js'
import type { SolanaDevWalletControl } from './createSolanaDevWallet.js'

export type RenderSolanaDevWalletPanelParameters = { control: SolanaDevWalletControl; document: Document }
export type RenderSolanaDevWalletPanelReturnType = { host: HTMLElement; destroy(): void }

/** The EVM dev wallet's panel sits at the bottom left; this one goes beside it. */
const panelCss = `${devWalletPanelCss}\nsection { border-color: #99f6e4; }\nh2 { color: #0f766e; }\n`

/**
 * Renders the Solana dev wallet's small fixed panel in its own shadow root: the connection status,
 * the chain, the "Reject requests" switch and a "Disconnect site" button. DOM calls and a
 * constructable stylesheet only (no `innerHTML`, no inline style), so it works under a strict CSP.
 *
 * @returns the host element and a function that removes the panel
 * @example
 * renderSolanaDevWalletPanel({ control, document })
 */
export function renderSolanaDevWalletPanel({ control, document: doc }: RenderSolanaDevWalletPanelParameters): RenderSolanaDevWalletPanelReturnType {
  return renderControlPanel(doc, control, {
    title: 'Portico Dev Wallet (Solana)',
    titleId: 'portico-solana-dev-wallet-title',
    hostAttribute: 'data-portico-solana-dev-wallet',
    place: { side: 'left', order: 2 },
    css: panelCss,
    account: `${control.address.slice(0, 4)}…${control.address.slice(-4)}`,
    network: 'Network: Solana localnet',
  })
}
