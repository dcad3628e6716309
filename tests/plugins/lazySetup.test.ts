// Issue 44: every first-party connector and feature plugin (but safe, whose setup is a one-line
// loader) keeps its setup behind `load()`, as eip155 does: the factory module a page imports holds its
// name, meta, English strings and options, and `load()` imports ./setup/setup<Name>.js. Two checks
// per plugin: the factory's static module graph (read from esbuild's metafile, so type-only imports
// do not count) reaches nothing of the plugin but its meta, messages and constants, the kernel only
// through its light entry (kernel/index.ts) and no package (MobX, viem, …); and a fresh copy of the
// factory module refuses to set up before `load()` and sets up after it.
import { build, type Metafile } from 'esbuild'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadPlugins, PluginNotLoadedError, PluginSetupError, type Plugin, type Portico } from '../../kernel/kernel.js'
import { createTestPortico, newWallet, testChain } from '../kernel/helpers/testKit.js'

const root = join(import.meta.dirname, '../..')

type Case = {
  /** The plugin's name (= its folder, its store's name). */
  name: string
  /** Its factory module, relative to the repository. */
  factory: string
  /** The factory's export. */
  exportName: string
  /** Its setup module (what `load()` imports). */
  setupModule: string
  /** Options the factory needs. */
  options?: unknown
}

const cases: Case[] = [
  { name: 'auth', factory: 'plugins/auth/auth.ts', exportName: 'auth', setupModule: 'plugins/auth/setup/setupAuth.ts', options: { walletOrigin: 'http://127.0.0.1:9' } },
  { name: 'calls', factory: 'plugins/calls/calls.ts', exportName: 'calls', setupModule: 'plugins/calls/setup/setupCalls.ts' },
  { name: 'email-capture', factory: 'plugins/email-capture/emailCapture.ts', exportName: 'emailCapture', setupModule: 'plugins/email-capture/setup/setupEmailCapture.ts' },
  { name: 'ledger', factory: 'plugins/ledger/ledger.ts', exportName: 'ledger', setupModule: 'plugins/ledger/setup/setupLedger.ts' },
  { name: 'names', factory: 'plugins/names/names.ts', exportName: 'names', setupModule: 'plugins/names/setup/setupNames.ts' },
  { name: 'onramp', factory: 'plugins/onramp/onramp.ts', exportName: 'onramp', setupModule: 'plugins/onramp/setup/setupOnramp.ts' },
  { name: 'send', factory: 'plugins/send/send.ts', exportName: 'send', setupModule: 'plugins/send/setup/setupSend.ts' },
  { name: 'siwx', factory: 'plugins/siwx/siwx.ts', exportName: 'siwx', setupModule: 'plugins/siwx/setup/setupSiwx.ts' },
  { name: 'swap', factory: 'plugins/swap/swap.ts', exportName: 'swap', setupModule: 'plugins/swap/setup/setupSwap.ts' },
  { name: 'walletconnect', factory: 'plugins/walletconnect/walletConnect.ts', exportName: 'walletConnect', setupModule: 'plugins/walletconnect/setup/setupWalletConnect.ts' },
]

/** The factory module's metafile: bundled from source as a page's bundler would, nothing written. */
async function metafileOf(factory: string): Promise<Metafile> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [factory],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // Nothing is written (`write: false`); esbuild only needs a place to name the chunks.
    outdir: join(tmpdir(), 'portico-lazy-setup'),
    write: false,
    metafile: true,
    // Node's `https` and `stream`, which the Sui and Bitcoin Ledger libraries reach in their lazy chunks, are
    // aliased by a site's bundler (docs/guides/hardware-wallets.md); this check reads the static graph only.
    external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'https', 'stream'],
    logLevel: 'silent',
  })
  return result.metafile
}

/** Every module reached from `entry` by static imports (a page loads them with the entry). */
function staticGraph(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const imported of metafile.inputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  return seen
}

describe('first-party connector and feature plugins keep their setup behind load()', () => {
  describe.each(cases)('$name', ({ name, factory, exportName, setupModule, options }) => {
    it('its factory module reaches only its meta, messages and constants, the kernel through its light entry, and no package', async () => {
      const metafile = await metafileOf(factory)
      const graph = [...staticGraph(metafile, factory)]
      const folder = factory.slice(0, factory.lastIndexOf('/') + 1)
      const allowed = new Set([factory, `${folder}meta.ts`, `${folder}messages.ts`, `${folder}constants.ts`])
      expect(graph.filter((path) => path.startsWith('plugins/') && !allowed.has(path))).toEqual([])
      expect(graph.filter((path) => path.includes('node_modules/'))).toEqual([])
      // The plugin's own modules import the kernel only through `portico` (kernel/index.ts).
      const kernelImports = graph.filter((path) => path.startsWith('plugins/')).flatMap((path) => (metafile.inputs[path]?.imports ?? []).filter((i) => i.kind === 'import-statement' && i.path.startsWith('kernel/')).map((i) => `${path} -> ${i.path}`))
      expect(kernelImports.filter((edge) => !edge.endsWith(' -> kernel/index.ts'))).toEqual([])
      // …and `load()` is what brings the rest.
      expect((metafile.inputs[factory]?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path)).toContain(setupModule)
    })

    const kernels: Portico[] = []
    afterEach(async () => {
      for (const kernel of kernels.splice(0)) await kernel.destroy()
    })

    it('a fresh copy of the factory refuses to set up before load(), and sets up after it', async () => {
      // A copy of the module of its own (the query makes it another module): nothing loaded its setup yet.
      const fresh = (await import(/* @vite-ignore */ `${new URL(`../../${factory}`, import.meta.url).href}?fresh`)) as Record<string, (options?: unknown) => Plugin>
      const make = () => (fresh[exportName] as (options?: unknown) => Plugin)(options)
      let thrown: unknown
      try {
        createTestPortico({ plugins: [testChain('eip155', newWallet()), make()] })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(PluginSetupError)
      expect((thrown as PluginSetupError).cause).toBeInstanceOf(PluginNotLoadedError)
      expect(String((thrown as PluginSetupError).cause)).toContain(`"${name}" plugin's code is not loaded`)

      const plugin = make()
      await loadPlugins([plugin])
      const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), plugin] })
      kernels.push(portico)
      expect(portico.getStore(name)).toBeDefined()
    })
  })
})
