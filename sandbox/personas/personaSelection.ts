import type { PersonaListing } from './types.js'

/** Where the demo page keeps the personas chosen in the dock between reloads. */
export const personaStorageKey = 'portico-sandbox:personas'

export type PersonaSelection = {
  /** The personas to install, in the sandbox's order. */
  personas: PersonaListing[]
  /** Asked-for ids the sandbox has no persona for (shown in the chooser, never loaded). */
  unknown: string[]
  /** Where the choice came from: the page's `?personas=` (wins), the dock's last choice, or none. */
  source: 'query' | 'storage' | 'none'
}

const parseList = (value: string) =>
  value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)

/**
 * Which wallet personas the demo page installs: `?personas=bip122/leather,solana/phantom` (a test's
 * or a shared link's choice), else what the dock's chooser stored, else none. Ids the sandbox does
 * not have are reported, never loaded; a stored value that is not a list of ids is ignored.
 *
 * @param search the page's `location.search`
 * @param stored what `localStorage` holds under {@link personaStorageKey} (null when nothing)
 * @param known every persona the sandbox has
 * @example
 * readPersonaSelection('?personas=bip122/leather', null, known).personas.map((p) => p.script)
 */
export function readPersonaSelection(search: string, stored: string | null, known: readonly PersonaListing[]): PersonaSelection {
  const query = new URLSearchParams(search).get('personas')
  let ids: string[] = []
  let source: PersonaSelection['source'] = 'none'
  if (query !== null) {
    ids = parseList(query)
    source = 'query'
  } else if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored)
      if (Array.isArray(parsed) && parsed.every((id) => typeof id === 'string')) {
        ids = parsed as string[]
        source = 'storage'
      }
    } catch {
      // Not ours, or corrupted: the page loads no persona and the chooser overwrites it.
    }
  }
  const wanted = new Set(ids)
  return {
    personas: known.filter((persona) => wanted.has(persona.id)),
    unknown: [...wanted].filter((id) => !known.some((persona) => persona.id === id)),
    source,
  }
}
