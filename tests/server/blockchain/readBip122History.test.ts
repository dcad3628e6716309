import { createHash } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { Transaction, p2wpkh } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bitcoinSandboxCaipNetworkId, regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { devBitcoinAddress, devBitcoinKey } from '../../../sandbox/bitcoin/devBitcoin.js'
import { type BitcoinEsplora, startBitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const chain = bitcoinSandboxCaipNetworkId
const freshAddress = (label: string) => p2wpkh(secp256k1.getPublicKey(createHash('sha256').update(label).digest(), true), regtestNetwork).address as string
const receiver = freshAddress('history receiver')
const busy = freshAddress('history busy')
let bitcoin: BitcoinEsplora
let server: TestServer
let fundingTxid: string

type Page = { data: { id: string; metadata: Record<string, unknown>; transfers: { direction: string; quantity: { numeric: string }; value?: number }[] }[]; next: string | null }
const history = (address: string, cursor?: string) =>
  server.getJson(`/v1/account/${address}/history?chainId=${chain}&projectId=p1${cursor ? `&cursor=${cursor}` : ''}`) as Promise<{ status: number; body: Page }>

beforeAll(async () => {
  bitcoin = await startBitcoinEsplora({ blockIntervalMs: 0 })
  fundingTxid = await bitcoin.ledger.fund(devBitcoinAddress, 250_000n)
  server = await startTestServer({
    projects: { p1: { allowedOrigins: ['http://127.0.0.1:9'] } },
    defaultProject: undefined,
    chains: [{ caipNetworkId: chain, name: 'Regtest', rpcUrl: bitcoin.apiUrl, nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, nativePriceUsd: 50_000 }],
  })
})
afterAll(async () => {
  await server?.dispose()
  await bitcoin?.stop()
})

describe('bip122 history from the Esplora API', () => {
  it('lists a pending send then, once mined, confirmed sends and receives with amounts and counterparties', async () => {
    // The dev key pays 100,000 sats to the receiver, 149,000 back as change, 1,000 fee.
    const tx = new Transaction()
    tx.addInput({ txid: fundingTxid, index: 0, witnessUtxo: { script: p2wpkh(devBitcoinKey().publicKey, regtestNetwork).script, amount: 250_000n } })
    tx.addOutputAddress(receiver, 100_000n, regtestNetwork)
    tx.addOutputAddress(devBitcoinAddress, 149_000n, regtestNetwork)
    tx.sign(devBitcoinKey().privateKey)
    tx.finalize()
    const sendTxid = bitcoin.ledger.submit(tx.hex)

    const pending = await history(devBitcoinAddress)
    expect(pending.status).toBe(200)
    expect(pending.body.next).toBeNull()
    expect(pending.body.data.map((t) => [t.id, t.metadata.status, t.metadata.operationType])).toEqual([
      [sendTxid, 'pending', 'send'],
      [fundingTxid, 'confirmed', 'receive'],
    ])
    expect(pending.body.data[0]).toMatchObject({
      id: sendTxid,
      metadata: { hash: sendTxid, chain, sentFrom: devBitcoinAddress, sentTo: receiver, nonce: 0 },
      transfers: [{ direction: 'out', quantity: { numeric: '0.001' }, value: 50, price: 50_000, fungible_info: { symbol: 'BTC', name: 'Bitcoin', flags: { is_spam: false } } }],
    })
    const funding = pending.body.data[1] as Page['data'][number]
    expect(funding.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '0.0025' }, value: 125 })])
    expect(funding.metadata.sentTo).toBe(devBitcoinAddress)
    expect(funding.metadata.sentFrom).toMatch(/^bcrt1q/)
    expect(funding.metadata.sentFrom).not.toBe(devBitcoinAddress)

    bitcoin.ledger.mine()
    const mined = await history(receiver)
    expect(mined.body.data).toEqual([
      expect.objectContaining({
        id: sendTxid,
        metadata: expect.objectContaining({ status: 'confirmed', operationType: 'receive', sentFrom: devBitcoinAddress, sentTo: receiver, minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
        transfers: [expect.objectContaining({ direction: 'in', quantity: { numeric: '0.001' } })],
      }),
    ])
    expect((await history(devBitcoinAddress)).body.data[0]?.metadata.status).toBe('confirmed')
  })

  it('pages 25 confirmed transactions at a time through Esplora\'s last-seen txid', async () => {
    const txids: string[] = []
    for (let i = 0; i < 27; i++) txids.push(await bitcoin.ledger.fund(busy, 1_000n + BigInt(i)))
    const first = await history(busy)
    expect(first.body.data.map((t) => t.id)).toEqual(txids.slice(2).reverse())
    expect(first.body.next).toBe(txids[2])
    const second = await history(busy, first.body.next as string)
    expect(second.body.data.map((t) => t.id)).toEqual([txids[1], txids[0]])
    expect(second.body.next).toBeNull()
    const chainPage = (await (await fetch(`${bitcoin.apiUrl}/address/${busy}/txs/chain`)).json()) as unknown[]
    expect(chainPage).toHaveLength(25)
    expect(await (await fetch(`${bitcoin.apiUrl}/address/${busy}/txs/mempool`)).json()).toEqual([])
  })

  it('refuses a malformed cursor and another network\'s address, and answers 502 when Esplora is down', async () => {
    expect((await history(busy, 'MTIuMw')).status).toBe(400)
    expect((await history('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).status).toBe(400)
    const down = await startTestServer({
      projects: { p1: { allowedOrigins: ['http://127.0.0.1:9'] } },
      defaultProject: undefined,
      chains: [{ caipNetworkId: chain, name: 'Regtest', rpcUrl: 'http://127.0.0.1:9/api', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } }],
    })
    try {
      const answer = await down.getJson(`/v1/account/${busy}/history?chainId=${chain}&projectId=p1`)
      expect(answer.status).toBe(502)
    } finally {
      await down.dispose()
    }
  })
})
