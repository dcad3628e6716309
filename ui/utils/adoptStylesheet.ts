/**
 * A piece of Portico's CSS that ships with the code it styles (issue 50): `buttons` with the page
 * buttons, `modal` with the modal, one per plugin with its views. The pieces are generated from
 * the .css files by scripts/build/syncStylesheets.mjs; `portico/styles.css` is all of them in one
 * file.
 */
export type PorticoStylesheet = {
  /** The piece's name: `buttons`, `modal`, or the plugin's name. */
  name: string
  /** Its CSS text. */
  css: string
}

/** Per document: the pieces already handled, and the sheets adopted for them. */
const adopted = new WeakMap<Document, { seen: Set<string>; sheets: Map<string, CSSStyleSheet> }>()

/** The cascade order of the pieces, as `portico/styles.css` holds them: buttons, modal, then each plugin's by name. */
function rank(name: string): string {
  return name === 'buttons' ? '0' : name === 'modal' ? '1' : `2${name}`
}

/**
 * Whether the page links `portico/styles.css` (every piece in one file), which marks the root
 * element with `--portico-styles: all`.
 */
function linksSingleFile(doc: Document): boolean {
  const view = doc.defaultView
  return !!view && view.getComputedStyle(doc.documentElement).getPropertyValue('--portico-styles').trim() === 'all'
}

/**
 * Adds a stylesheet piece to the document's `adoptedStyleSheets` once: a constructed
 * `CSSStyleSheet`, which a strict Content-Security-Policy (`style-src 'self'`, no
 * `'unsafe-inline'`) allows, unlike a `<style>` element or a `style` attribute. The pieces keep the
 * order `portico/styles.css` gives them, whatever order they arrive in. Does nothing when the page
 * links `portico/styles.css` (it holds every piece), and where the document cannot adopt
 * stylesheets (Node, a browser older than Chrome 73, Firefox 101 or Safari 16.4).
 *
 * @param sheet - the piece
 * @param doc - the document to style (default: the page's)
 * @returns whether the piece was adopted now
 * @example
 * adoptStylesheet(buttonsStylesheet)
 */
export function adoptStylesheet(sheet: PorticoStylesheet, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  if (!doc) return false
  const Constructor = doc.defaultView?.CSSStyleSheet
  if (!Constructor || !('adoptedStyleSheets' in doc) || typeof Constructor.prototype.replaceSync !== 'function') return false
  let state = adopted.get(doc)
  if (!state) adopted.set(doc, (state = { seen: new Set(), sheets: new Map() }))
  if (state.seen.has(sheet.name)) return false
  state.seen.add(sheet.name)
  if (linksSingleFile(doc)) return false
  const constructed = new Constructor()
  constructed.replaceSync(sheet.css)
  state.sheets.set(sheet.name, constructed)
  const ours = new Set(state.sheets.values())
  const ordered = [...state.sheets.entries()].sort(([a], [b]) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0)).map(([, s]) => s)
  // The page's own adopted sheets stay first, Portico's after them in their order.
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets.filter((s) => !ours.has(s)), ...ordered]
  return true
}
