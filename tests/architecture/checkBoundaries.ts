import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix, relative } from 'node:path'
import ts from 'typescript'

/** One source file, by its path relative to the repository root (posix separators). */
export type SourceFile = { path: string; text: string }
export type Violation = { path: string; line: number; rule: 'import' | 'namespace' | 'view' | 'store'; detail: string }

export type BoundaryRules = {
  /** Chain namespace names the kernel and UI must not name (CAIP's own types are exempt). */
  namespaces: readonly string[]
  /** View ids registered by plugins: the kernel and UI must not name them. */
  pluginViewIds: readonly string[]
  /** Per kernel store, its changing methods: plugins may not call them (they use context actions). */
  storeChangers?: Readonly<Record<string, readonly string[]>>
  /** Files exempt from the name rules: the CAIP standard's types and errors. */
  exempt?: readonly string[]
  /**
   * The package's public entries: the subpaths of package.json `exports` (`portico`,
   * `portico/polkadot/server`, …) and the source file each maps to (`plugins/polkadot/server/index.ts`).
   * `server/` and `sandbox/` reach plugins through these only.
   */
  publicEntries?: readonly { subpath: string; file: string }[]
}

const defaultExempt = ['kernel/types/caip.ts', 'kernel/errors/caip.ts']

/** The top-level part a path belongs to: `kernel`, `ui`, `plugins/<name>`, `integrations/<name>`, or another folder. */
function partOf(path: string): string {
  const [top, second] = path.split('/')
  return (top === 'plugins' || top === 'integrations') && second ? `${top}/${second}` : (top ?? '')
}

/** The kernel's public entry files (`portico`, `portico/kernel`, `portico/errors`): plugins and bridges reach the kernel through these only. */
const kernelEntries = ['kernel/index.ts', 'kernel/kernel.ts', 'kernel/errors/index.ts'].flatMap((file) => [file, file.replace(/\.ts$/, '.js')])

/** The chain kit's public entry (`portico/chain-kit`): plugins reach chain-kit/ through it only. */
const chainKitEntry = ['chain-kit/index.ts', 'chain-kit/index.js']

/** Which import targets a part may not reach (relative imports only; packages are fine). */
function importViolation(from: string, target: string, publicFiles: ReadonlySet<string>): string | undefined {
  const source = partOf(from)
  const dest = partOf(target)
  if (source === dest) return undefined
  // The chain plugins' shared parts (`portico/chain-kit`) stand on the kernel's public entries, like a plugin.
  if (source === 'chain-kit') {
    if (dest === 'kernel' && kernelEntries.includes(target)) return undefined
    return `chain-kit/ imports ${target} (it may import the kernel only through portico, portico/kernel or portico/errors)`
  }
  // The kernel's entries re-export the chain kit's names they carried before it moved out; no other kernel file imports it.
  if (source === 'kernel' && dest === 'chain-kit' && kernelEntries.includes(from)) return undefined
  if (dest === 'chain-kit' && !chainKitEntry.includes(target)) {
    return `${source} imports the chain kit by deep path ${target} (use portico/chain-kit: chain-kit/index.ts)`
  }
  // The server and the sandbox stand where a site's backend stands: a plugin's public entries only, never the UI.
  if (source === 'server' || source === 'sandbox') {
    if (dest === 'ui') return `${source}/ imports the UI: ${target}`
    if (dest.startsWith('plugins/') && !publicFiles.has(target)) return `${source}/ imports a plugin's internals: ${target} (use its public entry: ${[...publicFiles].filter((f) => f.startsWith(`${dest}/`)).join(', ') || 'none'})`
    return undefined
  }
  if (source === 'kernel' && dest !== 'kernel') return `the kernel imports ${target}`
  if (source === 'ui' && dest.startsWith('plugins/')) return `the UI imports plugin code ${target}`
  // A bridge to another library (portico/wagmi) stands on the kernel's public surface alone.
  if (source.startsWith('integrations/') && dest !== 'kernel') return `${source} imports ${target} (an integration may import the kernel only)`
  // First-party plugins and bridges import only what a third party can (issue 45).
  if ((source.startsWith('plugins/') || source.startsWith('integrations/')) && dest === 'kernel' && !kernelEntries.includes(target)) {
    return `${source} imports the kernel by deep path ${target} (use portico, portico/kernel or portico/errors: kernel/index.ts, kernel/kernel.ts, kernel/errors/index.ts)`
  }
  if (source.startsWith('plugins/')) {
    if (dest.startsWith('plugins/')) return `${source} reaches into another plugin: ${target}`
    if (dest === 'ui' && !['ui/index.ts', 'ui/index.js', 'ui/kit.ts', 'ui/kit.js'].includes(target)) return `${source} imports the UI by deep path ${target} (use portico/react or portico/react/kit: ui/index.ts, ui/kit.ts)`
  }
  if ((source === 'kernel' || source === 'ui' || source.startsWith('plugins/')) && ['tests', 'sandbox', 'server', 'scripts'].includes(dest)) {
    return `${source} imports ${target}`
  }
  return undefined
}

