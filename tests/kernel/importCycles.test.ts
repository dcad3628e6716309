// Issue 45: no import cycle of more than two files inside kernel/ (the static imports, type-only
// ones included; `import()` loads later and is left out). Two files that import each other (a type
// and the type it is built from) are allowed; the 56-file cycle through createPorticoKernel.ts was
// what this guards against.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCycles, readImportGraph } from '../helpers/importCycles.js'

const root = join(import.meta.dirname, '../..')

describe('kernel import cycles', () => {
  it('kernel/ has no import cycle of more than two files', () => {
    const tooLarge = importCycles(readImportGraph(root, 'kernel')).filter((cycle) => cycle.length > 2)
    expect(tooLarge).toEqual([])
  })

  it('the finder sees a planted cycle of three files, and one through a re-export or a type import', () => {
    const planted = new Map([
      ['kernel/a.ts', ['kernel/b.ts']],
      ['kernel/b.ts', ['kernel/c.ts']],
      ['kernel/c.ts', ['kernel/a.ts', 'kernel/d.ts']],
      ['kernel/d.ts', []],
    ])
    expect(importCycles(planted)).toEqual([['kernel/a.ts', 'kernel/b.ts', 'kernel/c.ts']])
    expect(importCycles(new Map([['x', ['y']], ['y', ['x']]]))).toEqual([['x', 'y']])
  })

  it('reads type imports, re-exports and `.js` specifiers from real files, not `import()`', () => {
    const graph = readImportGraph(root, 'kernel')
    // createPortico imports the kernel only with import(): no edge.
    expect(graph.get('kernel/startup/createPortico.ts')).not.toContain('kernel/createPorticoKernel.ts')
    // a type-only import and a re-export are edges
    expect(graph.get('kernel/actions/connect.ts')).toContain('kernel/types/portico.ts')
    expect(graph.get('kernel/kernel.ts')).toContain('kernel/createPorticoKernel.ts')
  })
})
