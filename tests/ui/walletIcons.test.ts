// Real icons where letter tiles and a generic glyph stood (issue 52): the Polkadot dev wallet
// (its injectedWeb3 entry's icon, which the polkadot plugin now reads), the Cosmos dev wallet, the
// embedded (email) wallet; and a Ledger icon that keeps its contrast on the dark theme. And one
// enumeration of every wallet the Connect list can show without a directory: Portico's connectors,
// the sandbox's dev wallets, the built-in wallets it recommends or opens on a phone.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { base64 } from '@scure/base'
import cosmosMark from '@web3icons/core/svgs/networks/background/cosmos.svg.js'
import polkadotMark from '@web3icons/core/svgs/networks/background/polkadot.svg.js'
import { describe, expect, it } from 'vitest'
import { authLogo } from '../../plugins/auth/logo.js'
import { ledgerLogo } from '../../plugins/ledger/logo.js'
import { listPolkadotWallets } from '../../plugins/polkadot/discovery/createPolkadotWalletDiscovery.js'
import { cosmosDevWalletEntry } from '../../sandbox/cosmosWallet/cosmosDevWalletEntry.js'
import { polkadotDevWalletIcon } from '../../sandbox/polkadotWallet/polkadotDevWalletIcon.js'
import { walletConnectLogo } from '../../plugins/walletconnect/logo.js'
import { safeLogo } from '../../plugins/safe/logo.js'
import { devWalletIcon } from '../../sandbox/devWallet/devWalletIcon.js'
import { solanaDevWalletIcon } from '../../sandbox/solanaWallet/solanaDevWalletIcon.js'
import { bitcoinDevWalletIcon } from '../../sandbox/bitcoinWallet/installBitcoinDevWallet.js'
import { suiDevWalletIcon } from '../../sandbox/suiWallet/installSuiDevWallet.js'
import { stacksDevWalletEntry } from '../../sandbox/stacksWallet/stacksDevWalletEntry.js'
import { builtinDirectoryWallets } from '../../wallets/builtinDirectoryWallets.js'
import { recommendedCount } from '../../ui/views/Connect/connectGroups.js'
import { safeImageSrc } from '../../ui/utils/safeImageSrc.js'

const svgOf = (url: string) =>
  url.startsWith('data:image/svg+xml;base64,') ? new TextDecoder().decode(base64.decode(url.slice('data:image/svg+xml;base64,'.length))) : decodeURIComponent(url.slice('data:image/svg+xml,'.length))

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}
const expand = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex)

