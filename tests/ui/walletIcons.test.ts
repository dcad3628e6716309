// Real icons where letter tiles and a generic glyph stood (issue 52): the Polkadot dev wallet
// (its injectedWeb3 entry's icon, which the polkadot plugin now reads), the Cosmos dev wallet, the
// embedded (email) wallet; and a Ledger icon that keeps its contrast on the dark theme.
import { base64 } from '@scure/base'
import cosmosMark from '@web3icons/core/svgs/networks/background/cosmos.svg.js'
import polkadotMark from '@web3icons/core/svgs/networks/background/polkadot.svg.js'
import { describe, expect, it } from 'vitest'
import { authLogo } from '../../plugins/auth/logo.js'
import { ledgerLogo } from '../../plugins/ledger/logo.js'
import { listPolkadotWallets } from '../../plugins/polkadot/discovery/createPolkadotWalletDiscovery.js'
import { cosmosDevWalletEntry } from '../../sandbox/cosmosWallet/cosmosDevWalletEntry.js'
import { polkadotDevWalletIcon } from '../../sandbox/polkadotWallet/polkadotDevWalletIcon.js'

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
