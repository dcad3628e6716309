// Finds import cycles among TypeScript files: the static imports and re-exports, type-only ones
// included (they tie the files together for a reader and for the type checker); `import()` is left
// out (it loads later, on purpose). Strongly connected components by Tarjan's algorithm.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** One file's relative import targets, resolved to paths relative to the root (`.js` → `.ts`/`.tsx`). */
export type ImportGraph = Map<string, string[]>

const staticImport = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g

/**
 * Reads every `.ts`/`.tsx` file under `root/dir` and the relative imports between them.
 *
 * @example
 * const graph = readImportGraph(repoRoot, 'kernel')
 */
export function readImportGraph(root: string, dir: string): ImportGraph {
  const files = (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f))
  const known = new Set(files)
  const graph: ImportGraph = new Map()
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8')
    const targets = new Set<string>()
    for (const match of source.matchAll(staticImport)) {
      const base = relative(root, resolve(root, dirname(file), match[1]!))
      const candidate = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, join(base, 'index.ts')].find((c) => known.has(c))
      if (candidate) targets.add(candidate)
    }
    graph.set(file, [...targets])
  }
  return graph
}

/**
 * The import cycles of a graph: each strongly connected component of more than one file (files
 * that all reach each other through imports), largest first.
 *
 * @example
 * importCycles(new Map([['a', ['b']], ['b', ['a']]])) // [['a', 'b']]
 */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const lowLinks = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (node: string) => {
    indices.set(node, index)
    lowLinks.set(node, index)
    index++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next)
        lowLinks.set(node, Math.min(lowLinks.get(node)!, lowLinks.get(next)!))
      } else if (onStack.has(next)) lowLinks.set(node, Math.min(lowLinks.get(node)!, indices.get(next)!))
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) components.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return components.sort((a, b) => b.length - a.length)
}
