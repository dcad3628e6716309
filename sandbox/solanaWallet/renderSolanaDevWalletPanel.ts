import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import type { SolanaDevWalletControl } from './createSolanaDevWallet.js'

export type RenderSolanaDevWalletPanelParameters = { control: SolanaDevWalletControl; document: Document }
export type RenderSolanaDevWalletPanelReturnType = { host: HTMLElement; destroy(): void }

/** The EVM dev wallet's panel sits at the bottom left; this one goes beside it. */
const panelCss = `${devWalletPanelCss}\n:host { left: 256px; }\nsection { border-color: #99f6e4; }\nh2 { color: #0f766e; }\n`

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
  const host = doc.createElement('div')
  host.setAttribute('data-portico-solana-dev-wallet', '')
  const root = host.attachShadow({ mode: 'open' })
  const view = doc.defaultView
  if (view && 'adoptedStyleSheets' in root && typeof view.CSSStyleSheet === 'function') {
    const sheet = new view.CSSStyleSheet()
    sheet.replaceSync(panelCss)
    root.adoptedStyleSheets = [sheet]
  }
  const section = doc.createElement('section')
  section.setAttribute('aria-labelledby', 'portico-solana-dev-wallet-title')
  const title = doc.createElement('h2')
  title.id = 'portico-solana-dev-wallet-title'
  title.textContent = 'Portico Dev Wallet (Solana)'
  const account = doc.createElement('p')
  const chain = doc.createElement('p')
  chain.className = 'muted'
  chain.textContent = 'Network: Solana localnet'
  const label = doc.createElement('label')
  const toggle = doc.createElement('input')
  toggle.type = 'checkbox'
  toggle.setAttribute('role', 'switch')
  toggle.addEventListener('change', () => control.setMode(toggle.checked ? 'reject' : 'approve'))
  label.append(toggle, doc.createTextNode('Reject requests'))
  const disconnect = doc.createElement('button')
  disconnect.type = 'button'
  disconnect.textContent = 'Disconnect site'
  disconnect.addEventListener('click', () => control.disconnect())
  const last = doc.createElement('p')
  last.className = 'muted'
  last.setAttribute('role', 'status')
  section.append(title, account, chain, label, disconnect, last)
  root.append(section)

  function update(): void {
    const state = control.getState()
    account.textContent = state.connected ? `Connected: ${control.address.slice(0, 4)}…${control.address.slice(-4)}` : 'Not connected to this site'
    toggle.checked = state.mode === 'reject'
    disconnect.hidden = !state.connected
    const entry = control.activity().at(-1)
    last.textContent = entry ? `Last request: ${entry.method} (${entry.outcome})` : ''
  }
  update()
  const unsubscribe = control.subscribe(update)
  const mount = () => (doc.body ?? doc.documentElement).append(host)
  if (doc.body) mount()
  else doc.addEventListener('DOMContentLoaded', mount, { once: true })
  return {
    host,
    destroy() {
      unsubscribe()
      host.remove()
    },
  }
}
