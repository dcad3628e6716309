import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import type { SandboxAssets } from './buildSandboxAssets.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Bundles sandbox pages' code as a site's bundler would for production: browser ES modules with
 * code splitting (lazy views stay lazy chunks), minified, React in production mode, served under
 * `urlPrefix` (`/demo/demo.js`, `/demo/chunk-….js`).
 *
 * @param entryPoints - output name → source file, relative to the checkout
 * @param urlPrefix - where the files are served, e.g. `/demo`
 * @param plugins - esbuild plugins (how `portico/*` resolves)
 * @example
 * const assets = await bundleBrowserModules({ demo: 'sandbox/demo/demo.entry.tsx' }, '/demo')
 */
export async function bundleBrowserModules(entryPoints: Record<string, string>, urlPrefix: string, plugins: Plugin[] = []): Promise<SandboxAssets> {
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    outdir: `${urlPrefix.slice(1)}-out`,
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
    // `process.browser`: read at load by readable-stream@2 (under hw-app-btc's create-hash → hash-base).
    define: { 'process.env.NODE_ENV': '"production"', 'process.browser': 'true', global: 'globalThis' },
    // lodash.clonedeep (under @stacks/transactions, in the demo's Stacks example) finds its global with
    // Function('return this'), which a strict CSP refuses: the sandbox's own clone stands in (cloneDeep.ts).
    // `globalthis` (under CosmJS's xstream, in the Cosmos example) falls back to it the same way (globalThisShim.ts).
    // Node's `https`, which @ledgerhq/live-network (under the Sui Ledger app's library) asks for when it loads: httpsShim.ts.
    // `stream` (Node's, required by cipher-base under @ledgerhq/hw-app-btc's bs58check@2) is a plain Transform constructor (streamShim.ts).
    // `function-bind` (under hw-app-btc's get-intrinsic and call-bind) falls back to Function('binder', …): functionBindShim.cjs.
    alias: { 'lodash.clonedeep': './sandbox/build/cloneDeep.ts', globalthis: './sandbox/build/globalThisShim.ts', https: './sandbox/build/httpsShim.ts', stream: './sandbox/build/streamShim.ts', 'function-bind': './sandbox/build/functionBindShim.cjs' },
    plugins,
  })
  const assets: SandboxAssets = new Map()
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1)
    assets.set(`${urlPrefix}/${name}`, { body: file.text, contentType: 'text/javascript; charset=utf-8' })
  }
  return assets
}
