import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WcWallet } from '../../../server/directory/WcWallet.js'
import { testDirectoryFile } from '../../../server/directory/testDirectory.js'
import { startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

const file: WcWallet[] = JSON.parse(readFileSync(testDirectoryFile, 'utf8'))

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    directory: testDirectoryFile,
    chains: [
      {
        caipNetworkId: 'eip155:31337',
        name: 'Portico Devnet A',
        rpcUrl: 'http://127.0.0.1:1',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }],
      },
    ],
  })
})
afterAll(async () => {
  await server.dispose()
})

async function getImage(path: string) {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, type: response.headers.get('content-type'), headers: response.headers, text: await response.text() }
}

describe('image endpoints', () => {
  it('serves a deterministic SVG for every wallet image_id', async () => {
    for (const wallet of [file[0]!, file[1]!, file[150]!, file.at(-1)!]) {
      const first = await getImage(`/getWalletImage/${wallet.image_id}`)
      expect(first.status).toBe(200)
      expect(first.type).toMatch(/^image\/svg\+xml/)
      expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/)
      expect(first.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect(first.text).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/)
      const second = await getImage(`/getWalletImage/${wallet.image_id}`)
      expect(second.text).toBe(first.text)
    }
    const a = await getImage(`/getWalletImage/${file[1]!.image_id}`)
    const b = await getImage(`/getWalletImage/${file[2]!.image_id}`)
    expect(a.text).not.toBe(b.text)
  })

  it('draws the initials of the wallet', async () => {
    const dev = file.find((w) => w.name === 'Portico Dev Wallet')!
    const { text } = await getImage(`/getWalletImage/${dev.image_id}`)
    expect(text).toContain('>PD</text>')
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await getImage(`/getWalletImage/${file[3]!.image_id}`)
    const etag = first.headers.get('etag')!
    const response = await fetch(`${server.url}/getWalletImage/${file[3]!.image_id}`, { headers: { 'if-none-match': etag } })
    expect(response.status).toBe(304)
  })

  it('serves asset, currency and token images', async () => {
    for (const path of [
      '/public/getAssetImage/eip155',
      '/public/getAssetImage/walletConnect',
      '/public/getAssetImage/eip155:31337',
      '/public/getAssetImage/sui:mainnet',
      '/public/getCurrencyImage/USD',
      '/public/getCurrencyImage/eur',
      '/public/getTokenImage/ETH',
      '/public/getTokenImage/pUSD',
      '/public/getTokenImage/usdc',
    ]) {
      const { status, type } = await getImage(path)
      expect(status, path).toBe(200)
      expect(type, path).toMatch(/^image\/svg\+xml/)
    }
  })

  it('serves the real logos of @web3icons/core for known tokens, networks, namespaces and WalletConnect', async () => {
    const logo = async (specifier: string) => ((await import(specifier)) as { default: string }).default
    const ethToken = await logo('@web3icons/core/svgs/tokens/branded/ETH.svg.js')
    const ethereum = await logo('@web3icons/core/svgs/networks/branded/ethereum.svg.js')
    const usdc = await logo('@web3icons/core/svgs/tokens/branded/USDC.svg.js')
    const walletConnect = await logo('@web3icons/core/svgs/wallets/branded/wallet-connect.svg.js')
    expect((await getImage('/public/getTokenImage/ETH')).text).toBe(ethToken)
    expect((await getImage('/public/getTokenImage/usdc')).text).toBe(usdc)
    expect((await getImage('/public/getAssetImage/eip155')).text).toBe(ethereum)
    // A configured devnet has no logo of its own: its namespace's.
    expect((await getImage('/public/getAssetImage/eip155:31337')).text).toBe(ethereum)
    expect((await getImage('/public/getAssetImage/walletConnect')).text).toBe(walletConnect)
    for (const text of [ethToken, ethereum, usdc, walletConnect]) expect(text).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/)
  })

  it('draws a tile only when nothing is known, its initials sized to stay inside the circle', async () => {
    const pusd = await getImage('/public/getTokenImage/pUSD')
    expect(pusd.text).toContain('<circle')
    expect(pusd.text).toContain('font-size="23"')
    expect(pusd.text).toContain('>PUSD</text>')
  })

  it.each([
    '/getWalletImage/00000000-0000-0000-0000-000000000000',
    "/getWalletImage/'%20OR%201=1%20--",
    '/public/getAssetImage/nope',
    '/public/getAssetImage/__proto__',
    '/public/getAssetImage/eip155:999999',
    '/public/getCurrencyImage/XYZ',
    '/public/getTokenImage/NOPE',
  ])('answers 404 JSON for %s', async (path) => {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    const body = await response.json()
    expect(typeof body.code).toBe('string')
    expect(typeof body.message).toBe('string')
  })

  it('answers an overlong id with a JSON error, not a crash', async () => {
    const response = await fetch(`${server.url}/getWalletImage/${'a'.repeat(5000)}`)
    expect([404, 414]).toContain(response.status)
    const body = await response.json()
    expect(typeof body.code).toBe('string')
    expect(typeof body.message).toBe('string')
  })
})
