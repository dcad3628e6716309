import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WcWallet } from '../../../server/directory/WcWallet.js'
import { testDirectoryFile } from '../../../server/directory/testDirectory.js'
import { startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

const file: WcWallet[] = JSON.parse(readFileSync(testDirectoryFile, 'utf8'))
const q = (params: Record<string, string>) => `/getWallets?${new URLSearchParams(params)}`

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ directory: testDirectoryFile })
})
afterAll(async () => {
  await server.dispose()
})

describe('GET /getWallets paging', () => {
  it('answers { count, data } with 40 entries by default, in directory order', async () => {
    const { status, body, headers } = await server.getJson('/getWallets')
    expect(status).toBe(200)
    expect(headers.get('access-control-allow-origin')).toBe('*')
    expect(body.count).toBe(file.length)
    expect(body.count).toBeGreaterThanOrEqual(300)
    expect(body.data).toHaveLength(40)
    expect(body.data.map((w: WcWallet) => w.id)).toEqual(file.slice(0, 40).map((w) => w.id))
  })

  it('walks every page without gaps or repeats', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 10; page++) {
      const { body } = await server.getJson(q({ page: String(page), entries: '40' }))
      seen.push(...body.data.map((w: WcWallet) => w.id))
      if (body.data.length < 40) break
    }
    expect(seen).toHaveLength(file.length)
    expect(new Set(seen).size).toBe(file.length)
  })

  it('answers an empty page past the end, with the same count', async () => {
    const { status, body } = await server.getJson(q({ page: '999', entries: '100' }))
    expect(status).toBe(200)
    expect(body).toEqual({ count: file.length, data: [] })
  })

  it('returns entries in the WcWallet shape', async () => {
    const { body } = await server.getJson(q({ entries: '100' }))
    for (const wallet of body.data as WcWallet[]) {
      expect(typeof wallet.id).toBe('string')
      expect(typeof wallet.name).toBe('string')
      expect(typeof wallet.image_id).toBe('string')
      expect(Array.isArray(wallet.chains)).toBe(true)
      expect(['none', 'certified']).toContain(wallet.badge_type)
      if (wallet.homepage) expect(wallet.homepage).toMatch(/^https:\/\//)
    }
  })

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'abc'],
    ['page', '99999999999999999999'],
    ['entries', '0'],
    ['entries', '101'],
    ['entries', '1e2'],
  ])('rejects %s=%s with a 400 JSON error', async (name, value) => {
    const { status, body } = await server.getJson(q({ [name]: value }))
    expect(status).toBe(400)
    expect(body.code).toBe('INVALID_PARAMS')
    expect(body.message).toContain(name)
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/)
  })

  it('rejects a repeated parameter', async () => {
    const { status, body } = await server.getJson('/getWallets?page=1&page=2')
    expect(status).toBe(400)
    expect(body.message).toContain('page')
  })
})

describe('GET /getWallets search', () => {
  it('matches names case-insensitively and trims the search text', async () => {
    const expected = file.filter((w) => w.name.toLowerCase().includes('vault'))
    expect(expected.length).toBeGreaterThan(1)
    const { body } = await server.getJson(q({ search: '   VAULT \t', entries: '100' }))
    expect(body.count).toBe(expected.length)
    expect(body.data.map((w: WcWallet) => w.name).sort()).toEqual(expected.map((w) => w.name).sort())
  })

  it('treats a whitespace-only search as no search', async () => {
    const { body } = await server.getJson(q({ search: '    ' }))
    expect(body.count).toBe(file.length)
  })

  it('matches unicode names, case-folded', async () => {
    const { body: zurich } = await server.getJson(q({ search: 'ZÜRICH' }))
    expect(zurich.data.map((w: WcWallet) => w.name)).toEqual(['Zürich Safe'])
    const { body: sakura } = await server.getJson(q({ search: '桜' }))
    expect(sakura.data.map((w: WcWallet) => w.name)).toEqual(['Sakura 桜 Wallet'])
    const { body: greek } = await server.getJson(q({ search: 'δέλτα' }))
    expect(greek.data.map((w: WcWallet) => w.name)).toEqual(['Δέλτα Wallet'])
  })

  it('treats SQL metacharacters literally', async () => {
    const cases: [string, string[]][] = [
      ["' OR 1=1 --", []],
      ['%', ['100% Keys']],
      ['_', ['Node_Runner']],
      ["d'arcy", ["D'Arcy Wallet"]],
      ['"; DROP TABLE wallets; --', []],
      ['\\', []],
      ['[a-z]', []],
      ['*', []],
    ]
    for (const [search, names] of cases) {
      const { status, body } = await server.getJson(q({ search }))
      expect(status, search).toBe(200)
      expect(body.data.map((w: WcWallet) => w.name), search).toEqual(names)
    }
    // The table survived.
    const { body } = await server.getJson('/getWallets')
    expect(body.count).toBe(file.length)
  })

  it('answers a 10 kB search with a clear 400 and keeps serving', async () => {
    const { status, body } = await server.getJson(q({ search: 'a'.repeat(10_000) }))
    expect(status).toBe(400)
    expect(body).toEqual({ code: 'INVALID_PARAMS', message: expect.stringContaining('search') })
    const after = await server.getJson(q({ search: 'vault' }))
    expect(after.status).toBe(200)
  })

  it('rejects control characters and answers broken percent-encoding without crashing', async () => {
    const control = await server.getJson('/getWallets?search=%00abc')
    expect(control.status).toBe(400)
    const broken = await fetch(`${server.url}/getWallets?search=%E0%A4%A`)
    expect([200, 400]).toContain(broken.status)
    expect(await broken.json()).toBeTypeOf('object')
  })
})

