import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generateWallets } from '../../../server/directory/generateWallets.js'
import { parseDirectory } from '../../../server/directory/parseDirectory.js'

const checkedIn = JSON.parse(readFileSync(new URL('../../../server/directory/wallets.json', import.meta.url), 'utf8'))

describe('generateWallets', () => {
  it('is deterministic and matches the checked-in file', () => {
    expect(generateWallets()).toEqual(generateWallets())
    expect(generateWallets()).toEqual(checkedIn)
  })

  it('produces at least 300 well-formed, unique wallets', () => {
    const wallets = parseDirectory(generateWallets())
    expect(wallets.length).toBeGreaterThanOrEqual(300)
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.name.toLowerCase())).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.image_id)).size).toBe(wallets.length)
  })

  it('looks like a real directory: links, rdns, badges, injected wallets and every namespace', () => {
    const wallets = generateWallets()
    for (const w of wallets) {
      expect(w.homepage).toMatch(/^https:\/\//)
      if (w.rdns) expect(w.rdns).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
      if (w.mobile_link) expect(w.mobile_link).toMatch(/^([a-z][a-z0-9]*:\/\/|https:\/\/)/)
      for (const link of [w.app_store, w.play_store, w.chrome_store, w.webapp_link, w.link_mode]) {
        if (link) expect(link).toMatch(/^https:\/\//)
      }
      expect(w.chains!.length).toBeGreaterThan(0)
    }
    expect(wallets.filter((w) => w.badge_type === 'certified').length).toBeGreaterThan(30)
    expect(wallets.filter((w) => w.injected?.length).length).toBeGreaterThan(30)
    expect(wallets.filter((w) => w.mobile_link?.startsWith('https://')).length).toBeGreaterThan(20)
    const namespaces = new Set(wallets.flatMap((w) => w.chains!.map((c) => c.split(':')[0])))
    expect([...namespaces].sort()).toEqual(['bip122', 'cosmos', 'eip155', 'polkadot', 'solana', 'stacks', 'sui'])
    // Every link stays on reserved example domains: nothing points at a real site.
    const text = JSON.stringify(wallets)
    for (const host of text.match(/https:\/\/[^/"]+/g) ?? []) expect(host).toMatch(/\.example\.com$/)
    expect(wallets[0]).toMatchObject({ name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' })
  })
})

describe('parseDirectory', () => {
  const good = { id: 'w1', name: 'Good Wallet', chains: ['eip155:1'] }
  it.each([
    ['not an array', { wallets: [] }, /array/],
    ['a non-object entry', [1], /not an object/],
    ['a malformed id', [{ ...good, id: "x' OR 1=1" }], /id/],
    ['a duplicate id', [good, good], /duplicate/],
    ['an empty name', [{ ...good, name: '  ' }], /name/],
    ['a javascript: link', [{ ...good, homepage: 'javascript:alert(1)' }], /homepage/],
    ['a bad chain', [{ ...good, chains: ['evm'] }], /chains/],
    ['a bad badge', [{ ...good, badge_type: 'gold' }], /badge_type/],
    ['a bad rdns', [{ ...good, rdns: 'not a domain' }], /rdns/],
  ])('rejects %s with a message naming the problem', (_label, value, pattern) => {
    expect(() => parseDirectory(value)).toThrow(pattern)
  })

  it('accepts a minimal entry', () => {
    expect(parseDirectory([good])).toEqual([good])
  })
})
