// Issue 50: the guides' Portico snippets compile. Every fenced block whose info string is
// `tsx check` or `ts check` in docs/guides/*.md is written to a module of its own (named by the
// path after `check` when there is one, `tsx check app/layout.tsx`, so the blocks of one guide can
// import each other like a site's files) and type-checked,
// all in one TypeScript program, against the built package's types (dist/types through the exports
// map, as a site resolves `portico/…`). The other side of a migration guide (RainbowKit's, the
// incumbent's) is plain `tsx`: those packages are not installed here, and it is their code.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const guides = join(root, 'docs/guides')
const out = join(root, '.portico/doc-snippets')

type Snippet = { guide: string; index: number; line: number; language: 'ts' | 'tsx'; path: string | undefined; code: string }

/** The `ts check` / `tsx check` blocks of one Markdown file, with the line each starts on. */
function checkedSnippets(guide: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(tsx?) check(?: ([\w./-]+\.tsx?))?\s*$/.exec(lines[i] as string)
    if (!open) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !/^```\s*$/.test(lines[end] as string)) end++
    snippets.push({ guide, index: snippets.length, line: start + 1, language: open[1] as 'ts' | 'tsx', path: open[2], code: lines.slice(start, end).join('\n') })
    i = end
  }
  return snippets
}

const snippets = readdirSync(guides)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .flatMap((name) => checkedSnippets(name, readFileSync(join(guides, name), 'utf8')))
const fileOf = (s: Snippet) => join(out, s.guide.replace(/\.md$/, ''), s.path ?? `snippet-${s.index + 1}.${s.language}`)
// A block that must not compile, checked in the same program as the guides' (one program over the
// built types, not a second one), so the check is seen to fail with the options the guides get.
const [failing] = checkedSnippets('x.md', "```tsx check\nimport { ConnectButton } from 'portico/react'\nexport const a = <ConnectButton label={1} />\n```\n")
const failingFile = join(out, 'failing-on-purpose.tsx')
let diagnostics = new Map<string, string[]>()

beforeAll(() => {
  if (!existsSync(join(root, 'dist/types/ui/index.d.ts'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(join(out, 'node_modules'), { recursive: true })
  // `portico` is this repository, as an installed package: its exports map points at dist/types.
  symlinkSync(root, join(out, 'node_modules/portico'), 'dir')
  for (const s of snippets) {
    if (existsSync(fileOf(s))) throw new Error(`docs/guides/${s.guide}: two blocks write ${s.path}`)
    mkdirSync(dirname(fileOf(s)), { recursive: true })
    writeFileSync(fileOf(s), `${s.code}\n`)
  }
  writeFileSync(failingFile, `${failing!.code}\n`)
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
    esModuleInterop: true,
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
  }
  const program = ts.createProgram([...snippets.map(fileOf), failingFile], options)
  diagnostics = new Map([...snippets.map(fileOf), failingFile].map((file) => [file, []]))
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName
    if (!file || !diagnostics.has(file)) continue
    const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0)
    diagnostics.get(file)!.push(`line ${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
  }
}, 240_000)

describe('the guides’ checked snippets compile against the built types', () => {
  it('finds them: each migration guide and the Next.js guide has its Portico side marked', () => {
    const count = (guide: string) => snippets.filter((s) => s.guide === guide).length
    expect(count('migrating-from-rainbowkit.md')).toBeGreaterThanOrEqual(6)
    expect(count('migrating-from-appkit.md')).toBeGreaterThanOrEqual(6)
    expect(count('nextjs.md')).toBeGreaterThanOrEqual(3)
  })

  it.each(snippets.map((s) => [`${s.guide}:${s.line}`, s] as const))('%s', (_name, s) => {
    expect(diagnostics.get(fileOf(s)), `docs/guides/${s.guide}, the block starting on line ${s.line}`).toEqual([])
  })

  it('a snippet that does not compile is reported (the check can fail)', () => {
    expect(diagnostics.get(failingFile)?.join('\n')).toMatch(/^line 2: Type 'number' is not assignable to type 'string'/)
  })
})
