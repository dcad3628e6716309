// portico/stacks calls SIP-030 providers and the Stacks APIs itself: no Stacks SDK is imported by
// its sources (eagerly or lazily), so no bundle of a site's can contain @stacks/connect (which
// embeds another vendor's modal and WalletConnect) or @stacks/transactions.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../plugins/stacks', import.meta.url))
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))

describe('portico/stacks imports', () => {
  it('no source file imports @stacks/*, sats-connect or another plugin', () => {
    const sources = files(root)
    expect(sources.length).toBeGreaterThan(15)
    for (const file of sources) {
      const imports = [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1] as string)
      for (const specifier of imports) {
        expect(specifier, file).not.toMatch(/^@stacks\/|^sats-connect|^c32check/)
        if (!specifier.startsWith('.')) continue
        // Relative imports stay inside the plugin, or reach the kernel's public entry and utilities, the chain kit's entry,
        // or the namespace's own built-in wallets (which the plugin lends to the kernel's registry).
        const target = relative(join(root, '..', '..'), resolve(dirname(file), specifier))
        expect(target, `${file} imports ${specifier}`).toMatch(/^(plugins\/stacks\/|kernel\/|chain-kit\/index\.js$|wallets\/byNamespace\/stacksWallets\.js$)/)
      }
    }
  })
})
