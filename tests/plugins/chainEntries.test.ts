// Issue 44: a page with a chain plugin carries before any click only what the plugin needs there
// (its factory, meta, networks and error classes). Bundled from source as a site's bundler does
// (esbuild, code splitting), the page's first chunks hold none of the plugin's setup, discovery,
// address rules or codecs: they load with the kernel through `load()`. Byte budgets are
// `npm run size`'s (scripts/size/budgets.json); this checks which modules, so a failure names them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'portico-chain-entries-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The modules that put bytes into the chunks a page loads with its entry (static imports only). */
async function eagerModules(site: string): Promise<string[]> {
  const entry = join(dir, `${Math.random().toString(36).slice(2)}.ts`)
  writeFileSync(entry, site)
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    outdir: join(dir, 'out'),
    write: false,
    metafile: true,
    absWorkingDir: root,
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const outputs = (metafile as Metafile).outputs
  const start = Object.keys(outputs).find((name) => outputs[name]?.entryPoint?.endsWith(entry.slice(root.length))) as string
  expect(start, 'the site entry has an output').toBeDefined()
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    for (const imported of outputs[name]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(start)
  return [...seen].flatMap((name) => Object.entries(outputs[name]?.inputs ?? {}).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path))
}

const chains = [
  { name: 'solana', preset: 'solanaMainnet' },
  { name: 'sui', preset: 'suiMainnet' },
  { name: 'bip122', preset: 'bitcoinMainnet' },
  { name: 'polkadot', preset: 'polkadotMainnet' },
  { name: 'cosmos', preset: 'cosmosHub' },
  { name: 'stacks', preset: 'stacksMainnet' },
]
/** Libraries of the chains' setups and actions (codecs, hashes, curves, wallet registries): never before a click. */
const lazyPackages = /node_modules\/(@scure\/|@noble\/|@wallet-standard\/|@mysten\/|@polkadot|@keplr-wallet\/|@stacks\/|sats-connect)/

describe('chain plugin entries: the page loads the factory, not the setup', () => {
  for (const { name, preset } of chains) {
    it(`portico/${name}: a site's first chunks hold only the factory, meta, networks and errors`, async () => {
      const modules = await eagerModules(`import { createPortico } from '${root}kernel/index.ts'
import { ${name}, ${preset} } from '${root}plugins/${name}/index.ts'
export const portico = createPortico({ projectId: 'demo', networks: [${preset}], plugins: [${name}()] })
`)
      const own = modules.filter((path) => path.startsWith(`plugins/${name}/`))
      // The factory is there (so the check looks at the right bundle).
      expect(own).toContain(`plugins/${name}/${name}.ts`)
      const allowed = new RegExp(`^plugins/${name}/(index|${name}|meta|errors)\\.ts$|^plugins/${name}/networks/`)
      expect(own.filter((path) => !allowed.test(path)), 'plugin modules before any click').toEqual([])
      expect(modules.filter((path) => lazyPackages.test(path)), 'chain libraries before any click').toEqual([])
      expect(modules.filter((path) => path.startsWith('plugins/') && !path.startsWith(`plugins/${name}/`)), 'other plugins').toEqual([])
    })
  }
})

const setups = [
  { name: 'eip155', setup: 'setupEip155' },
  { name: 'solana', setup: 'setupSolana' },
  { name: 'sui', setup: 'setupSui' },
  { name: 'bip122', setup: 'setupBip122' },
  { name: 'polkadot', setup: 'setupPolkadot' },
  { name: 'cosmos', setup: 'setupCosmos' },
  { name: 'stacks', setup: 'setupStacks' },
]

// Issue 53: the built-in wallets (100-odd, with logos) load when a view first lists them, not with
// the setup a page loads with the kernel.
describe("chain plugin setups: the namespace's built-in wallets stay behind an import()", () => {
  for (const { name, setup } of setups) {
    it(`portico/${name}: its setup's chunks hold no built-in wallet and no wallet logo`, async () => {
      const modules = await eagerModules(`export * from '${root}plugins/${name}/setup/${setup}.ts'\n`)
      // The setup is there (so the check looks at the right bundle).
      expect(modules).toContain(`plugins/${name}/setup/${setup}.ts`)
      expect(modules.filter((path) => path.startsWith('wallets/') || path.includes('@web3icons/core/dist/svgs/wallets/')), 'built-in wallets in the setup').toEqual([])
    })
  }
})
