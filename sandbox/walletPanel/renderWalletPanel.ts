import { mountInDock, type PanelPlace } from './mountInDock.js'
import { attachStyledShadow } from './attachStyledShadow.js'

/** What a dev wallet's panel shows and can do; each wallet maps its own controls onto it. */
export type WalletPanelSource = {
  /** The panel's heading, which is also its accessible name. */
  title: string
  /** An id for the heading, unique in the page. */
  titleId: string
  /** Attribute set on the panel's host element (`data-…`), for tests and for styling. */
  hostAttribute: string
  /** Where the panel sits in the page's dock of dev wallet panels. */
  place: PanelPlace
  css: string
  /** What to show now. */
  read(): { connected: boolean; account: string; network: string; mode: 'approve' | 'reject'; last?: { method: string; outcome: string; memo?: string }; accountType?: string; smartAccount?: boolean; batch?: string }
  setMode(mode: 'approve' | 'reject'): void
  /** When given, a "Smart account" switch (the EVM dev wallet's ERC-4337 account). */
  setSmartAccount?(on: boolean): void
  disconnect(): void
  /** Calls `fn` after every change; returns an unsubscribe. */
  subscribe(fn: () => void): () => void
}

export type RenderWalletPanelReturnType = { host: HTMLElement; destroy(): void }

/**
 * Renders a dev wallet's small panel into the page's dock of panels (`mountInDock`), inside its own shadow root: the
 * connection status, the network, the "Reject requests" switch and a "Disconnect site" button.
 * Built with DOM calls only (no `innerHTML`, no inline styles; the CSS is a constructable
 * stylesheet), so it works under a strict CSP.
 *
 * @example
 * renderWalletPanel(document, { title: 'Portico Dev Wallet', titleId: 'x', hostAttribute: 'data-x', css, read, setMode, disconnect, subscribe })
 */
export function renderWalletPanel(doc: Document, source: WalletPanelSource): RenderWalletPanelReturnType {
  const host = doc.createElement('div')
  host.setAttribute(source.hostAttribute, '')
  const root = attachStyledShadow(host, source.css)

  const section = doc.createElement('section')
  section.setAttribute('aria-labelledby', source.titleId)
  const title = doc.createElement('h2')
  title.id = source.titleId
  title.textContent = source.title
  const account = doc.createElement('p')
  const network = doc.createElement('p')
  network.className = 'muted'

  const label = doc.createElement('label')
  const toggle = doc.createElement('input')
  toggle.type = 'checkbox'
  toggle.setAttribute('role', 'switch')
  toggle.addEventListener('change', () => source.setMode(toggle.checked ? 'reject' : 'approve'))
  label.append(toggle, doc.createTextNode('Reject requests'))

  const accountType = doc.createElement('p')
  accountType.className = 'muted'
  const smartLabel = doc.createElement('label')
  const smartToggle = doc.createElement('input')
  smartToggle.type = 'checkbox'
  smartToggle.setAttribute('role', 'switch')
  smartToggle.addEventListener('change', () => source.setSmartAccount?.(smartToggle.checked))
  smartLabel.append(smartToggle, doc.createTextNode('Smart account'))
  smartLabel.hidden = source.setSmartAccount === undefined
  const batch = doc.createElement('p')
  batch.className = 'muted'
  batch.setAttribute('data-batch', '')

  const disconnect = doc.createElement('button')
  disconnect.type = 'button'
  disconnect.textContent = 'Disconnect site'
  disconnect.addEventListener('click', () => source.disconnect())

  const last = doc.createElement('p')
  last.className = 'muted'
  last.setAttribute('role', 'status')

  section.append(title, account, network, accountType, label, smartLabel, disconnect, batch, last)
  root.append(section)

  function update(): void {
    const state = source.read()
    account.textContent = state.connected ? `Connected: ${state.account}` : 'Not connected to this site'
    network.textContent = state.network
    toggle.checked = state.mode === 'reject'
    accountType.textContent = state.accountType ?? ''
    accountType.hidden = state.accountType === undefined
    smartToggle.checked = state.smartAccount === true
    batch.textContent = state.batch ?? ''
    batch.hidden = state.batch === undefined
    disconnect.hidden = !state.connected
    last.textContent = state.last ? `Last request: ${state.last.method} (${state.last.outcome})${state.last.memo ? ` · Memo: ${state.last.memo}` : ''}` : ''
  }
  update()
  const unsubscribe = source.subscribe(update)

  const unmount = mountInDock(doc, host, source.place)

  return {
    host,
    destroy() {
      unsubscribe()
      unmount()
    },
  }
}

/** The controls every extension-style dev wallet has, which a panel reads and drives. */
export type WalletPanelControl = {
  getState(): { connected: boolean; mode: 'approve' | 'reject' }
  activity(): { method: string; outcome: string; memo?: string }[]
  setMode(mode: 'approve' | 'reject'): void
  disconnect(): void
  subscribe(fn: () => void): () => void
}

/**
 * Renders a dev wallet's panel from its controls: the connection, `account` and `network` labels,
 * the mode and the last request.
 *
 * @example
 * renderControlPanel(document, control, { title, titleId, hostAttribute, place: { side: 'right', order: 4 }, css, account: 'bcrt1q…', network: 'Network: Bitcoin regtest' })
 */
export function renderControlPanel(
  doc: Document,
  control: WalletPanelControl,
  labels: Pick<WalletPanelSource, 'title' | 'titleId' | 'hostAttribute' | 'place' | 'css'> & { account: string; network: string },
): RenderWalletPanelReturnType {
  const { account, network, ...rest } = labels
  return renderWalletPanel(doc, {
    ...rest,
    read() {
      const state = control.getState()
      const last = control.activity().at(-1)
      return { connected: state.connected, account, network, mode: state.mode, ...(last ? { last } : {}) }
    },
    setMode: (mode) => control.setMode(mode),
    disconnect: () => control.disconnect(),
    subscribe: (fn) => control.subscribe(fn),
  })
}
