import type { ApprovalDecision, ApprovalPrompt, Approver } from './createApprovalGate.js'

/** The id of the approval screen's root in the frame's document. */
export const approvalRootId = 'portico-approval'

/** How long the screen must have been visible, uncovered, before a click approves (ms). */
export const approvalVisibleMs = 600

/** What the screen reads from the frame's window (the real one in the browser). */
export type ApprovalWindow = {
  IntersectionObserver?: typeof IntersectionObserver
  navigator: { userActivation?: { isActive: boolean } }
  performance: { now(): number }
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

/**
 * Watches whether `target` is really seen: Chromium's IntersectionObserver v2 (`trackVisibility`)
 * says `isVisible` only while nothing of the site's page covers the frame, and the frame is not
 * made transparent, filtered or transformed. Where the browser has no v2, the screen's age is all
 * that is checked. Returns since when it has been visible (or undefined) and a disposer.
 */
function watchVisibility(target: Element, win: ApprovalWindow): { visibleSince(): number | undefined; stop(): void } {
  const shownAt = win.performance.now()
  const Observer = win.IntersectionObserver
  if (!Observer) return { visibleSince: () => shownAt, stop: () => undefined }
  let tracked = false
  let since: number | undefined
  const observer = new Observer(
    (entries) => {
      for (const entry of entries) {
        const v2 = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible
        if (v2 === undefined) {
          tracked = false
          continue
        }
        tracked = true
        const visible = v2 && entry.isIntersecting
        if (!visible) since = undefined
        else since ??= win.performance.now()
      }
    },
    { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  )
  observer.observe(target)
  return { visibleSince: () => (tracked ? since : shownAt), stop: () => observer.disconnect() }
}

/**
 * Renders the approval screen into the frame's own document (DOM APIs and `textContent` only) and
 * answers the visitor's decision for exactly this prompt. "Approve" releases the signature only on
 * a click the frame's own document saw from the visitor: a trusted event, with the browser's user
 * activation (`navigator.userActivation.isActive`), on a screen that has been visible and uncovered
 * for {@link approvalVisibleMs}. A click that fails a check says why and approves nothing. "Reject"
 * (or Esc) always rejects. Focus starts on the heading, never on "Approve".
 *
 * @example
 * const { decision, close } = renderApprovalScreen(document, window, prompt)
 */
export function renderApprovalScreen(doc: Document, win: ApprovalWindow, prompt: ApprovalPrompt): { decision: Promise<ApprovalDecision>; close(): void } {
  clearApprovalScreen(doc)
  const { model } = prompt
  const root = el(doc, 'main', undefined, 'portico-approval')
  root.id = approvalRootId
  root.dataset.kind = model.kind
  root.setAttribute('aria-labelledby', `${approvalRootId}-title`)
  const head = el(doc, 'header', undefined, 'portico-approval-head')
  const eyebrow = el(doc, 'p', model.kind === 'transaction' ? 'Transaction request' : 'Signature request', 'portico-approval-eyebrow')
  const title = el(doc, 'h1', model.title)
  title.id = `${approvalRootId}-title`
  const from = el(doc, 'p', undefined, 'portico-approval-origin')
  from.append(el(doc, 'span', 'from '), el(doc, 'strong', model.origin))
  head.append(eyebrow, title, from)

  const details = el(doc, 'dl', undefined, 'portico-approval-rows')
  const addRow = (label: string, value: string, mono?: boolean) => {
    const row = el(doc, 'div', undefined, 'portico-approval-row')
    row.append(el(doc, 'dt', label), el(doc, 'dd', value, mono ? 'mono' : undefined))
    details.append(row)
  }
  // The network's name, its CAIP-2 id beneath it.
  const network = el(doc, 'div', undefined, 'portico-approval-row')
  const networkValue = el(doc, 'dd')
  const split = /^(.*) (\([^)]*\))$/.exec(model.network)
  if (split) networkValue.append(split[1] ?? '', el(doc, 'span', split[2], 'portico-approval-network-id'))
  else networkValue.textContent = model.network
  network.append(el(doc, 'dt', 'Network'), networkValue)
  details.append(network)
  for (const row of model.rows) addRow(row.label, row.value, row.mono)

  const parts: HTMLElement[] = [head]
  if (model.message !== undefined) {
    const box = el(doc, 'pre', model.message, 'portico-approval-message')
    box.setAttribute('aria-label', 'The message')
    box.tabIndex = 0
    parts.push(box)
  }
  parts.push(details)
  if (model.warning) {
    const warning = el(doc, 'p', model.warning, 'portico-approval-warning')
    warning.setAttribute('role', 'note')
    parts.push(warning)
  }
  const status = el(doc, 'p', '', 'portico-approval-status')
  status.setAttribute('role', 'status')
  const actions = el(doc, 'div', undefined, 'portico-approval-actions')
  const reject = el(doc, 'button', 'Reject', 'secondary')
  reject.type = 'button'
  const approve = el(doc, 'button', model.kind === 'transaction' ? 'Approve' : 'Sign', 'primary')
  approve.type = 'button'
  approve.setAttribute('aria-label', model.kind === 'transaction' ? 'Approve the transaction' : 'Sign the message')
  actions.append(reject, approve)
  parts.push(status, actions)
  root.append(...parts)
  doc.body.append(root)
  doc.body.classList.add('portico-approval-open')

  const visibility = watchVisibility(approve, win)
  let settle!: (decision: ApprovalDecision) => void
  const decision = new Promise<ApprovalDecision>((resolve) => {
    settle = resolve
  })
  let done = false
  const finish = (answer: ApprovalDecision) => {
    if (done) return
    done = true
    close()
    settle(answer)
  }
  approve.addEventListener('click', (event) => {
    if (done) return
    const activation = win.navigator.userActivation
    const since = visibility.visibleSince()
    if (!event.isTrusted || (activation !== undefined && !activation.isActive)) {
      status.textContent = 'Click Approve yourself to continue.'
      return
    }
    if (since === undefined || win.performance.now() - since < approvalVisibleMs) {
      status.textContent = 'Make sure nothing covers this window, then click again.'
      return
    }
    finish({ approved: true, requestId: prompt.requestId, payloadHash: prompt.payloadHash })
  })
  reject.addEventListener('click', () => finish({ approved: false }))
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') finish({ approved: false })
  })
  function close(): void {
    visibility.stop()
    if (doc.getElementById(approvalRootId) === root) {
      root.remove()
      doc.body.classList.remove('portico-approval-open')
    }
    if (!done) {
      done = true
      settle({ approved: false })
    }
  }
  title.tabIndex = -1
  title.focus({ preventScroll: true })
  return { decision, close }
}

/**
 * Removes the approval screen from the document.
 *
 * @example
 * clearApprovalScreen(document)
 */
export function clearApprovalScreen(doc: Document): void {
  doc.getElementById(approvalRootId)?.remove()
  doc.body?.classList.remove('portico-approval-open')
}

/**
 * The frame's approver: the DOM screen of {@link renderApprovalScreen} in `doc`.
 *
 * @example
 * createFrameHandler({ ..., approver: createScreenApprover(document, window) })
 */
export function createScreenApprover(doc: Document, win: ApprovalWindow): Approver {
  return (prompt) => renderApprovalScreen(doc, win, prompt)
}
