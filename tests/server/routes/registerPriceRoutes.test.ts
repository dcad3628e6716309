import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

const pUsd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const mint = '3qSYR2We8Lnf9xRrwWrqjkjNEbmZcAvSFsdVNkatKQQx'
const solanaChain = 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({
    indexer: false,
    chains: [
      {
        caipNetworkId: 'eip155:31337',
        name: 'Devnet A',
        rpcUrl: 'http://127.0.0.1:1',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        nativePriceUsd: 3000,
        tokens: [{ address: pUsd, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }],
      },
      {
        caipNetworkId: solanaChain,
        name: 'Solana',
        rpcUrl: 'http://127.0.0.1:1',
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        nativePriceUsd: 150,
        tokens: [{ address: mint, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1, iconUrl: 'http://127.0.0.1:1/p.svg' }],
      },
    ],
  })
})
afterAll(async () => {
  await server?.dispose()
})

describe('POST /v1/fungible/price', () => {
  it('answers the price table for known tokens and native currencies, in the order asked, leaving out unknown ones', async () => {
    const addresses = [
      `eip155:31337:${pUsd.toLowerCase()}`,
      'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      'eip155:31337:0x1111111111111111111111111111111111111111',
      `eip155:31338:${pUsd}`,
      `${solanaChain}:${mint}`,
      `${solanaChain}:So11111111111111111111111111111111111111111`,
      `eip155:31337:${pUsd.toLowerCase()}`,
    ]
    const { status, body } = await server.post('/v1/fungible/price?projectId=demo', { currency: 'usd', addresses, projectId: 'demo' })
    expect(status).toBe(200)
    expect(body).toEqual({
      fungibles: [
        { address: addresses[0], name: 'Portico USD', symbol: 'pUSD', iconUrl: `${server.url}/public/getTokenImage/pUSD`, price: 1 },
        { address: addresses[1], name: 'Ether', symbol: 'ETH', iconUrl: `${server.url}/public/getTokenImage/ETH`, price: 3000 },
        { address: addresses[4], name: 'Portico USD', symbol: 'pUSD', iconUrl: 'http://127.0.0.1:1/p.svg', price: 1 },
        { address: addresses[5], name: 'Solana', symbol: 'SOL', iconUrl: `${server.url}/public/getTokenImage/SOL`, price: 150 },
      ],
    })
    expect((await server.post('/v1/fungible/price', { currency: 'USD', addresses: [] })).body).toEqual({ fungibles: [] })
  })

  it.each([
    ['an array body', []],
    ['a string body', '"usd"'],
    ['null', 'null'],
    ['no currency', { addresses: [] }],
    ['another currency', { currency: 'eur', addresses: [] }],
    ['addresses not an array', { currency: 'usd', addresses: `eip155:31337:${pUsd}` }],
    ['a non-string address', { currency: 'usd', addresses: [42] }],
    ['a CAIP-2 id as address', { currency: 'usd', addresses: ['eip155:31337'] }],
    ['a plain address', { currency: 'usd', addresses: [pUsd] }],
    ['an injection attempt', { currency: 'usd', addresses: ["eip155:1:' OR 1=1 --"] }],
    ['a prototype key', { currency: 'usd', addresses: ['__proto__:constructor:prototype'] }],
    ['too many addresses', { currency: 'usd', addresses: Array.from({ length: 101 }, () => `eip155:31337:${pUsd}`) }],
    ['a malformed projectId', { currency: 'usd', addresses: [], projectId: '../etc' }],
  ])('rejects %s with a 400', async (_label, body) => {
    const response = await server.post('/v1/fungible/price', body)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ code: expect.stringMatching(/^(INVALID_PARAMS|INVALID_JSON)$/), message: expect.any(String) })
  })

  it('rejects malformed JSON and keeps serving', async () => {
    const response = await server.post('/v1/fungible/price', '{"currency":')
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('INVALID_JSON')
    expect((await server.post('/v1/fungible/price', { currency: 'usd', addresses: [`eip155:31337:${pUsd}`] })).body.fungibles).toHaveLength(1)
  })
})
