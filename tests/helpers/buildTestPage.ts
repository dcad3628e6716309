import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { build } from 'esbuild'

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

export type BuiltTestPage = {
  outdir: string
  /** The built `/main.js` or `/chunks/…` file for a request path, or undefined. */
  read(path: string): { body: Buffer; contentType: string } | undefined
}

/**
 * Bundles a browser test page with esbuild as a site's bundler would: ES modules with code
 * splitting (lazy views stay lazy), `main.js` plus `chunks/`, in a fresh temporary folder.
 *
 * @example
 * const built = await buildTestPage({ entry: 'tests/e2e/ui/harness/main.tsx' })
 * const file = built.read('/main.js')
 */
export async function buildTestPage({ entry, development = false, define = {} }: { entry: string; development?: boolean; define?: Record<string, string> }): Promise<BuiltTestPage> {
  const root = join(import.meta.dirname, '../..')
  const outdir = mkdtempSync(join(tmpdir(), 'portico-test-page-'))
  await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir,
    entryNames: 'main',
    chunkNames: 'chunks/[name]-[hash]',
    jsx: 'automatic',
    target: 'es2022',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': development ? '"development"' : '"production"', ...define },
    logLevel: 'silent',
  })
  return {
    outdir,
    read(path) {
      if (path !== '/main.js' && !path.startsWith('/chunks/')) return undefined
      try {
        const body = readFileSync(join(outdir, path.replace(/^\/+/, '').replace(/\.\./g, '')))
        return { body, contentType: contentTypes[extname(path)] ?? 'application/octet-stream' }
      } catch {
        return undefined
      }
    },
  }
}
