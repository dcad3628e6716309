import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AccountAvatar } from '../../ui/components/AccountAvatar/AccountAvatar.js'
import { Tabs } from '../../ui/components/Tabs/Tabs.js'
import { formatActivityTime } from '../../ui/utils/formatActivityTime.js'
import { formatAmount, formatExactAmount, usdValueOf } from '../../ui/utils/formatAmount.js'
import { formatUsd } from '../../ui/utils/formatUsd.js'

describe('USD values', () => {
  it('formats with a dollar sign, grouping and two decimals, and refuses what is not a number', () => {
    expect(formatUsd(1500)).toBe('$1,500.00')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(12.5)).toBe('$12.50')
    expect(formatUsd(0.004)).toBe('<$0.01')
    expect(formatUsd(Number.NaN)).toBeUndefined()
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBeUndefined()
    expect(formatUsd(undefined)).toBeUndefined()
  })

  it("uses the locale's separators", () => {
    expect(formatUsd(1234567.891, 'de-DE')).toBe('1.234.567,89\u00a0$')
  })
})

describe('a typed amount in the send views', () => {
  it('keeps every decimal and adds the locale separators (the Review shows what is sent)', () => {
    expect(formatExactAmount('1250.123456', 'pUSD', 'en-US')).toBe('1,250.123456 pUSD')
    expect(formatExactAmount(' 1000000 ', 'ETH', 'de-DE')).toBe('1.000.000 ETH')
    expect(formatExactAmount('007.5', undefined, 'en-US')).toBe('7.5')
    expect(formatExactAmount('0.000000000000000001', 'ETH', 'en-US')).toBe('0.000000000000000001 ETH')
  })

  it('shows text that is not a plain decimal as it is, and gives no USD value for it', () => {
    expect(formatExactAmount('1e3', 'ETH', 'en-US')).toBe('1e3 ETH')
    for (const bad of ['', 'abc', '-1', '1e3', '0.', '1,5']) expect(usdValueOf(bad, 2), bad).toBeUndefined()
  })

  it('values an amount at a price, and nothing without a positive price', () => {
    expect(usdValueOf('0.5', 3000)).toBe(1500)
    expect(usdValueOf('.5', 2)).toBe(1)
    expect(usdValueOf('1', 0)).toBeUndefined()
    expect(usdValueOf('1', Number.NaN)).toBeUndefined()
    expect(usdValueOf('0', 5)).toBeUndefined()
  })
})

describe('the account avatar', () => {
  const draw = (address: string) => renderToString(<AccountAvatar address={address} />)
  it('is the same for the same account in any letter case, and differs between accounts', () => {
    const a = draw('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(a).toBe(draw('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'))
    expect(a).not.toBe(draw('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))
  })
  it('is decorative inline SVG whose gradient id is safe inside url(#…), with no style attribute', () => {
    const svg = draw('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    expect(svg).toContain('aria-hidden="true"')
    expect(svg).not.toContain('style=')
    const id = /id="([^"]+)"/.exec(svg)?.[1] as string
    expect(id).toMatch(/^[\w-]+$/)
    expect(svg).toContain(`fill="url(#${id})"`)
  })
})

describe('token amounts (one formatter for every view)', () => {
  it("truncates to 3 decimals, never rounds, and groups with the locale's separators", () => {
    expect(formatAmount('1000000', 'pUSD', 'en-US')).toBe('1,000,000.000 pUSD')
    expect(formatAmount('9999.99999', 'ETH', 'en-US')).toBe('9,999.999 ETH')
    expect(formatAmount('1000000.5', 'pUSD', 'de-DE')).toBe('1.000.000,500 pUSD')
    expect(formatAmount('-12345.6789', undefined, 'en-US')).toBe('-12,345.678')
    expect(formatAmount('999', 'SOL', 'en-US')).toBe('999.000 SOL')
  })

  it('stays exact beyond what a float holds', () => {
    expect(formatAmount(123456789012345678901234567890n, 'WEI', 'en-US')).toBe('123,456,789,012,345,678,901,234,567,890.000 WEI')
  })

  it('shows 0.000 for what is not a number, and survives a locale Intl does not know', () => {
    expect(formatAmount(undefined, 'ETH', 'en-US')).toBe('0.000 ETH')
    expect(formatAmount('abc', 'ETH', 'en-US')).toBe('0.000 ETH')
    expect(formatAmount('1234.5', 'ETH', 'not a locale!')).toBe('1,234.500 ETH')
  })
})

describe('activity times', () => {
  const now = Date.parse('2026-11-21T15:00:00.000Z')
  it('is relative within a week and the date after, in the locale (Intl)', () => {
    expect(formatActivityTime('2026-11-21T14:59:30.000Z', now, 'en')).toBe('now')
    expect(formatActivityTime('2026-11-21T14:57:00.000Z', now, 'en')).toBe('3 min. ago')
    expect(formatActivityTime('2026-11-21T10:00:00.000Z', now, 'en')).toBe('5 hr. ago')
    expect(formatActivityTime('2026-11-19T15:00:00.000Z', now, 'en')).toBe('2 days ago')
    expect(formatActivityTime('2026-10-01T15:00:00.000Z', now, 'en')).toBe('Oct 1, 2026')
    expect(formatActivityTime('2026-11-21T14:57:00.000Z', now, 'ja')).toBe('3 分前')
    expect(formatActivityTime('2026-11-21T14:57:00.000Z', now, 'ar')).toMatch(/^قبل .*دقائق$/)
  })
  it('a time in the future (clock skew) is "now", a date that does not parse gives nothing', () => {
    expect(formatActivityTime('2026-11-21T15:05:00.000Z', now, 'en')).toBe('now')
    expect(formatActivityTime('yesterday-ish', now, 'en')).toBeUndefined()
  })
})
describe('tabs markup (server-rendered)', () => {
  it('one tablist, the selected tab in the tab order and controlling the panel labelled by it', () => {
    const html = renderToString(
      <Tabs label="Account details" tabs={[{ id: 'tokens', label: 'Tokens' }, { id: 'nfts', label: 'NFTs' }]} selected="nfts" onSelect={() => undefined}>
        <p>panel</p>
      </Tabs>,
    )
    const tags = (role: string) => [...html.matchAll(new RegExp(`<[a-z]+[^>]*role="${role}"[^>]*>`, 'g'))].map((m) => m[0])
    const attr = (tag: string | undefined, name: string) => (tag ? new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] : undefined)
    const tabs = tags('tab')
    expect(tags('tablist')).toHaveLength(1)
    expect(attr(tags('tablist')[0], 'aria-label')).toBe('Account details')
    expect(tabs.map((tab) => [attr(tab, 'aria-selected'), attr(tab, 'tabindex')])).toEqual([
      ['false', '-1'],
      ['true', '0'],
    ])
    const panel = tags('tabpanel')[0]
    expect(attr(panel, 'aria-labelledby')).toBe(attr(tabs[1], 'id'))
    expect(attr(tabs[1], 'aria-controls')).toBe(attr(panel, 'id'))
    expect(attr(tabs[0], 'aria-controls')).toBeUndefined()
  })
})
