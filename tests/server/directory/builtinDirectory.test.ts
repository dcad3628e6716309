import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../../server/createServer.js'
import type { WcWallet } from '../../../server/directory/WcWallet.js'
import { builtinWallets } from '../../../wallets/builtinWallets.js'
import { makeDataDir, startTestServer, type TestServer } from '../helpers/startTestServer.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.dispose()
})

const names = (body: { data: WcWallet[] }) => body.data.map((w) => w.name)

describe("the server's default directory: the built-in real wallets", () => {
  it('serves every built-in wallet (at least 100, two pages of 100), most used first, and none of the invented test wallets', async () => {
    const first = await server.getJson('/getWallets?page=1&entries=100')
    const second = await server.getJson('/getWallets?page=2&entries=100')
    expect(first.status).toBe(200)
    expect(first.body.count).toBe(builtinWallets.length)
    expect(builtinWallets.length).toBeGreaterThanOrEqual(100)
    const served = [...first.body.data, ...second.body.data] as WcWallet[]
    expect(served.map((w) => w.id)).toEqual(builtinWallets.map((w) => w.id))
    expect(served.slice(0, 3).map((w) => w.name)).toEqual(['MetaMask', 'Phantom', 'Coinbase Wallet'])
    expect(served.map((w) => w.name)).not.toContain('Oasis Keys')
    const metamask = served.find((w) => w.id === 'metamask')
    expect(metamask).toMatchObject({ rdns: 'io.metamask', link_mode: 'https://metamask.app.link/', image_id: 'metamask', supports_wc: true })
    // Each entry as the built-in list has it: links, namespaces, rdns and Wallet Standard names.
    for (const wallet of builtinWallets) {
      const entry = served.find((w) => w.id === wallet.id)
      expect(entry, wallet.id).toMatchObject({ name: wallet.name, homepage: wallet.homepage, namespaces: [...wallet.namespaces], rdns: wallet.rdns ?? null, mobile_link: wallet.mobile_link ?? null, chrome_store: wallet.chrome_store ?? null })
      for (const [namespace, injected_id] of Object.entries(wallet.walletStandard ?? {})) expect(entry?.injected, wallet.id).toContainEqual({ namespace, injected_id })
    }
  })

  it('matches a wallet for any chain of the namespaces it serves', async () => {
    const base = names((await server.getJson('/getWallets?entries=100&chains=eip155:8453')).body)
    expect(base).toContain('MetaMask')
    expect(base).not.toContain('Solflare')
    const solana = names((await server.getJson('/getWallets?entries=100&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).body)
    expect(solana).toEqual(expect.arrayContaining(['Phantom', 'Solflare', 'Backpack', 'Glow']))
    expect(solana).not.toContain('MetaMask')
    expect(names((await server.getJson('/getWallets?entries=100&rdns=me.rainbow')).body)).toEqual(['Rainbow'])
    // Each namespace serves exactly the built-in wallets that list it, in the list's order.
    const chains = { eip155: 'eip155:1', solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', bip122: 'bip122:000000000019d6689c085ae165831e93', cosmos: 'cosmos:cosmoshub-4', polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', sui: 'sui:mainnet', stacks: 'stacks:1' }
    for (const [namespace, chain] of Object.entries(chains)) {
      const served = names((await server.getJson(`/getWallets?entries=100&chains=${chain}`)).body)
      expect(served, namespace).toEqual(builtinWallets.filter((w) => w.namespaces.includes(namespace)).map((w) => w.name))
    }
  })

  it('serves real logos on /getWalletImage, a tile for a wallet without one, and a 404 for an unknown id', async () => {
    const logo = await fetch(`${server.url}/getWalletImage/metamask`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await logo.text()).toBe(builtinWallets.find((w) => w.id === 'metamask')?.icon)
    const tile = await fetch(`${server.url}/getWalletImage/xverse`)
    expect(tile.status).toBe(200)
    expect(await tile.text()).toContain('<svg')
    expect((await fetch(`${server.url}/getWalletImage/not-a-wallet`)).status).toBe(404)
  })
})

describe('a directory file of its own', () => {
  it('is served instead of the built-in list', async () => {
    const dataDir = makeDataDir()
    const file = join(dataDir, 'mine.json')
    writeFileSync(file, JSON.stringify([{ id: 'mine', name: 'My Wallet', namespaces: ['eip155'] }]))
    const own = await startTestServer({ dataDir, directory: file })
    try {
      const { body } = await own.getJson('/getWallets?chains=eip155:1')
      expect(names(body)).toEqual(['My Wallet'])
    } finally {
      await own.dispose()
    }
  })

  it('stops the start with an error that names the file and the entry when it is malformed', async () => {
    const dataDir = makeDataDir()
    const file = join(dataDir, 'bad.json')
    writeFileSync(file, JSON.stringify([{ id: 'ok', name: 'Fine' }, { id: 'bad', name: 'Bad', namespaces: ['EIP 155'] }]))
    await expect(createServer({ port: 0, relay: false, chains: [], dataDir, directory: file })).rejects.toThrow(
      /Wallet directory file .*bad\.json: Wallet directory entry 1: namespaces must be CAIP-2 namespaces/,
    )
    writeFileSync(file, '{ not json')
    await expect(createServer({ port: 0, relay: false, chains: [], dataDir, directory: file })).rejects.toThrow(/Wallet directory file .*bad\.json: .*JSON/)
    await expect(createServer({ port: 0, relay: false, chains: [], dataDir, directory: join(dataDir, 'missing.json') })).rejects.toThrow(/missing\.json.*ENOENT/)
  })
})
