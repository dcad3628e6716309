import type { ExportSecrets } from './exportSecrets.js'

/** The id of the export screen's root in the frame's document. */
export const exportRootId = 'portico-export'

type Secret = { title: string; address: string; value: string; slug: string }

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function button(doc: Document, text: string, label: string, className?: string): HTMLButtonElement {
  const node = el(doc, 'button', text, className)
  node.type = 'button'
  node.setAttribute('aria-label', label)
  return node
}

function section(doc: Document, secret: Secret, copy: (text: string) => Promise<void>): HTMLElement {
  const part = el(doc, 'section', undefined, 'portico-export-secret')
  const headingId = `portico-export-${secret.slug}`
  part.setAttribute('aria-labelledby', headingId)
  const heading = el(doc, 'h2', secret.title)
  heading.id = headingId
  const address = el(doc, 'p', `Account ${secret.address}`, 'portico-export-address')
  const value = el(doc, 'code', secret.value, 'portico-export-value')
  value.id = `${headingId}-value`
  value.hidden = true
  const masked = el(doc, 'p', '•••• hidden ••••', 'portico-export-masked')
  const actions = el(doc, 'div', undefined, 'portico-export-actions')
  const reveal = button(doc, 'Reveal', `Reveal the ${secret.title.toLowerCase()}`)
  reveal.setAttribute('aria-controls', value.id)
  reveal.setAttribute('aria-expanded', 'false')
  reveal.addEventListener('click', () => {
    const show = value.hidden
    value.hidden = !show
    masked.hidden = show
    reveal.textContent = show ? 'Hide' : 'Reveal'
    reveal.setAttribute('aria-label', `${show ? 'Hide' : 'Reveal'} the ${secret.title.toLowerCase()}`)
    reveal.setAttribute('aria-expanded', String(show))
  })
  const copyButton = button(doc, 'Copy', `Copy the ${secret.title.toLowerCase()}`, 'secondary')
  const status = el(doc, 'span', '', 'portico-export-status')
  status.setAttribute('role', 'status')
  copyButton.addEventListener('click', () => {
    copy(secret.value).then(
      () => (status.textContent = 'Copied'),
      () => (status.textContent = 'Could not copy: reveal it and copy by hand'),
    )
  })
  actions.append(reveal, copyButton, status)
  part.append(heading, address, masked, value, actions)
  return part
}

/**
 * Renders the export screen into the frame's own document (DOM APIs and `textContent` only):
 * a heading, a warning, the eip155 private key and the solana secret key each hidden until
 * "Reveal", "Copy" buttons, and "Done", which calls `onDone`. Replaces a screen already shown.
 *
 * @example
 * renderExportScreen(document, secrets, { onDone: () => port.postMessage({ event: 'exportClosed' }), copy: (t) => navigator.clipboard.writeText(t) })
 */
export function renderExportScreen(doc: Document, secrets: ExportSecrets, { onDone, copy }: { onDone: () => void; copy: (text: string) => Promise<void> }): HTMLElement {
  clearExportScreen(doc)
  const root = el(doc, 'main', undefined, 'portico-export')
  root.id = exportRootId
  root.setAttribute('aria-labelledby', `${exportRootId}-title`)
  const title = el(doc, 'h1', 'Export your wallet')
  title.id = `${exportRootId}-title`
  const warning = el(doc, 'p', 'Anyone with these keys controls your funds. Never share them, never paste them into a website, and keep them somewhere safe.', 'portico-export-warning')
  warning.setAttribute('role', 'note')
  const done = button(doc, 'Done', 'Done: close the export screen')
  done.classList.add('portico-export-done')
  done.addEventListener('click', () => {
    clearExportScreen(doc)
    onDone()
  })
  root.append(
    title,
    warning,
    section(doc, { title: 'Ethereum private key', address: secrets.eip155Address, value: secrets.eip155PrivateKey, slug: 'eip155' }, copy),
    section(doc, { title: 'Solana secret key', address: secrets.solanaAddress, value: secrets.solanaSecretKey, slug: 'solana' }, copy),
    done,
  )
  doc.body.append(root)
  title.tabIndex = -1
  title.focus()
  return root
}

/**
 * Removes the export screen (and the secrets in it) from the document.
 *
 * @example
 * clearExportScreen(document)
 */
export function clearExportScreen(doc: Document): void {
  doc.getElementById(exportRootId)?.remove()
}
