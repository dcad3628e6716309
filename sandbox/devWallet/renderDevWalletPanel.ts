import type { CreateDevWalletProviderReturnType } from './createDevWalletProvider.js'
import { devWalletPanelCss } from './devWalletPanelCss.js'

export type RenderDevWalletPanelParameters = {
  control: CreateDevWalletProviderReturnType['control']
  address: string
  document: Document
}

export type RenderDevWalletPanelReturnType = { host: HTMLElement; destroy(): void }

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * Renders the dev wallet's small fixed panel into the page, inside its own shadow root: the
 * connection status, the current chain, the "Reject requests" switch and a "Disconnect site" button.
 * Built with DOM calls only (no `innerHTML`, no inline styles), so it works under a strict CSP.
 *
 * @param parameters the wallet's controls, its address and the document to render into
 * @returns the host element and a function that removes the panel
 * @example
 * renderDevWalletPanel({ control, address, document })
 */
export function renderDevWalletPanel(parameters: RenderDevWalletPanelParameters): RenderDevWalletPanelReturnType {
  const { control, address, document: doc } = parameters
  const host = doc.createElement('div')
  host.setAttribute('data-portico-dev-wallet', '')
  const root = host.attachShadow({ mode: 'open' })
  const view = doc.defaultView
  if (view && 'adoptedStyleSheets' in root && typeof view.CSSStyleSheet === 'function') {
    const sheet = new view.CSSStyleSheet()
    sheet.replaceSync(devWalletPanelCss)
    root.adoptedStyleSheets = [sheet]
  }

  const section = doc.createElement('section')
  section.setAttribute('aria-labelledby', 'portico-dev-wallet-title')
  const title = doc.createElement('h2')
  title.id = 'portico-dev-wallet-title'
  title.textContent = 'Portico Dev Wallet'
  const account = doc.createElement('p')
  const chain = doc.createElement('p')
  chain.className = 'muted'

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
    account.textContent = state.connected ? `Connected: ${shortAddress(address)}` : 'Not connected to this site'
    const current = control.chains().find((c) => c.chainId === state.chainId)
    chain.textContent = `Network: ${current ? current.name : 'unknown'} (${state.chainId})`
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
