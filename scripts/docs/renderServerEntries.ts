import { dirname, join } from 'node:path'
import ts from 'typescript'
import { cell } from './markers.js'

/**
 * The generated block of each plugin's Node entry (`portico/<plugin>/server`, the plugin's
 * `server/index.ts`): one row per export with its kind and the first sentence of its TSDoc, read
 * with the TypeScript checker from the source, so the page lists exactly what the entry exports.
 *
 * @param root the repository root
 * @param plugins the plugin folders that have a `server/index.ts`
 * @returns the block's content per plugin folder
 * @example
 * renderServerEntries(root, ['polkadot', 'siwx']).polkadot // '`import { … } from \'portico/polkadot/server\'` …'
 */
export function renderServerEntries(root: string, plugins: readonly string[]): Record<string, string> {
  if (plugins.length === 0) return {}
  const configPath = join(root, 'tsconfig.json')
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, (p) => ts.sys.readFile(p)).config, ts.sys, dirname(configPath))
  const files = plugins.map((name) => join(root, 'plugins', name, 'server', 'index.ts'))
  const program = ts.createProgram({ rootNames: files, options: { ...config.options, noEmit: true } })
  const checker = program.getTypeChecker()
  const out: Record<string, string> = {}
  plugins.forEach((name, i) => {
    const source = program.getSourceFile(files[i] as string)
    const module = source && checker.getSymbolAtLocation(source)
    if (!module) throw new Error(`plugins/${name}/server/index.ts could not be read`)
    const rows = checker
      .getExportsOfModule(module)
      .map((exported) => {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
        const flags = symbol.flags
        const kind = flags & ts.SymbolFlags.Class ? 'class' : flags & ts.SymbolFlags.Function ? 'function' : flags & ts.SymbolFlags.Variable ? 'const' : 'type'
        const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker)).split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim() ?? ''
        const sentence = /^(.*?\.)(\s|$)/.exec(doc)?.[1] ?? doc
        return { name: exported.name, kind, sentence }
      })
      .sort((a, b) => (a.kind === 'type') !== (b.kind === 'type') ? (a.kind === 'type' ? 1 : -1) : a.name.localeCompare(b.name))
    out[name] = [
      `📦 \`import { … } from 'portico/${name}/server'\`: Node only (a site's backend, a script); a page never loads it.`,
      '',
      '| Export | Kind | What |',
      '|---|---|---|',
      ...rows.map((r) => `| \`${r.name}\` | ${r.kind} | ${cell(r.sentence)} |`),
    ].join('\n')
  })
  return out
}