describe('GET /getWallets filters', () => {
  it('include keeps only the listed ids', async () => {
    const ids = [file[5]!.id, file[100]!.id, file[250]!.id]
    const { body } = await server.getJson(q({ include: ids.join(',') }))
    expect(body.count).toBe(3)
    expect(body.data.map((w: WcWallet) => w.id).sort()).toEqual([...ids].sort())
  })

  it('exclude drops the listed ids', async () => {
    const ids = file.slice(0, 10).map((w) => w.id)
    const { body } = await server.getJson(q({ exclude: ids.join(','), entries: '100' }))
    expect(body.count).toBe(file.length - 10)
    expect(body.data.some((w: WcWallet) => ids.includes(w.id))).toBe(false)
  })

  it('include and exclude combine', async () => {
    const { body } = await server.getJson(q({ include: `${file[1]!.id},${file[2]!.id}`, exclude: file[1]!.id }))
    expect(body.data.map((w: WcWallet) => w.id)).toEqual([file[2]!.id])
  })

  it('unknown ids match nothing', async () => {
    const { status, body } = await server.getJson(q({ include: 'no-such-wallet' }))
    expect(status).toBe(200)
    expect(body).toEqual({ count: 0, data: [] })
  })

  it('rejects malformed ids with a 400 naming them', async () => {
    const { status, body } = await server.getJson(q({ include: "abc,' OR 1=1 --" }))
    expect(status).toBe(400)
    expect(body.message).toContain('include')
  })

  it('chains keeps wallets that support any listed chain', async () => {
    const chains = ['bip122:000000000019d6689c085ae165831e93', 'sui:mainnet']
    const expected = file.filter((w) => w.chains?.some((c) => chains.includes(c)))
    expect(expected.length).toBeGreaterThan(5)
    const { body } = await server.getJson(q({ chains: chains.join(','), entries: '100' }))
    expect(body.count).toBe(expected.length)
    for (const wallet of body.data as WcWallet[]) expect(wallet.chains!.some((c) => chains.includes(c))).toBe(true)
  })

  it('covers every namespace in the directory', async () => {
    for (const chain of [
      'eip155:1',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
      'cosmos:cosmoshub-4',
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      'sui:mainnet',
      'stacks:1',
      'eip155:31337',
    ]) {
      const { body } = await server.getJson(q({ chains: chain }))
      expect(body.count, chain).toBeGreaterThan(0)
    }
  })

  it('rejects chains that are not CAIP-2 ids', async () => {
    for (const chains of ['eip155', 'eip155:1:0xabc', 'EVM:1', 'eip155:1,nope']) {
      const { status, body } = await server.getJson(q({ chains }))
      expect(status, chains).toBe(400)
      expect(body.message).toContain('chains')
    }
  })

  it("badge_type=certified keeps certified wallets; 'none' does not filter", async () => {
    const certified = file.filter((w) => w.badge_type === 'certified')
    expect(certified.length).toBeGreaterThan(10)
    const { body } = await server.getJson(q({ badge_type: 'certified', entries: '100' }))
    expect(body.count).toBe(certified.length)
    expect(body.data.every((w: WcWallet) => w.badge_type === 'certified')).toBe(true)
    const none = await server.getJson(q({ badge_type: 'none' }))
    expect(none.body.count).toBe(file.length)
    const bad = await server.getJson(q({ badge_type: 'gold' }))
    expect(bad.status).toBe(400)
  })

  it('search, chains and badge combine', async () => {
    const expected = file.filter(
      (w) => w.name.toLowerCase().includes('wallet') && w.badge_type === 'certified' && w.chains?.includes('eip155:1'),
    )
    const { body } = await server.getJson(q({ search: 'wallet', badge_type: 'certified', chains: 'eip155:1', entries: '100' }))
    expect(body.count).toBe(expected.length)
  })

  it('finds wallets by rdns (the rank prefetch)', async () => {
    const { body } = await server.getJson(q({ rdns: 'dev.portico.wallet' }))
    expect(body.data.map((w: WcWallet) => w.name)).toEqual(['Portico Dev Wallet'])
  })
})
