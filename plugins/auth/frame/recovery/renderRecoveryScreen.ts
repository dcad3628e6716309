import { minPasswordLength } from './recoveryEnvelope.js'

/** The id of the recovery screen's root in the frame's document. */
export const recoveryRootId = 'portico-recovery'

/** What the visitor chose on the recovery screen. */
export type RecoveryChoice = { kind: 'passkey' } | { kind: 'password'; password: string } | { kind: 'cancel' }

/** The screen, while it shows: the visitor's next choice, a line of status, and its removal. */
export type RecoveryScreen = {
  /** The visitor's next choice (a click or a submitted form); `cancel` once the screen is closed. */
  next(): Promise<RecoveryChoice>
  /** Says what happened (a wrong password, a cancelled passkey); the buttons work again. */
  say(text: string): void
  /** Shows that a choice is being worked on (buttons wait). */
  busy(text: string): void
  close(): void
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function passwordField(doc: Document, id: string, label: string, autocomplete: string): { row: HTMLElement; input: HTMLInputElement } {
  const row = el(doc, 'div', undefined, 'portico-recovery-field')
  const name = el(doc, 'label', label)
  name.htmlFor = id
  const input = el(doc, 'input')
  input.id = id
  input.type = 'password'
  input.setAttribute('autocomplete', autocomplete)
  input.required = true
  row.append(name, input)
  return { row, input }
}

/**
 * Renders the recovery screen into the frame's own document (DOM APIs and `textContent` only):
 * `setup` asks the visitor to protect the wallet's recovery with a passkey or a recovery password
 * (typed twice, at least {@link minPasswordLength} characters), or to leave it for later; `unlock`
 * (a new browser) asks for the passkey (when the envelope has one) or the password. Every choice
 * is a click or a submit inside the frame, so a passkey ceremony starts from the visitor's own
 * activation on the wallet origin.
 *
 * @example
 * const screen = renderRecoveryScreen(document, { mode: 'unlock', passkey: true, passkeyPossible: true })
 * const choice = await screen.next()
 */
export function renderRecoveryScreen(doc: Document, { mode, passkey, passkeyPossible }: { mode: 'setup' | 'unlock'; passkey: boolean; passkeyPossible: boolean }): RecoveryScreen {
  clearRecoveryScreen(doc)
  const root = el(doc, 'main', undefined, 'portico-approval portico-recovery')
  root.id = recoveryRootId
  root.dataset.mode = mode
  root.setAttribute('aria-labelledby', `${recoveryRootId}-title`)
  const head = el(doc, 'header', undefined, 'portico-approval-head')
  const eyebrow = el(doc, 'p', 'Wallet recovery', 'portico-approval-eyebrow')
  const title = el(doc, 'h1', mode === 'setup' ? 'Protect your wallet' : 'Unlock your wallet')
  title.id = `${recoveryRootId}-title`
  const intro = el(
    doc,
    'p',
    mode === 'setup'
      ? 'Lock your wallet\'s recovery with a passkey or a recovery password. Only you can then restore the wallet on a new device: not this site, not the wallet\'s server.'
      : 'This browser does not hold your wallet yet. Unlock its recovery with the passkey or the recovery password you set.',
    'portico-approval-origin',
  )
  head.append(eyebrow, title, intro)

  const parts: HTMLElement[] = [head]
  const passkeyButton = el(doc, 'button', mode === 'setup' ? 'Create a passkey' : 'Use your passkey', 'primary')
  passkeyButton.type = 'button'
  if (passkey) {
    const box = el(doc, 'div', undefined, 'portico-approval-actions portico-recovery-passkey')
    if (!passkeyPossible) {
      passkeyButton.disabled = true
      box.append(passkeyButton, el(doc, 'p', 'Passkeys need the wallet on a domain name: use a recovery password here.', 'portico-recovery-note'))
    } else box.append(passkeyButton)
    parts.push(box)
  }

  const form = el(doc, 'form', undefined, 'portico-recovery-form')
  form.noValidate = true
  const first = passwordField(doc, `${recoveryRootId}-password`, 'Recovery password', mode === 'setup' ? 'new-password' : 'current-password')
  form.append(first.row)
  const confirm = mode === 'setup' ? passwordField(doc, `${recoveryRootId}-confirm`, 'Repeat the password', 'new-password') : undefined
  if (confirm) form.append(confirm.row)
  if (mode === 'setup') form.append(el(doc, 'p', `At least ${minPasswordLength} characters. Nobody can reset it for you: keep it somewhere safe.`, 'portico-recovery-note'))
  const submit = el(doc, 'button', mode === 'setup' ? 'Set the password' : 'Unlock', passkey ? 'secondary' : 'primary')
  submit.type = 'submit'
  const formActions = el(doc, 'div', undefined, 'portico-approval-actions')
  formActions.append(submit)
  form.append(formActions)
  parts.push(form)

  const status = el(doc, 'p', '', 'portico-approval-status')
  status.setAttribute('role', 'status')
  const actions = el(doc, 'div', undefined, 'portico-approval-actions')
  const cancel = el(doc, 'button', mode === 'setup' ? 'Not now' : 'Cancel', 'secondary')
  cancel.type = 'button'
  actions.append(cancel)
  parts.push(status, actions)
  root.append(...parts)
  doc.body.append(root)
  doc.body.classList.add('portico-approval-open')

  const buttons = [passkeyButton, submit, cancel]
  let closed = false
  let waiting: ((choice: RecoveryChoice) => void) | undefined
  const choose = (choice: RecoveryChoice) => {
    const resolve = waiting
    waiting = undefined
    resolve?.(choice)
  }
  passkeyButton.addEventListener('click', (event) => {
    // A passkey starts only from the visitor's own click in the frame.
    if (!event.isTrusted) return
    choose({ kind: 'passkey' })
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (!event.isTrusted) return
    const password = first.input.value
    if (mode === 'setup' && password.length < minPasswordLength) {
      status.textContent = `The password needs at least ${minPasswordLength} characters.`
      return
    }
    if (confirm && confirm.input.value !== password) {
      status.textContent = 'The two passwords differ.'
      return
    }
    if (password.length === 0) {
      status.textContent = 'Type your recovery password.'
      return
    }
    choose({ kind: 'password', password })
  })
  cancel.addEventListener('click', () => choose({ kind: 'cancel' }))
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') choose({ kind: 'cancel' })
  })
  const enable = (on: boolean) => {
    for (const button of buttons) if (button !== passkeyButton || passkeyPossible) button.disabled = !on
  }

  function close(): void {
    closed = true
    first.input.value = ''
    if (confirm) confirm.input.value = ''
    if (doc.getElementById(recoveryRootId) === root) {
      root.remove()
      doc.body.classList.remove('portico-approval-open')
    }
    choose({ kind: 'cancel' })
  }
  title.tabIndex = -1
  title.focus({ preventScroll: true })
  return {
    next() {
      if (closed) return Promise.resolve({ kind: 'cancel' })
      enable(true)
      return new Promise<RecoveryChoice>((resolve) => {
        waiting = (choice) => {
          if (choice.kind !== 'cancel') enable(false)
          resolve(choice)
        }
      })
    },
    say(text) {
      status.textContent = text
      first.input.value = ''
      if (confirm) confirm.input.value = ''
    },
    busy(text) {
      status.textContent = text
    },
    close,
  }
}

/**
 * Removes the recovery screen from the document.
 *
 * @example
 * clearRecoveryScreen(document)
 */
export function clearRecoveryScreen(doc: Document): void {
  if (!doc.getElementById(recoveryRootId)) return
  doc.getElementById(recoveryRootId)?.remove()
  doc.body?.classList.remove('portico-approval-open')
}
