import { describe, expect, it } from 'vitest'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { readPersonaSelection } from '../../../sandbox/personas/personaSelection.js'
import type { PersonaListing } from '../../../sandbox/personas/types.js'

const known: PersonaListing[] = [
  { id: 'bip122/leather', namespace: 'bip122', name: 'Leather', script: '/personas/leather-bip122.js' },
  { id: 'solana/phantom', namespace: 'solana', name: 'Phantom', script: '/personas/phantom-solana.js' },
]

describe('readPersonaSelection', () => {
  it('takes the page query first, in the sandbox order, and reports ids it does not have', () => {
    const selection = readPersonaSelection('?personas=solana/phantom,%20bip122/leather,,cosmos/nope', '["solana/phantom"]', known)
    expect(selection.source).toBe('query')
    expect(selection.personas.map((p) => p.id)).toEqual(['bip122/leather', 'solana/phantom'])
    expect(selection.unknown).toEqual(['cosmos/nope'])
  })

  it('an empty ?personas= installs none, whatever the dock stored', () => {
    expect(readPersonaSelection('?personas=', '["bip122/leather"]', known)).toEqual({ personas: [], unknown: [], source: 'query' })
  })

  it('falls back to the dock choice, and ignores a stored value that is not a list of ids', () => {
    expect(readPersonaSelection('', '["bip122/leather"]', known).personas.map((p) => p.id)).toEqual(['bip122/leather'])
    for (const corrupted of ['{not json', '{"a":1}', '[1,2]', 'null']) {
      expect(readPersonaSelection('', corrupted, known)).toEqual({ personas: [], unknown: [], source: 'none' })
    }
  })

  it('never takes a script path from the address: only the listed personas load', () => {
    const selection = readPersonaSelection('?personas=https://evil.example/x.js,../dev-wallet', null, known)
    expect(selection.personas).toEqual([])
    expect(selection.unknown).toEqual(['https://evil.example/x.js', '../dev-wallet'])
  })
})

describe('listPersonas', () => {
  it('finds each persona by its layout, with its docs page and script', () => {
    const personas = listPersonas()
    expect(personas.length).toBeGreaterThan(0)
    expect(new Set(personas.map((p) => p.id)).size).toBe(personas.length)
    for (const persona of personas) {
      expect(persona.id).toBe(`${persona.namespace}/${persona.wallet}`)
      expect(persona.entry).toBe(`personas/${persona.wallet}/${persona.namespace}.entry.ts`)
      expect(persona.script).toBe(`/personas/${persona.wallet}-${persona.namespace}.js`)
      expect(persona.docs).toBe(`docs/wallets/${persona.wallet}.md`)
      expect(persona.name).not.toBe('')
    }
  })
})
