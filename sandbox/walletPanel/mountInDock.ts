import { attachStyledShadow } from './attachStyledShadow.js'

/** Where a dev wallet's panel sits: its side of the page and its place on that side (1 first). */
export type PanelPlace = { side: 'left' | 'right'; order: number }

const dockAttribute = 'data-portico-dev-dock'

/**
 * The dock's own styles (a constructable stylesheet in its shadow root, which the sandbox's strict
 * `style-src 'self'` allows). On a desktop, two columns below the demo's header, one at each edge,
 * 232 px wide: at 1280 px the demo's 820 px column (788 px of content) fits between them. The columns let clicks
 * through where no panel is, and scroll when their panels are taller than the window. On a phone,
 * one row along the bottom that scrolls sideways, under the modal (a phone has no extension popup;
 * the modal's sheet covers the width there).
 */
const dockCss = `
:host {
  all: initial;
  position: fixed;
  inset: 72px 12px 12px 12px;
  z-index: 2147483000;
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  pointer-events: none;
}
.column {
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 232px;
  max-height: 100%;
  overflow-y: auto;
  overscroll-behavior: contain;
}
::slotted(*) { pointer-events: auto; }
@media (max-width: 640px) {
  :host {
    inset: auto 0 0 0;
    z-index: 1;
    gap: 8px;
    padding: 8px 12px;
    overflow-x: auto;
    pointer-events: auto;
  }
  .column { display: contents; }
  ::slotted(*) { flex: none; }
}
`

/** The page's dock, made on first use: one host element with a slot per side. */
function dockOf(doc: Document): HTMLElement {
  const existing = doc.querySelector<HTMLElement>(`[${dockAttribute}]`)
  if (existing) return existing
  const dock = doc.createElement('div')
  dock.setAttribute(dockAttribute, '')
  const root = attachStyledShadow(dock, dockCss)
  for (const side of ['left', 'right'] as const) {
    const column = doc.createElement('div')
    column.className = 'column'
    const slot = doc.createElement('slot')
    slot.name = side
    column.append(slot)
    root.append(column)
  }
  ;(doc.body ?? doc.documentElement).append(dock)
  return dock
}

/**
 * Puts a dev wallet's panel in the page's dock (see `dockCss`) at its place, so the panels never
 * cover one another whichever scripts the page loads, in whatever order; waits for the body if the
 * page has none yet. Removing the last panel removes the dock.
 *
 * @returns a function that takes the panel out
 * @example
 * const unmount = mountInDock(document, host, { side: 'right', order: 2 })
 */
export function mountInDock(doc: Document, host: HTMLElement, place: PanelPlace): () => void {
  host.slot = place.side
  host.dataset.dockOrder = String(place.order)
  const mount = () => {
    const dock = dockOf(doc)
    const after = [...dock.children].find((child) => child.slot === place.side && Number((child as HTMLElement).dataset.dockOrder) > place.order)
    dock.insertBefore(host, after ?? null)
  }
  if (doc.body) mount()
  else doc.addEventListener('DOMContentLoaded', mount, { once: true })
  return () => {
    const dock = host.parentElement
    host.remove()
    if (dock?.hasAttribute(dockAttribute) && dock.children.length === 0) dock.remove()
  }
}
