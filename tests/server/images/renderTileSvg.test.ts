import { describe, expect, it } from 'vitest'
import { renderTileSvg } from '../../../server/images/renderTileSvg.js'

describe('renderTileSvg', () => {
  it('is deterministic per seed and differs between seeds', () => {
    expect(renderTileSvg({ label: 'Aurora Wallet', seed: 's1' })).toBe(renderTileSvg({ label: 'Aurora Wallet', seed: 's1' }))
    expect(renderTileSvg({ label: 'Aurora Wallet', seed: 's1' })).not.toBe(renderTileSvg({ label: 'Aurora Wallet', seed: 's2' }))
  })

  it('draws initials, or a short code as is', () => {
    expect(renderTileSvg({ label: 'Aurora Wallet' })).toContain('>AW</text>')
    expect(renderTileSvg({ label: 'ETH', shape: 'round' })).toContain('>ETH</text>')
    expect(renderTileSvg({ label: 'ETH', shape: 'round' })).toContain('<circle')
    expect(renderTileSvg({ label: 'Ñandú Wallet' })).toContain('>ÑW</text>')
  })

  it('escapes markup in labels', () => {
    const svg = renderTileSvg({ label: '<script>alert(1)</script>' })
    expect(svg).not.toContain('<script')
    expect(renderTileSvg({ label: '& &' })).toContain('>?</text>')
  })
})
