import type { LedgerDevice, LedgerDeviceApp, LedgerDeviceMode } from './createLedgerDevice.js'
import { mountInDock } from '../walletPanel/mountInDock.js'
import { ledgerPanelCss } from './ledgerPanelCss.js'
import { attachStyledShadow } from '../walletPanel/attachStyledShadow.js'
import { ledgerDeviceAppNames } from './ledgerDeviceApps.js'

export type RenderLedgerPanelReturnType = { host: HTMLElement; destroy(): void }

const appLabels = Object.fromEntries([['dashboard', 'Dashboard'], ...ledgerDeviceAppNames.map((name) => [name, name])]) as Record<LedgerDeviceApp, string>
const modeLabels: Record<LedgerDeviceMode, string> = { approve: 'Approve all', reject: 'Reject all', ask: 'Ask me' }

/**
 * Renders the emulated Ledger's small panel (first on the right of the page's dock of panels) in its own shadow root: the device's screen (what
 * is being signed), **Approve** / **Reject** (enabled while a request waits in 'ask' mode), the open
 * app, the answer mode, and the lock and blind-signing switches. Collapsible (collapsed at first on
 * narrow screens, opened when a request waits). DOM calls and a constructable stylesheet only, so it
 * runs under the sandbox's strict CSP.
 *
 * @example
 * renderLedgerPanel(document, device)
 */
export function renderLedgerPanel(doc: Document, device: LedgerDevice): RenderLedgerPanelReturnType {
  const host = doc.createElement('div')
  host.setAttribute('data-portico-ledger', '')
  const root = attachStyledShadow(host, ledgerPanelCss)
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: { id?: string; className?: string; textContent?: string; type?: string; value?: string } = {}): HTMLElementTagNameMap[K] => {
    const { textContent, className, ...attributes } = props
    const node = doc.createElement(tag)
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value)
    if (className !== undefined) node.className = className
    if (textContent !== undefined) node.textContent = textContent
    return node
  }

  const section = el('section')
  section.setAttribute('aria-labelledby', 'portico-ledger-title')
  const head = el('div', { className: 'head' })
  const title = el('h2', { id: 'portico-ledger-title', textContent: 'Ledger (emulated)' })
  const toggle = el('button', { type: 'button' })
  toggle.setAttribute('aria-controls', 'portico-ledger-body')
  head.append(title, toggle)

  const body = el('div', { className: 'body', id: 'portico-ledger-body' })
  const screen = el('p', { className: 'screen' })
  screen.setAttribute('role', 'status')
  screen.setAttribute('aria-live', 'polite')
  screen.setAttribute('aria-label', 'Device screen')
  screen.setAttribute('data-ledger-screen', '')
  const actions = el('div', { className: 'actions' })
  const approve = el('button', { type: 'button', className: 'approve', textContent: 'Approve' })
  const reject = el('button', { type: 'button', className: 'reject', textContent: 'Reject' })
  approve.addEventListener('click', () => device.approve())
  reject.addEventListener('click', () => device.reject())
  actions.append(approve, reject)

  const select = <T extends string>(label: string, options: Record<T, string>, onChange: (value: T) => void) => {
    const wrap = el('label')
    const input = el('select')
    for (const [value, text] of Object.entries(options) as [T, string][]) input.append(el('option', { value, textContent: text }))
    input.addEventListener('change', () => onChange(input.value as T))
    wrap.append(doc.createTextNode(label), input)
    return { wrap, input }
  }
  const app = select('App', appLabels, (value) => device.openApp(value))
  const mode = select('Answer', modeLabels, (value) => device.setMode(value))
  const checkbox = (label: string, onChange: (on: boolean) => void) => {
    const wrap = el('label')
    const input = el('input', { type: 'checkbox' })
    input.setAttribute('role', 'switch')
    input.addEventListener('change', () => onChange(input.checked))
    wrap.append(input, doc.createTextNode(label))
    return { wrap, input }
  }
  const locked = checkbox('Locked', (on) => device.setLocked(on))
  const blind = checkbox('Blind signing', (on) => device.setBlindSigning(on))
  const last = el('p', { className: 'muted' })
  last.setAttribute('data-ledger-last', '')
  body.append(screen, actions, app.wrap, mode.wrap, locked.wrap, blind.wrap, last)
  section.append(head, body)
  root.append(section)

  // Collapsed at first on a phone, where the dev wallets' panels share a row along the bottom.
  let open = !(doc.defaultView?.matchMedia?.('(max-width: 640px)').matches ?? false)
  let wasWaiting = false
  toggle.addEventListener('click', () => {
    open = !open
    update()
  })

  function update(): void {
    const waiting = device.isWaiting()
    if (waiting && !wasWaiting) open = true
    wasWaiting = waiting
    body.hidden = !open
    toggle.textContent = open ? 'Hide' : 'Show'
    toggle.setAttribute('aria-expanded', String(open))
    toggle.setAttribute('aria-label', open ? 'Hide the Ledger panel' : 'Show the Ledger panel')
    screen.textContent = device.screen()
    screen.classList.toggle('waiting', waiting)
    approve.disabled = !waiting
    reject.disabled = !waiting
    app.input.value = device.getApp()
    mode.input.value = device.getMode()
    locked.input.checked = device.isLocked()
    blind.input.checked = device.isBlindSigning()
    const entry = device.activity().at(-1)
    last.textContent = entry ? `Last: ${entry.app} ${entry.action} (${entry.outcome})` : ''
  }
  update()
  const unsubscribe = device.subscribe(update)

  // First on the right, below the demo's header (its Connect button).
  const unmount = mountInDock(doc, host, { side: 'right', order: 1 })
  return {
    host,
    destroy() {
      unsubscribe()
      unmount()
    },
  }
}
