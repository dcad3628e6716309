import type { SandboxAssets } from './buildSandboxAssets.js'
import { bundleBrowserModules } from './bundleBrowserModules.js'

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
export function buildElementsPage(): Promise<SandboxAssets> {
  return bundleBrowserModules(entries, '/elements')
}
