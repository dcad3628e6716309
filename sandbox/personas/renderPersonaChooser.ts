import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { attachStyledShadow } from '../walletPanel/attachStyledShadow.js'
import { mountInDock } from '../walletPanel/mountInDock.js'
import type { PersonaSelection } from './personaSelection.js'
import type { PersonaListing } from './types.js'

const chooserCss = `${devWalletPanelCss}
fieldset { border: 0; margin: 0 0 6px; padding: 0; }
legend { padding: 0; font-weight: 600; color: #374151; }
label { margin: 2px 0; font-weight: 400; }
input { accent-color: #3730a3; }
`

/**
 * The dock's "Wallet personas" panel: a checkbox per persona, grouped by namespace, and a button
 * that keeps the choice in `localStorage` and reloads the page without `?personas=`, so the page's
 * loader installs exactly what was chosen. DOM calls only, styles in its shadow root (strict CSP).
 *
 * @example
 * renderPersonaChooser(document, { known, selection, storageKey })
 */
export function renderPersonaChooser(doc: Document, { known, selection, storageKey }: { known: readonly PersonaListing[]; selection: PersonaSelection; storageKey: string }): () => void {
  const host = doc.createElement('div')
  host.setAttribute('data-portico-persona-chooser', '')
  const root = attachStyledShadow(host, chooserCss)
  const section = doc.createElement('section')
  section.setAttribute('aria-labelledby', 'portico-persona-chooser-title')
  const title = doc.createElement('h2')
  title.id = 'portico-persona-chooser-title'
  title.textContent = 'Wallet personas'
  const hint = doc.createElement('p')
  hint.className = 'muted'
  hint.textContent = 'Real wallets’ APIs, installed beside the dev wallets.'
  section.append(title, hint)

  const chosen = new Set(selection.personas.map((persona) => persona.id))
  const boxes: HTMLInputElement[] = []
  for (const namespace of [...new Set(known.map((persona) => persona.namespace))]) {
    const group = doc.createElement('fieldset')
    const legend = doc.createElement('legend')
    legend.textContent = namespace
    group.append(legend)
    for (const persona of known.filter((p) => p.namespace === namespace)) {
      const label = doc.createElement('label')
      const box = doc.createElement('input')
      box.type = 'checkbox'
      box.value = persona.id
      box.checked = chosen.has(persona.id)
      boxes.push(box)
      label.append(box, doc.createTextNode(persona.name))
      group.append(label)
    }
    section.append(group)
  }
  if (selection.unknown.length > 0) {
    const unknown = doc.createElement('p')
    unknown.className = 'muted'
    unknown.setAttribute('role', 'status')
    unknown.textContent = `Not in this sandbox: ${selection.unknown.join(', ')}`
    section.append(unknown)
  }
  const apply = doc.createElement('button')
  apply.type = 'button'
  apply.textContent = 'Reload with these'
  apply.addEventListener('click', () => {
    const ids = boxes.filter((box) => box.checked).map((box) => box.value)
    try {
      doc.defaultView?.localStorage.setItem(storageKey, JSON.stringify(ids))
    } catch {
      // Storage blocked: carry the choice in the address instead.
    }
    const url = new URL(doc.location.href)
    url.searchParams.delete('personas')
    doc.location.assign(url.toString())
  })
  section.append(apply)
  root.append(section)
  return mountInDock(doc, host, { side: 'left', order: 9 })
}
