// Issue 53, acceptance 5 ("no site's eager bundle grows") with acceptance 3 kept: Solana's Mobile
// Wallet Adapter is opt-in through `portico/solana/mobile`. Its library imports `qrcode` (CommonJS
// only), and esbuild, meeting CommonJS anywhere in a site's build, even behind `import()`, puts its
// interop helpers (`__commonJS`, `__toESM`) in a chunk every page imports. So a Solana site that does
// not import the entry must have none of the MWA code in its build and no CommonJS helpers in what
// loads with its page; one that does gets the MWA code in a lazy chunk only. Built from dist/ as a
// site's bundler builds the installed package (scripts/size/measure.ts).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildSite, type SiteBuild } from '../../scripts/size/measure.js'

const root = join(import.meta.dirname, '../..')

/** A Solana site with the React UI, as scripts/size/scenarios.ts writes it; `optIn` adds the Mobile Wallet Adapter. */
const solanaSite = (optIn: boolean) => `import { createPortico } from 'portico'
import { solana, solanaMainnet } from 'portico/solana'
${optIn ? "import { mobileWalletAdapter } from 'portico/solana/mobile'\n" : ''}import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const portico = createPortico({ projectId: 'demo', networks: [solanaMainnet], plugins: [solana(${optIn ? '{ mobileWalletAdapter }' : ''})] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`

/** The modules of the Mobile Wallet Adapter: its library, `qrcode` under it, and portico's module that registers it. */
const mwaModule = /node_modules\/(@solana-mobile\/|qrcode\/)|dist\/plugins\/solana\/lazy\/mobileWalletAdapter\.js$/

/** Which outputs hold a Mobile Wallet Adapter module. */
const mwaOutputs = (site: SiteBuild) => Object.keys(site.outputs).filter((name) => Object.keys(site.outputs[name]?.inputs ?? {}).some((path) => mwaModule.test(path)))

// esbuild's CommonJS runtime as it minifies it: `__commonJS` builds each module's `{ exports: {} }`
// object, `__toESM` checks `__esModule`. Neither appears in Portico's own code nor in the ESM
// libraries a Solana site bundles (the opted-in site below shows the markers are found when present).
const commonJsHelpers = /\{exports:\{\}\}|__esModule/

/** The outputs, among `names`, that carry esbuild's CommonJS helpers. */
const withCommonJsHelpers = (site: SiteBuild, names: Iterable<string>) => [...names].filter((name) => commonJsHelpers.test(new TextDecoder().decode(site.files.get(name))))

let plain: SiteBuild
let optedIn: SiteBuild
beforeAll(async () => {
  // `npm test` builds first (scripts/test.ts); this test reads what was built.
  if (!existsSync(join(root, 'dist/solana-mobile.js'))) throw new Error('dist/ is missing or stale: run `npm run build` first (npm test does).')
  ;[plain, optedIn] = await Promise.all([buildSite(solanaSite(false)), buildSite(solanaSite(true))])
}, 120_000)

describe('a Solana site without portico/solana/mobile', () => {
  it('has no Mobile Wallet Adapter code in any chunk, eager or lazy', () => {
    expect(Object.keys(plain.outputs).some((name) => Object.keys(plain.outputs[name]?.inputs ?? {}).some((path) => path.includes('dist/plugins/solana/')))).toBe(true)
    expect(mwaOutputs(plain)).toEqual([])
  })

  it('has no esbuild CommonJS helpers in the chunks that load with its page', () => {
    expect(plain.eager.size).toBeGreaterThan(1)
    expect(withCommonJsHelpers(plain, plain.eager)).toEqual([])
  })
})

describe('a Solana site with portico/solana/mobile (solana({ mobileWalletAdapter }))', () => {
  it('has the Mobile Wallet Adapter in a lazy chunk of its own, never in what loads with the page', () => {
    const chunks = mwaOutputs(optedIn).filter((name) => name.endsWith('.js'))
    expect(chunks).toHaveLength(1)
    expect(chunks[0]).toMatch(/\/mobileWalletAdapter-[\w-]+\.js$/)
    expect(optedIn.eager.has(chunks[0] as string)).toBe(false)
    // The chunk is reached through the entry's `import()` only.
    const importers = Object.keys(optedIn.outputs).filter((name) => optedIn.outputs[name]?.imports.some((i) => i.path === chunks[0]))
    expect(importers.length).toBeGreaterThan(0)
    for (const name of importers) expect(optedIn.outputs[name]?.imports.filter((i) => i.path === chunks[0]).map((i) => i.kind)).toEqual(['dynamic-import'])
  })

  it('carries the CommonJS helpers the library needs (what the site without the entry is spared)', () => {
    const js = Object.keys(optedIn.outputs).filter((name) => name.endsWith('.js'))
    expect(withCommonJsHelpers(optedIn, js).length).toBeGreaterThan(0)
  })
})
