import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { SandboxAssets } from './buildSandboxAssets.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The package entries the plain HTML page imports, as the files a CDN or `dist/` would serve. */
const entries = { portico: 'kernel/index.ts', eip155: 'plugins/eip155/index.ts', elements: 'ui/elements/index.ts' }

/**
 * The bundles behind `/elements.html` (sandbox/elements): `portico`, `portico/eip155` and
 * `portico/elements` as browser ES modules under `/elements/` (`portico.js`, `eip155.js`,
 * `elements.js` and their shared chunks, so the three share one kernel, one MobX and one React).
 * The page itself is hand-written HTML and a plain module that imports them by URL.
 *
 * @example
 * const assets = await buildElementsPage() // '/elements/elements.js', '/elements/chunk-….js', …
 */
export async function buildElementsPage(): Promise<SandboxAssets> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: 'elements-out',
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    target: ['es2022', 'chrome111'],
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    chunkNames: 'chunk-[hash]',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  })
  const assets: SandboxAssets = new Map()
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1)
    assets.set(`/elements/${name}`, { body: file.text, contentType: 'text/javascript; charset=utf-8' })
  }
  return assets
}
