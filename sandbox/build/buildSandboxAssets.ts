import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { buildDemoSite } from './buildDemoSite.js'
import { buildElementsPage } from './buildElementsPage.js'
import { listPersonas } from '../personas/listPersonas.js'
import type { PersonaListing } from '../personas/types.js'

/** One file the sandbox serves from memory. */
export type SandboxAsset = { body: string; contentType: string }

/** URL path → asset. */
export type SandboxAssets = Map<string, SandboxAsset>

const sandboxDir = fileURLToPath(new URL('..', import.meta.url))

/** The browser bundles: URL path → entry file (relative to `sandbox/`). */
const bundles: Record<string, string> = {
  '/dev-wallet.js': 'devWallet/devWallet.entry.ts',
  '/solana-dev-wallet.js': 'solanaWallet/solanaDevWallet.entry.ts',
  '/bitcoin-dev-wallet.js': 'bitcoinWallet/bitcoinDevWallet.entry.ts',
  '/sui-dev-wallet.js': 'suiWallet/suiDevWallet.entry.ts',
  '/cosmos-dev-wallet.js': 'cosmosWallet/cosmosDevWallet.entry.ts',
  '/polkadot-dev-wallet.js': 'polkadotWallet/polkadotDevWallet.entry.ts',
  '/stacks-dev-wallet.js': 'stacksWallet/stacksDevWallet.entry.ts',
  '/ledger-device.js': 'ledgerDevice/ledgerDevice.entry.ts',
  '/personas.js': 'personas/loadPersonas.entry.ts',
  '/wallet-page.js': 'walletPage/walletPage.entry.ts',
  '/sandbox-safe-host.js': 'safe/safeHost.entry.ts',
}

/** Static files: URL path → file (relative to `sandbox/`). */
const statics: Record<string, [file: string, contentType: string]> = {
  '/': ['demo/index.html', 'text/html; charset=utf-8'],
  '/wallet': ['walletPage/index.html', 'text/html; charset=utf-8'],
  '/wagmi.html': ['wagmiDemo/index.html', 'text/html; charset=utf-8'],
  '/demo.css': ['demo/demo.css', 'text/css; charset=utf-8'],
  '/wallet-page.css': ['walletPage/walletPage.css', 'text/css; charset=utf-8'],
  '/sandbox-onramp.css': ['onramp/checkout.css', 'text/css; charset=utf-8'],
  '/sandbox/safe': ['safe/index.html', 'text/html; charset=utf-8'],
  '/sandbox-safe-host.css': ['safe/safeHost.css', 'text/css; charset=utf-8'],
  // Portico as custom elements on a plain HTML page (no React, no bundler): sandbox/elements.
  '/elements.html': ['elements/index.html', 'text/html; charset=utf-8'],
  '/elements-page.js': ['elements/elementsPage.js', 'text/javascript; charset=utf-8'],
}

/**
 * Builds the sandbox's browser bundles with esbuild (in memory, IIFE, no `eval`, so they run under a
 * strict CSP) and reads its HTML and CSS: the demo site, the WalletConnect wallet page and the
 * "Portico Dev Wallet" script.
 *
 * @returns every asset by URL path
 * @example
 * const assets = await buildSandboxAssets()
 * assets.get('/dev-wallet.js')?.body
 */
export async function buildSandboxAssets(): Promise<SandboxAssets> {
  const [assets, elementsPage] = await Promise.all([buildDemoSite(), buildElementsPage()])
  for (const [path, asset] of elementsPage) assets.set(path, asset)
  // Every wallet persona (sandbox/personas/<wallet>/<namespace>.entry.ts) is a bundle of its own;
  // the loader learns the list at build time.
  const personas = listPersonas()
  const listing: PersonaListing[] = personas.map(({ id, namespace, name, script }) => ({ id, namespace, name, script }))
  const entries = [...Object.entries(bundles), ...personas.map((persona) => [persona.script, persona.entry] as const)]
  const result = await build({
    absWorkingDir: sandboxDir,
    entryPoints: Object.fromEntries(entries.map(([path, file]) => [path.slice(1, -3), file])),
    outdir: 'out',
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome111'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis', __PORTICO_PERSONAS__: JSON.stringify(listing) },
    // lodash.clonedeep (under @stacks/transactions, in the Stacks dev wallet and the wallet page) finds
    // its global with Function('return this'): a prototype-keeping clone of our own stands in for it.
    alias: { 'lodash.clonedeep': './build/cloneDeep.ts' },
  })
  for (const [path] of entries) {
    const file = result.outputFiles.find((f) => f.path.endsWith(`${path.slice(0, -3)}.js`))
    if (!file) throw new Error(`buildSandboxAssets: esbuild produced no ${path}`)
    assets.set(path, { body: file.text, contentType: 'text/javascript; charset=utf-8' })
  }
  await Promise.all(
    Object.entries(statics).map(async ([path, [file, contentType]]) => {
      assets.set(path, { body: await readFile(new URL(`../${file}`, import.meta.url), 'utf8'), contentType })
    }),
  )
  return assets
}
