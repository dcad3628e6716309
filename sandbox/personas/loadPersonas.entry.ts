// `/personas.js`: the demo page's wallet-persona loader, a classic script in the page's <head>.
// It installs the chosen personas before the site's own module runs, as an extension's content
// script injects at document_start, and puts the chooser in the dock of dev wallet panels.
import { personaStorageKey, readPersonaSelection } from './personaSelection.js'
import { renderPersonaChooser } from './renderPersonaChooser.js'
import type { PersonaListing } from './types.js'

declare const __PORTICO_PERSONAS__: PersonaListing[]

const known = __PORTICO_PERSONAS__
let stored: string | null = null
try {
  stored = window.localStorage.getItem(personaStorageKey)
} catch {
  // Storage blocked (a sandboxed frame, a privacy mode): the query alone chooses.
}
const selection = readPersonaSelection(window.location.search, stored, known)
if (selection.unknown.length > 0) console.warn(`Portico sandbox: no wallet persona ${selection.unknown.join(', ')} (known: ${known.map((p) => p.id).join(', ') || 'none'})`)
for (const persona of selection.personas) {
  // Parser-inserted, so each runs before the demo's module, in order (same origin: 'self' allows it).
  document.write(`<script src="${persona.script}"></script>`)
}
if (known.length > 0) renderPersonaChooser(document, { known, selection, storageKey: personaStorageKey })
