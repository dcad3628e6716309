// `npm run size -- --check`'s first-paint ceiling (issue 44): no site scenario may load more than
// 20,000 B before any click, whatever its own budget; entry points are not sites.
import { describe, expect, it } from 'vitest'
import { firstPaintCeiling, firstPaintCssCeiling, firstPaintOver, overCeiling } from '../../../scripts/size/firstPaintOver.js'
import { scenarios } from '../../../scripts/size/scenarios.js'

describe('firstPaintOver', () => {
  it('is 20,000 B', () => {
    expect(firstPaintCeiling).toBe(20_000)
  })

  it('names each site scenario over the ceiling with its figure, and only those', () => {
    const rows = [
      { name: 'site: kernel + eip155 + react UI', eager: 16_956, site: true },
      { name: 'site: at the ceiling', eager: 20_000, site: true },
      { name: 'site: kernel + eip155 + auth + react UI', eager: 20_001, site: true },
      { name: 'site: kernel + eip155 + walletconnect + react UI', eager: 36_846, site: true },
      { name: 'entry: portico/kernel', eager: 59_000, site: false },
    ]
    expect(firstPaintOver(rows, {})).toEqual([
      'site: kernel + eip155 + auth + react UI: eager 20001 B > the first-paint ceiling of 20000 B',
      'site: kernel + eip155 + walletconnect + react UI: eager 36846 B > the first-paint ceiling of 20000 B',
    ])
  })

  it("holds a site's eager JS without its stylesheet pieces' share to the ceiling, and its first-paint CSS to 2 KB (issue 50)", () => {
    expect(firstPaintCssCeiling).toBe(2_048)
    const rows = [
      { name: 'site: CSS inside', eager: 20_500, eagerCssShare: 1_500, eagerCss: 1_400, site: true },
      { name: 'site: too much JS', eager: 21_600, eagerCssShare: 1_500, eagerCss: 1_400, site: true },
      { name: 'site: too much CSS', eager: 15_000, eagerCssShare: 3_000, eagerCss: 2_049, site: true },
    ]
    expect(firstPaintOver(rows, {})).toEqual([
      'site: too much JS: eager 20100 B > the first-paint ceiling of 20000 B',
      'site: too much CSS: 2049 B of CSS at first paint > the first-paint CSS ceiling of 2048 B',
    ])
  })

  it('passes when every site is within it', () => {
    expect(firstPaintOver([{ name: 'site: kernel alone', eager: 9_400, site: true }])).toEqual([])
  })

  it('a site known to be over is held by its own budget instead; one that came under must leave the list', () => {
    const known = { 'site: heavy': 'why', 'site: mended': 'why' }
    expect(firstPaintOver([{ name: 'site: heavy', eager: 25_000, site: true }, { name: 'site: mended', eager: 19_000, site: true }], known)).toEqual([
      'site: mended: eager 19000 B is within the first-paint ceiling: take it off overCeiling (scripts/size/firstPaintOver.ts)',
    ])
    // The project's own list names only scenarios that exist.
    for (const name of Object.keys(overCeiling)) expect(scenarios.map((s) => s.name)).toContain(name)
  })
})
