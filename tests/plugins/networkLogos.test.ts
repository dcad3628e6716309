import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { arbitrum, base, mainnet, optimism, polygon, sepolia } from '../../plugins/eip155/index.js'
import { solanaDevnet, solanaMainnet } from '../../plugins/solana/index.js'
import { stacksMainnet, stacksTestnet } from '../../plugins/stacks/index.js'
import { svgDataUrl } from '../../kernel/utils/svgDataUrl.js'
import { safeImageSrc } from '../../ui/utils/safeImageSrc.js'

const require = createRequire(import.meta.url)
const logo = (name: string) => readFileSync(require.resolve(`@web3icons/core/svgs/networks/branded/${name}.svg.js`), 'utf8')

describe('network presets carry their logo (issue 14)', () => {
  it.each([
    [mainnet, 'ethereum'],
    [sepolia, 'ethereum'],
    [base, 'base'],
    [optimism, 'optimism'],
    [arbitrum, 'arbitrum-one'],
    [polygon, 'polygon'],
    [solanaMainnet, 'solana'],
    [solanaDevnet, 'solana'],
    [stacksMainnet, 'stacks'],
    [stacksTestnet, 'stacks'],
  ] as const)('%s: an SVG data URL of @web3icons/core that the UI accepts', (network, name) => {
    const src = network.assets?.imageUrl as string
    expect(src).toMatch(/^data:image\/svg\+xml,%3Csvg/)
    expect(safeImageSrc(src)).toBe(src)
    const svg = decodeURIComponent(src.slice('data:image/svg+xml,'.length))
    // The very logo the icon set ships (its module is `var x = '<svg …>'`).
    expect(logo(name)).toContain(svg.slice(0, 60))
    expect(svg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/)
  })

  it('svgDataUrl encodes what would break a URL', () => {
    expect(svgDataUrl(' <svg a="#1%"/> ')).toBe('data:image/svg+xml,%3Csvg%20a%3D%22%231%25%22%2F%3E')
  })
})
