import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'esbuild'
import { porticoStylesheet } from '../../scripts/build/uiStylesheets.mjs'
import type { SandboxAssets } from './buildSandboxAssets.js'
import { bundleBrowserModules } from './bundleBrowserModules.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, { types?: string } | string> }

/**
 * Resolves `portico` and `portico/<subpath>` the way a site's bundler resolves the installed
 * package, but to the sources (the exports map's `types` path, with .ts instead of .d.ts), so the
 * demo runs the code in this checkout without a build step.
 */
const porticoFromSource: Plugin = {
  name: 'portico-from-source',
  setup(b) {
    b.onResolve({ filter: /^portico(\/.*)?$/ }, (args) => {
      const subpath = args.path === 'portico' ? '.' : `./${args.path.slice('portico/'.length)}`
      const target = pkg.exports[subpath]
      if (typeof target !== 'object' || !target.types) return { errors: [{ text: `portico has no export "${subpath}"` }] }
      const source = target.types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts')
      return { path: `${root}${source}` }
    })
  },
}

/**
 * The demo site: a page written as a site owner would, with `portico`, `portico/eip155` and
 * `portico/react`. Built as ES modules with code splitting, so the modal's views load only when
 * the modal first opens, exactly as on a real site. Served under /demo/, plus /portico.css (every
 * stylesheet in one file, which the wagmi and web-components demos link; the demo itself links
 * none: its styles come with the code).
 *
 * @example
 * const assets = await buildDemoSite() // '/demo/demo.js', '/demo/chunk-….js', '/portico.css'
 */
export async function buildDemoSite(): Promise<SandboxAssets> {
  // The wagmi demo (/wagmi.html) shares the chunks it has in common with the demo.
  const assets = await bundleBrowserModules({ demo: 'sandbox/demo/demo.entry.tsx', wagmi: 'sandbox/wagmiDemo/wagmiDemo.entry.tsx' }, '/demo', [porticoFromSource])
  assets.set('/portico.css', { body: porticoStylesheet(), contentType: 'text/css; charset=utf-8' })
  return assets
}
