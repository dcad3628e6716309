import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bitcoinSandboxCaipNetworkId } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { type BitcoinEsplora, startBitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const chain = bitcoinSandboxCaipNetworkId
let ledger: BitcoinEsplora
let server: TestServer

beforeAll(async () => {
  ledger = await startBitcoinEsplora({ blockIntervalMs: 0 })
  await ledger.ledger.fund(devBitcoinAddress, 250_000n)
  server = await startTestServer({
    projects: { p1: { allowedOrigins: ['http://127.0.0.1:9'] } },
    defaultProject: undefined,
    // Five calls per IP: the five admitted calls below use them up (refused projects and origins do not count).
    rpcRateLimit: { perIp: 5, perProject: 1_000, windowMs: 60_000 },
    chains: [
      { caipNetworkId: chain, name: 'Regtest', rpcUrl: ledger.apiUrl, nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, nativePriceUsd: 50_000 },
      { caipNetworkId: 'eip155:1', name: 'Ethereum', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ],
  })
})
afterAll(async () => {
  await server?.dispose()
  await ledger?.stop()
})

describe('the Esplora proxy and bip122 balances', () => {
  it('passes reads and broadcasts through, refuses other paths, chains and projects, then rate limits', async () => {
    const base = `${server.url}/v1/esplora/p1/${chain}/api`
    const height = await fetch(`${base}/blocks/tip/height`)
    expect({ status: height.status, text: await height.text() }).toEqual({ status: 200, text: String(ledger.ledger.tipHeight()) })
    const utxos = await fetch(`${base}/address/${devBitcoinAddress}/utxo`)
    expect(((await utxos.json()) as { value: number }[]).map((u) => u.value)).toEqual([250_000])
    const broadcast = await fetch(`${base}/tx`, { method: 'POST', body: '00' })
    expect({ status: broadcast.status, text: await broadcast.text() }).toEqual({ status: 400, text: 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}' })
    expect((await fetch(`${base}/mempool`)).status).toBe(404)
    expect((await fetch(`${server.url}/v1/esplora/p1/eip155:1/api/blocks/tip/height`)).status).toBe(400)
    expect((await fetch(`${server.url}/v1/esplora/nope/${chain}/api/blocks/tip/height`)).status).toBe(401)
    expect((await fetch(`${base}/blocks/tip/height`, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    const limited = await fetch(`${base}/blocks/tip/height`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('answers the balance in BTC with its USD value, and 400 for another network\'s address', async () => {
    const balance = await server.getJson(`/v1/account/${devBitcoinAddress}/balance?chainId=${chain}&projectId=p1`)
    expect(balance.status).toBe(200)
    expect(balance.body.balances).toEqual([expect.objectContaining({ symbol: 'BTC', chainId: chain, quantity: { decimals: '8', numeric: '0.0025' }, price: 50_000, value: 125 })])
    const mainnet = await server.getJson(`/v1/account/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/balance?chainId=${chain}&projectId=p1`)
    expect(mainnet.status).toBe(400)
  })
})