/**
 * Checks the architecture's boundaries in `kernel/`, `chain-kit/`, `ui/`, `plugins/`, `integrations/`,
 * `server/` and `sandbox/`: the kernel imports nothing outside itself (its entries aside, which
 * re-export the chain kit), the chain kit the kernel through its entries only, the UI no plugin, a plugin no other
 * plugin and only `ui/index.ts` and `ui/kit.ts` of the UI, an integration nothing but the kernel,
 * the server and the sandbox no UI and a plugin only through its public entries
 * (`rules.publicEntries`: `plugins/polkadot/server/index.ts`, not `plugins/polkadot/utils/ss58.ts`); no code (comments aside) of the kernel or UI names a chain namespace or a plugin's
 * view id; and no plugin calls a changing method of a kernel store (`portico.stores.router.push`,
 * or through a name destructured from `stores`).
 *
 * @returns every violation, in file order
 * @example
 * checkBoundaries(readSources(root), { namespaces: ['eip155'], pluginViewIds: ['SIWXSignMessage'] })
 */
export function checkBoundaries(files: readonly SourceFile[], rules: BoundaryRules): Violation[] {
  const out: Violation[] = []
  const exempt = new Set(rules.exempt ?? defaultExempt)
  const namePattern = rules.namespaces.length ? new RegExp(`(^|[^A-Za-z0-9_])(${rules.namespaces.join('|')})(?![A-Za-z0-9_])`) : undefined
  const viewIds = new Set(rules.pluginViewIds)
  const publicFiles = new Set((rules.publicEntries ?? []).map((e) => e.file))
  const publicSubpaths = new Set((rules.publicEntries ?? []).map((e) => (e.subpath === '.' ? 'portico' : `portico/${e.subpath.slice(2)}`)))
  for (const file of files) {
    const part = partOf(file.path)
    const checkNames = (part === 'kernel' || part === 'ui') && !exempt.has(file.path)
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
    // Which local names hold a kernel store (`const { router } = portico.stores`).
    const storeNames = new Map<string, string>()
    const isStores = (node: ts.Node) => ts.isPropertyAccessExpression(node) && node.name.text === 'stores'
    const storeOf = (node: ts.Expression): string | undefined => {
      if (ts.isPropertyAccessExpression(node) && isStores(node.expression)) return node.name.text
      if (ts.isIdentifier(node)) return storeNames.get(node.text)
      return undefined
    }
    const checkStores = part.startsWith('plugins/') && rules.storeChangers !== undefined
    const checkImport = (node: ts.Node, specifier: string) => {
      if ((part === 'server' || part === 'sandbox') && (specifier === 'portico' || specifier.startsWith('portico/')) && !publicSubpaths.has(specifier)) {
        out.push({ path: file.path, line: lineOf(node), rule: 'import', detail: `${part}/ imports ${specifier}, which package.json does not export` })
        return
      }
      if (!specifier.startsWith('.')) return
      const target = posix.normalize(posix.join(posix.dirname(file.path), specifier)).replace(/\.js$/, '.ts')
      const detail = importViolation(file.path, target, publicFiles)
      if (detail) out.push({ path: file.path, line: lineOf(node), rule: 'import', detail })
    }
    const visit = (node: ts.Node): void => {
      if (checkStores && ts.isVariableDeclaration(node) && node.initializer && isStores(node.initializer) && ts.isObjectBindingPattern(node.name)) {
        for (const element of node.name.elements) {
          const key = element.propertyName ?? element.name
          if (ts.isIdentifier(key) && ts.isIdentifier(element.name)) storeNames.set(element.name.text, key.text)
        }
      }
      if (checkStores && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const store = storeOf(node.expression.expression)
        const method = node.expression.name.text
        if (store && rules.storeChangers?.[store]?.includes(method)) out.push({ path: file.path, line: lineOf(node), rule: 'store', detail: `changes the kernel store ${store} directly (${method}); use a context action` })
      }
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        checkImport(node, node.moduleSpecifier.text)
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        checkImport(node, node.arguments[0].text)
      } else if (checkNames && (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isIdentifier(node) || ts.isJsxText(node))) {
        const text = ts.isIdentifier(node) ? node.text : (node as ts.LiteralLikeNode).text
        const parent = node.parent
        const isModulePath = parent && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent))
        if (!isModulePath && namePattern?.test(text)) out.push({ path: file.path, line: lineOf(node), rule: 'namespace', detail: `names a chain namespace: ${text.slice(0, 80)}` })
        if (!ts.isIdentifier(node) && viewIds.has(text)) out.push({ path: file.path, line: lineOf(node), rule: 'view', detail: `names the plugin view ${text}` })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return out
}

/** Every `.ts` / `.tsx` file under the given folders of `root`. */
export function readSources(root: string, folders: readonly string[] = ['kernel', 'chain-kit', 'ui', 'plugins', 'integrations', 'server', 'sandbox']): SourceFile[] {
  const files: SourceFile[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (/\.tsx?$/.test(name)) files.push({ path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') })
    }
  }
  for (const folder of folders) walk(join(root, folder))
  return files
}