describe('wallet icons', () => {
  it("the polkadot plugin shows an injectedWeb3 entry's own data-URL icon, and nothing else as one", () => {
    const enable = async () => ({}) as never
    const root = { injectedWeb3: { mine: { name: 'Mine', icon: polkadotDevWalletIcon, enable }, remote: { name: 'Remote', icon: 'https://example.com/x.svg', enable }, odd: { icon: 'javascript:alert(1)', enable } } }
    const found = Object.fromEntries(listPolkadotWallets(root).map((w) => [w.id, w.icon]))
    expect(found).toEqual({ mine: polkadotDevWalletIcon, remote: undefined, odd: undefined })
  })

  it("the Polkadot and Cosmos dev wallets wear their chain's mark (@web3icons/core), not a letter tile or a generic glyph", () => {
    expect(svgOf(polkadotDevWalletIcon)).toBe(polkadotMark)
    expect(svgOf(cosmosDevWalletEntry.icon)).toBe(cosmosMark)
  })

  it('the embedded wallet has its own icon: white on an indigo square, contrast at least 4.5:1', () => {
    const svg = svgOf(authLogo)
    expect(svg).toMatch(/^<svg /)
    const square = /<rect width="40" height="40"[^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1]
    expect(square).toBeDefined()
    expect(contrast(square!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it("Ledger's icon carries its own black square under a white mark: it reads on the dark theme's surface", () => {
    const svg = svgOf(ledgerLogo)
    const fills = [...svg.matchAll(/<path fill="(#[0-9a-fA-F]{3,6})"/g)].map((m) => expand(m[1]!.toLowerCase()))
    expect(fills.slice(0, 2)).toEqual(['#000000', '#ffffff'])
    expect(contrast(fills[0]!, fills[1]!)).toBeGreaterThanOrEqual(7)
  })
})

/**
 * Whether a wallet's icon renders as a picture (not `WalletIcon`'s letter tile): a source
 * `safeImageSrc` lets through, and, for an SVG, a document that draws something and is not itself a
 * letter on a square (a `<text>` element).
 */
function rendersAsPicture(src: string | undefined): boolean {
  const safe = safeImageSrc(src)
  if (!safe) return false
  if (!safe.startsWith('data:image/svg+xml')) return /^data:image\/(png|webp|gif);base64,.{100,}/.test(safe)
  const svg = svgOf(safe)
  return /^<svg[\s>]/.test(svg.trim()) && /<(path|rect|circle|ellipse|polygon|image)\b/.test(svg) && !/<text\b/.test(svg)
}

describe('every wallet the Connect list can show without a directory has a real icon, never a letter tile (issue 52)', () => {
  it("Portico's own connectors: WalletConnect, Email & Socials, Ledger and Safe; and no plugin defines a connector of its own without an icon", async () => {
    const own: Record<string, string | undefined> = { WalletConnect: walletConnectLogo, 'Email & Socials': authLogo, Ledger: ledgerLogo, Safe: safeLogo }
    expect(Object.entries(own).filter(([, src]) => !rendersAsPicture(src)).map(([name]) => name)).toEqual([])
    // Each connector a plugin defines itself (type EXTERNAL, AUTH or WALLET_CONNECT; the others are
    // the wallets a page injects, with their own icons) carries its icon where it is defined.
    const root = join(import.meta.dirname, '..', '..', 'plugins')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.includes('locales'))
    const defined: string[] = []
    const bare: string[] = []
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8')
      for (const match of source.matchAll(/\{[^{}]*\bname: '([^']+)',[^{}]*\btype: '(?:EXTERNAL|AUTH|WALLET_CONNECT)'[^{}]*\}/g)) {
        defined.push(match[1]!)
        if (!/\b(imageUrl|icon): \w+/.test(match[0])) bare.push(`${file}: ${match[1]}`)
      }
    }
    expect(defined.sort()).toEqual(Object.keys(own).sort())
    expect(bare).toEqual([])
  })

  it("the sandbox's dev wallets announce real icons (EVM, Solana, Bitcoin, Sui, Cosmos, Polkadot, Stacks)", () => {
    const dev: Record<string, string> = {
      'Portico Dev Wallet': devWalletIcon,
      'Portico Dev Wallet (Solana)': solanaDevWalletIcon,
      'Portico Dev Wallet (Bitcoin)': bitcoinDevWalletIcon,
      'Portico Dev Wallet (Sui)': suiDevWalletIcon,
      'Portico Dev Wallet (Cosmos)': cosmosDevWalletEntry.icon,
      'Portico Dev Wallet (Polkadot)': polkadotDevWalletIcon,
      'Portico Dev Wallet (Stacks)': stacksDevWalletEntry.icon,
    }
    expect(Object.entries(dev).filter(([, src]) => !rendersAsPicture(src)).map(([name]) => name)).toEqual([])
  })

  it('the built-in wallets the Connect list recommends without a directory (the first four of each namespace) and offers to open on a phone ("Open in …"): the wallets @web3icons/core has no logo for are the ones named here, and no other', () => {
    const shown = new Map<string, { name: string; icon: string | undefined }>()
    for (const namespace of ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot', 'sui', 'stacks']) {
      const list = builtinDirectoryWallets([namespace])
      expect(list.length).toBeGreaterThanOrEqual(4)
      for (const wallet of [...list.slice(0, recommendedCount({ featured: 0, custom: 0, injected: 0 })), ...list.filter((w) => w.browse_link)]) shown.set(wallet.id, { name: wallet.name, icon: wallet.image_url ?? undefined })
    }
    const tiles = [...shown.values()].filter((wallet) => !rendersAsPicture(wallet.icon)).map((wallet) => wallet.name)
    // Third parties' wallets with no logo in @web3icons/core (wallets/README.md: no logo is drawn for
    // a wallet that is not Portico's): still letter tiles, listed so that no other one joins them.
    expect(tiles.sort()).toEqual(['Asigna Multisig', 'Bitget Wallet', 'Fordefi', 'Gate Wallet', 'Leap', 'Leather', 'Magic Eden Wallet', 'Nightly', 'Polkadot.js', 'Slush', 'SubWallet', 'Suiet', 'Talisman', 'Xverse'])
    expect(shown.size).toBeGreaterThan(tiles.length)
  })
})
