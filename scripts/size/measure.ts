import { gzipSync } from 'node:zlib'
import { build, type Plugin as EsbuildPlugin } from 'esbuild'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { import?: string } | string> }

/** Resolves `portico` and `portico/<subpath>` to the built files, through the exports map. */
const porticoFromDist: EsbuildPlugin = {
  name: 'portico-from-dist',
  setup(b) {
    b.onResolve({ filter: /^portico(\/.*)?$/ }, (args) => {
      const subpath = args.path === 'portico' ? '.' : `./${args.path.slice('portico/'.length)}`
      const target = pkg.exports[subpath]
      const file = typeof target === 'string' ? target : target?.import
      if (!file) return { errors: [{ text: `portico has no export "${subpath}"` }] }
      return { path: join(root, file) }
    })
  },
}

export type Measurement = { eagerBytes: number; totalBytes: number; eagerRaw: number; chunks: number }

/**
 * Bundles site code with esbuild (minified, ESM, code splitting, browser) and returns the gzipped
 * size of what loads eagerly and of everything including lazy chunks.
 */
export async function measure(code: string): Promise<Measurement> {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js', sourcefile: 'site.js' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: join(root, '.portico/size-out'),
    write: false,
    metafile: true,
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [porticoFromDist],
  })
  const outputs = result.metafile.outputs
  const files = new Map(result.outputFiles.map((f) => [f.path.slice(root.length + 1), f.contents]))
  const gz = (name: string) => gzipSync(files.get(name) ?? new Uint8Array(), { level: 9 }).length
  // The site's own entry; modules loaded with import() are entry points in the metafile too.
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint === 'site.js') as string
  const eager = new Set<string>()
  const visit = (name: string) => {
    if (eager.has(name)) return
    eager.add(name)
    for (const imported of outputs[name]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  const js = Object.keys(outputs).filter((name) => name.endsWith('.js'))
  return {
    eagerBytes: [...eager].reduce((sum, name) => sum + gz(name), 0),
    totalBytes: js.reduce((sum, name) => sum + gz(name), 0),
    eagerRaw: [...eager].reduce((sum, name) => sum + (files.get(name)?.length ?? 0), 0),
    chunks: js.length,
  }
}

/** Every exported name of an entry, imported as a site would to pay for all of it. */
export function wholeEntryCode(subpath: string): string {
  const specifier = subpath === '.' ? 'portico' : `portico/${subpath.slice(2)}`
  return `export * from '${specifier}'`
}
