import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletClient, erc721Abi, getAddress, http, parseEther, parseUnits } from 'viem'
import type { Address, Hex } from 'viem'
import { compileContract } from '../../../sandbox/devnets/compileContract.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { deployPorticoPioneers, porticoPioneers } from '../../../sandbox/devnets/deployPorticoPioneers.js'
import { deployPorticoUsd } from '../../../sandbox/devnets/deployPorticoUsd.js'
import { startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import type { Anvil } from '../../../sandbox/devnets/startAnvil.js'
import type { ChainConfig } from '../../../server/createServer.js'
import { encodeHistoryCursor } from '../../../server/utils/encodeHistoryCursor.js'
import { clientsFor, deployTestToken, tokenAbi } from '../helpers/deployTestToken.js'
import { startRpcTap } from '../helpers/startRpcTap.js'
import type { RpcTap } from '../helpers/startRpcTap.js'
import { makeDataDir, startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

const chainId = 'eip155:31337'
const dev0 = devAddresses[0] as Address
const recipient = getAddress('0x4000000000000000000000000000000000000abc')
let anvil: Anvil
let tap: RpcTap
let pUsd: Address
let spam: Address
let pioneers: Address
let server: TestServer
let dataDir: string
let chains: ChainConfig[]
let pUsdAbi: Awaited<ReturnType<typeof compileContract>>['abi']

let clients: ReturnType<typeof clientsFor>

const indexer = { pollIntervalMs: 200, historyPageSize: 5 }
const historyPath = (address: string, cursor?: string, chain = chainId) =>
  `/v1/account/${address}/history?chainId=${encodeURIComponent(chain)}&projectId=demo&st=appkit&sv=html-core-1.0.0${cursor ? `&cursor=${cursor}` : '&cursor='}`

/** A wallet client for dev account `index` (the mnemonic's keys sign locally). */
function walletOf(index: number) {
  return createWalletClient({ account: devAccount(index), chain: clients.walletClient.chain, transport: http(anvil.rpcUrl, { retryCount: 0 }) })
}

/** Waits for the receipt; returns when it was seen (the clock the 5 s budget starts from). */
async function mined(hash: Hex): Promise<number> {
  await clients.publicClient.waitForTransactionReceipt({ hash })
  return Date.now()
}

/** Polls the history endpoint until `accept` holds, for at most `ms`; returns the last answer and when it was seen. */
async function waitForHistory(address: string, accept: (body: any) => boolean, ms = 5_000): Promise<{ body: any; at: number }> {
  const deadline = Date.now() + ms
  for (;;) {
    const { status, body } = await server.getJson(historyPath(address))
    expect(status).toBe(200)
    if (accept(body)) return { body, at: Date.now() }
    if (Date.now() > deadline) throw new Error(`history of ${address} did not match within ${ms} ms: ${JSON.stringify(body).slice(0, 600)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function allPages(address: string): Promise<any[]> {
  const items: any[] = []
  let cursor: string | undefined
  for (let page = 0; page < 50; page++) {
    const { status, body } = await server.getJson(historyPath(address, cursor))
    expect(status).toBe(200)
    expect(body.data.length).toBeLessThanOrEqual(5)
    items.push(...body.data)
    if (body.next === null) return items
    expect(typeof body.next).toBe('string')
    cursor = body.next
  }
  throw new Error('too many pages')
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  clients = clientsFor(anvil.rpcUrl, 31337)
  ;({ address: pUsd } = await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31337 }))
  pUsdAbi = (await compileContract('PorticoUsd')).abi
  ;({ address: pioneers } = await deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: 31337, count: 3 }))
  spam = await deployTestToken(anvil.rpcUrl, 31337, 'Free Money Claim', 'SCAM', parseUnits('1000000', 18))
  tap = await startRpcTap(anvil.rpcUrl)
  dataDir = makeDataDir()
  chains = [
    {
      caipNetworkId: chainId,
      name: 'Devnet A',
      rpcUrl: tap.url,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      nativePriceUsd: 3000,
      tokens: [{ address: pUsd, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }],
      nfts: [{ address: pioneers, ...porticoPioneers }],
    },
    { caipNetworkId: 'solana:localnet', name: 'Solana', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
  ]
  server = await startTestServer({ dataDir, chains, indexer })
})
afterAll(async () => {
  await server?.dispose()
  await tap?.close()
  await anvil?.stop()
})

describe('the indexer and /v1/account/:address/history', () => {
  it('shows a native, an ERC-20 and an ERC-721 transfer with direction, value and status within 5 s of mining', async () => {
    const ethHash = await clients.walletClient.sendTransaction({ to: recipient, value: parseEther('0.5') })
    await mined(ethHash)
    const tokenHash = await clients.walletClient.writeContract({ address: pUsd, abi: pUsdAbi, functionName: 'transfer', args: [recipient, parseUnits('12.5', 6)] })
    await mined(tokenHash)
    const nftHash = await clients.walletClient.writeContract({ address: pioneers, abi: erc721Abi, functionName: 'safeTransferFrom', args: [dev0, recipient, 2n] })
    const minedAt = await mined(nftHash)

    const { body, at } = await waitForHistory(recipient, (b) => b.data.length >= 3)
    expect(at - minedAt).toBeLessThan(5_000)
    expect(body.next).toBeNull()
    const [nft, token, eth] = body.data
    expect(eth).toEqual({
      id: ethHash,
      metadata: {
        operationType: 'receive',
        hash: ethHash,
        chain: chainId,
        minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
        sentFrom: dev0,
        sentTo: recipient,
        status: 'confirmed',
        nonce: expect.any(Number),
      },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: `${server.url}/public/getTokenImage/ETH` }, flags: { is_spam: false } },
          direction: 'in',
          quantity: { numeric: '0.5' },
          value: 1500,
          price: 3000,
          sender: dev0,
          recipient,
        },
      ],
    })
    expect(token.id).toBe(tokenHash)
    expect(token.metadata).toMatchObject({ operationType: 'receive', sentFrom: dev0, sentTo: pUsd, status: 'confirmed' })
    expect(token.transfers).toEqual([
      {
        fungible_info: { name: 'Portico USD', symbol: 'pUSD', icon: { url: `${server.url}/public/getTokenImage/pUSD` }, flags: { is_spam: false } },
        direction: 'in',
        quantity: { numeric: '12.5' },
        value: 12.5,
        price: 1,
        // The counterparty of a token transfer is the sender, not the transaction's `to` (the contract).
        sender: dev0,
        recipient,
      },
    ])
    expect(nft.id).toBe(nftHash)
    expect(nft.transfers).toHaveLength(1)
    expect(nft.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Portico Pioneers #2', flags: { is_spam: false } } })
    const image = await fetch(nft.transfers[0].nft_info.content.preview.url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await image.text()).toContain('Portico Pioneers #2')

    // The same transactions seen from the sender go out.
    const sent = await server.getJson(historyPath(dev0))
    expect(sent.body.data.slice(0, 3).map((t: any) => [t.id, t.metadata.operationType, t.transfers.map((x: any) => x.direction)])).toEqual([
      [nftHash, 'send', ['out']],
      [tokenHash, 'send', ['out']],
      [ethHash, 'send', ['out']],
    ])
  })

  it('marks a transfer to oneself self', async () => {
    const wallet = walletOf(1)
    const hash = await wallet.sendTransaction({ to: devAddresses[1] as Address, value: parseEther('1') })
    await mined(hash)
    const { body } = await waitForHistory(devAddresses[1] as string, (b) => b.data[0]?.id === hash)
    expect(body.data[0].metadata.operationType).toBe('send')
    expect(body.data[0].transfers).toEqual([expect.objectContaining({ direction: 'self', quantity: { numeric: '1' } })])
  })

  it('marks a reverted token transfer failed, with the transfer it attempted', async () => {
    const wallet = walletOf(2)
    // Dev account 2 holds 1,000,000 pUSD: sending 2,000,000 reverts on chain (gas given, so no estimate refuses it).
    const hash = await wallet.writeContract({ address: pUsd, abi: pUsdAbi, functionName: 'transfer', args: [recipient, parseUnits('2000000', 6)], gas: 120_000n })
    const receipt = await clients.publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    const { body } = await waitForHistory(devAddresses[2] as string, (b) => b.data[0]?.id === hash)
    expect(body.data[0].metadata.status).toBe('failed')
    expect(body.data[0].transfers).toEqual([expect.objectContaining({ direction: 'out', quantity: { numeric: '2000000' }, fungible_info: expect.objectContaining({ symbol: 'pUSD' }) })])
    // The recipient sees it failed too; its balance did not change.
    const theirs = await waitForHistory(recipient, (b) => b.data[0]?.id === hash)
    expect(theirs.body.data[0].metadata.status).toBe('failed')
    const balance = await server.getJson(`/v1/account/${recipient}/balance?currency=usd&chainId=${chainId}`)
    expect(balance.body.balances.find((b: any) => b.symbol === 'pUSD').quantity.numeric).toBe('12.5')
  })

  it('flags transfers of tokens the server does not know as spam, with the name the contract reports', async () => {
    const hash = await clients.walletClient.writeContract({ address: spam, abi: tokenAbi, functionName: 'transfer', args: [recipient, parseUnits('1000', 18)] })
    await mined(hash)
    const { body } = await waitForHistory(recipient, (b) => b.data[0]?.id === hash && b.data[0].transfers[0]?.fungible_info?.symbol === 'SCAM')
    expect(body.data[0].transfers).toEqual([
      { fungible_info: { name: 'Free Money Claim', symbol: 'SCAM', flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1000' }, sender: dev0, recipient },
    ])
    // Known tokens never are.
    const all = await allPages(recipient)
    const flags = all.flatMap((t) => t.transfers.map((x: any) => [x.fungible_info?.symbol ?? x.nft_info?.name, (x.fungible_info ?? x.nft_info).flags.is_spam]))
    expect(flags).toContainEqual(['pUSD', false])
    expect(flags).toContainEqual(['ETH', false])
    expect(flags).toContainEqual(['Portico Pioneers #2', false])
  })

  it('pages newest first with a stable cursor, even while new blocks arrive', async () => {
    const first = await server.getJson(historyPath(dev0))
    expect(first.body.data).toHaveLength(5)
    expect(first.body.next).toEqual(expect.any(String))
    // A new transaction between pages does not shift the next page.
    const hash = await clients.walletClient.sendTransaction({ to: recipient, value: 1n })
    await mined(hash)
    await waitForHistory(dev0, (b) => b.data[0]?.id === hash)
    const second = await server.getJson(historyPath(dev0, first.body.next))
    const firstIds = first.body.data.map((t: any) => t.id)
    expect(second.body.data.map((t: any) => t.id).some((id: string) => firstIds.includes(id))).toBe(false)

    const everything = await allPages(dev0)
    const ids = everything.map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids[0]).toBe(hash)
    // Every transaction dev account 0 sent is there, nonces strictly descending down to 0.
    const nonces = everything.filter((t) => t.metadata.sentFrom === dev0).map((t) => t.metadata.nonce)
    expect(nonces).toEqual(Array.from({ length: nonces.length }, (_, i) => nonces.length - 1 - i))
    expect(nonces.length).toBe(await clients.publicClient.getTransactionCount({ address: dev0 }))
    // The deployments are there as deploys, and the NFT mint shows the three tokens coming in.
    const deploys = everything.filter((t) => t.metadata.operationType === 'deploy')
    expect(deploys.map((t) => t.metadata.sentTo)).toEqual([spam, pioneers, pUsd].map((a) => getAddress(a)))
    const mint = deploys.find((t) => t.metadata.sentTo === getAddress(pioneers))
    expect(mint.transfers.map((x: any) => [x.nft_info.name, x.direction])).toEqual([1, 2, 3].map((i) => [`Portico Pioneers #${i}`, 'in']))
  })

  it.each([
    ['a malformed cursor', historyPath(dev0, 'not-a-cursor!')],
    ['a forged cursor', historyPath(dev0, Buffer.from('1.2.3').toString('base64url'))],
    ['a cursor with a leading zero', historyPath(dev0, Buffer.from('01.0').toString('base64url'))],
    // Well formed, but it names no transaction of this account: never given out (issue 12, point 11).
    ['a well-formed cursor the server never gave out', historyPath(dev0, encodeHistoryCursor({ block: 987_654, index: 3 }))],
    ['a missing chainId', `/v1/account/${dev0}/history`],
    ['a malformed chainId', `/v1/account/${dev0}/history?chainId=eip155`],
    ['a CAIP-10 as chainId', `/v1/account/${dev0}/history?chainId=eip155:31337:${dev0}`],
    ['a short address', historyPath('0x1234')],
    ['an SQL-ish address', `/v1/account/${encodeURIComponent("' OR 1=1 --")}/history?chainId=eip155:31337`],
    ['a Solana address on eip155', historyPath('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')],
    ['a repeated cursor', `${historyPath(dev0)}&cursor=a&cursor=b`],
  ])('answers %s with a 400', async (_label, path) => {
    const { status, body } = await server.getJson(path)
    expect(status).toBe(400)
    expect(body).toEqual({ code: 'INVALID_PARAMS', message: expect.any(String) })
  })

  it('answers { data: [], next: null } for chains it does not index', async () => {
    expect((await server.getJson(historyPath(dev0, undefined, 'eip155:1'))).body).toEqual({ data: [], next: null })
    expect((await server.getJson(historyPath('0x5000000000000000000000000000000000000001'))).body).toEqual({ data: [], next: null })
  })
})

it('reads a Solana chain\'s history from its JSON-RPC: a node that does not answer is a 502, not an empty list', async () => {
  const { status, body } = await server.getJson(historyPath('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', undefined, 'solana:localnet'))
  expect(status).toBe(502)
  expect(body).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
})

describe('GET /v1/account/:address/nfts', () => {
  it('lists the tokens each account holds, with images and metadata served by the server', async () => {
    const mine = await server.getJson(`/v1/account/${dev0}/nfts?chainId=${chainId}&projectId=demo`)
    expect(mine.status).toBe(200)
    expect(mine.body.next).toBeNull()
    expect(mine.body.data.map((n: any) => n.tokenId)).toEqual(['1', '3'])
    expect(mine.body.data[0]).toEqual({
      chainId,
      contract: `${chainId}:${pioneers}`,
      tokenId: '1',
      name: 'Portico Pioneers #1',
      description: porticoPioneers.description,
      imageUrl: `${server.url}/public/getNftImage/${encodeURIComponent(chainId)}/${pioneers}/1`,
      collection: { name: 'Portico Pioneers', symbol: 'PPNR' },
    })
    const theirs = await server.getJson(`/v1/account/${recipient.toLowerCase()}/nfts?chainId=${chainId}`)
    expect(theirs.body.data.map((n: any) => n.tokenId)).toEqual(['2'])
    for (const nft of [...mine.body.data, ...theirs.body.data]) {
      const image = await fetch(nft.imageUrl)
      expect(image.status).toBe(200)
      const svg = await image.text()
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(svg).not.toMatch(/<script|href=|url\(http/i)
    }
    // Deterministic: the same token gives the same bytes; different tokens differ.
    const a = await (await fetch(mine.body.data[0].imageUrl)).text()
    expect(await (await fetch(mine.body.data[0].imageUrl)).text()).toBe(a)
    expect(await (await fetch(mine.body.data[1].imageUrl)).text()).not.toBe(a)
    const metadata = await server.getJson(`/v1/nft/${chainId}/${pioneers}/3`)
    expect(metadata.body).toMatchObject({ name: 'Portico Pioneers #3', image: `${server.url}/public/getNftImage/${encodeURIComponent(chainId)}/${pioneers}/3` })
  })

  it('follows a transfer of a token to its new owner', async () => {
    const hash = await clients.walletClient.writeContract({ address: pioneers, abi: erc721Abi, functionName: 'transferFrom', args: [dev0, recipient, 3n] })
    await mined(hash)
    await waitForHistory(recipient, (b) => b.data[0]?.id === hash)
    expect((await server.getJson(`/v1/account/${dev0}/nfts?chainId=${chainId}`)).body.data.map((n: any) => n.tokenId)).toEqual(['1'])
    expect((await server.getJson(`/v1/account/${recipient}/nfts?chainId=${chainId}`)).body.data.map((n: any) => n.tokenId)).toEqual(['2', '3'])
  })

  it('rejects malformed input and unknown collections', async () => {
    expect((await server.getJson(`/v1/account/0x12/nfts?chainId=${chainId}`)).status).toBe(400)
    expect((await server.getJson(`/v1/account/${dev0}/nfts?chainId=nope`)).status).toBe(400)
    expect((await server.getJson(`/v1/account/${dev0}/nfts?chainId=eip155:1`)).body).toEqual({ data: [], next: null })
    expect((await server.getJson(`/v1/nft/${chainId}/${pioneers}/-1`)).status).toBe(400)
    expect((await server.getJson(`/v1/nft/${chainId}/${pioneers}/${'9'.repeat(79)}`)).status).toBe(400)
    expect((await server.getJson(`/public/getNftImage/${chainId}/${spam}/1`)).status).toBe(404)
    expect((await server.getJson(`/public/getNftImage/${chainId}/0xnope/1`)).status).toBe(400)
  })
})

describe('indexer robustness', () => {
  it('keeps the index across a restart and only reads the blocks it has not seen', async () => {
    const before = (await allPages(recipient)).map((t) => t.id)
    const lastBlock = (server.db.prepare('SELECT last_block AS b FROM indexer_chains WHERE chain_id = ?').get(chainId) as { b: number }).b
    await server.close()
    // Two blocks while the server is down.
    const missed: Hex[] = []
    for (let i = 0; i < 2; i++) {
      const hash = await clients.walletClient.sendTransaction({ to: recipient, value: 2n })
      await mined(hash)
      missed.push(hash)
    }
    tap.calls.length = 0
    server = await startTestServer({ dataDir, chains, indexer })
    const { body } = await waitForHistory(recipient, (b) => b.data[0]?.id === missed[1])
    expect(body.data[1].id).toBe(missed[0])
    expect((await allPages(recipient)).map((t) => t.id)).toEqual([missed[1], missed[0], ...before])
    const fullBlocks = tap.calls.filter((c) => c.method === 'eth_getBlockByNumber' && c.params[1] === true).map((c) => Number.parseInt(c.params[0] as string, 16))
    expect(fullBlocks).toEqual([lastBlock + 1, lastBlock + 2])
  })

  it('survives a node that answers garbage or nothing, storing nothing, and catches up afterwards', async () => {
    const lastBlock = () => (server.db.prepare('SELECT last_block AS b FROM indexer_chains WHERE chain_id = ?').get(chainId) as { b: number }).b
    const stored = lastBlock()
    for (const mode of ['garbage', 'down'] as const) {
      tap.mode = mode
      await expect(server.indexer!.poll(chainId)).rejects.toThrow()
      expect(server.indexer!.status()[0]!.lastError).toEqual(expect.any(String))
      expect(lastBlock()).toBe(stored)
      // The API keeps answering from what it has.
      expect((await server.getJson(historyPath(recipient))).status).toBe(200)
    }
    tap.mode = 'forward'
    // A node that answers another block than the one asked for is refused too.
    tap.rewrite = (body) =>
      Array.isArray(body) ? body.map((answer: any) => (answer?.result?.transactions?.[0]?.hash ? { ...answer, result: { ...answer.result, number: '0x1' } } : answer)) : body
    const pending = await clients.walletClient.sendTransaction({ to: recipient, value: 4n })
    await mined(pending)
    await expect(server.indexer!.poll(chainId)).rejects.toThrow(/when asked for/)
    expect(lastBlock()).toBe(stored)
    tap.rewrite = undefined
    const hash = await clients.walletClient.sendTransaction({ to: recipient, value: 3n })
    await mined(hash)
    await server.indexer!.poll(chainId)
    await waitForHistory(recipient, (b) => b.data[0]?.id === hash)
    expect(server.indexer!.status()[0]!.lastError).toBeNull()
  })

  it('rolls back to the last common block after a reorg and indexes the new branch', async () => {
    const anvilRpc = async (method: string, params: unknown[] = []) => {
      const response = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
      return ((await response.json()) as { result: unknown }).result
    }
    const other = getAddress('0x8000000000000000000000000000000000000008')
    const snapshot = await anvilRpc('evm_snapshot')
    const forkPoint = Number(await clients.publicClient.getBlockNumber({ cacheTime: 0 }))
    const orphaned: Hex[] = []
    for (let i = 0; i < 3; i++) {
      const hash = await clients.walletClient.sendTransaction({ to: other, value: BigInt(100 + i) })
      await mined(hash)
      orphaned.push(hash)
    }
    await waitForHistory(other, (b) => b.data.length === 3)
    const callsBefore = tap.calls.length
    expect(await anvilRpc('evm_revert', [snapshot])).toBe(true)
    // The new branch: one block with another transaction, then more blocks, so it is longer than the old one.
    const kept: Hex[] = []
    for (let i = 0; i < 4; i++) {
      const hash = await clients.walletClient.sendTransaction({ to: other, value: BigInt(200 + i) })
      await mined(hash)
      kept.push(hash)
    }
    const { body } = await waitForHistory(other, (b) => b.data.length === 4 && b.data[0].id === kept[3])
    expect(body.data.map((t: any) => t.id)).toEqual([...kept].reverse())
    expect(body.data.map((t: any) => t.transfers[0].quantity.numeric)).toEqual(['0.000000000000000203', '0.000000000000000202', '0.000000000000000201', '0.0000000000000002'])
    // Nothing of the orphaned branch is left, and nothing below the fork point was re-read.
    const leftovers = server.db.prepare(`SELECT COUNT(*) AS n FROM chain_transactions WHERE hash IN (${orphaned.map(() => '?').join(',')})`).get(...orphaned) as { n: number }
    expect(leftovers.n).toBe(0)
    const reread = tap.calls.slice(callsBefore).filter((c) => c.method === 'eth_getBlockByNumber' && c.params[1] === true).map((c) => Number.parseInt(c.params[0] as string, 16))
    expect(reread.length).toBeGreaterThanOrEqual(4)
    expect(Math.min(...reread)).toBe(forkPoint + 1)
  })

  it('drops the index of a chain that was restarted from scratch under the same data directory', async () => {
    const fresh = await startAnvil({ chainId: 31337 })
    try {
      tap.target = fresh.rpcUrl
      const freshClients = clientsFor(fresh.rpcUrl, 31337)
      const hash = await freshClients.walletClient.sendTransaction({ to: recipient, value: parseEther('7') })
      await freshClients.publicClient.waitForTransactionReceipt({ hash })
      const { body } = await waitForHistory(recipient, (b) => b.data.length === 1 && b.data[0].id === hash)
      expect(body.data[0].transfers[0].quantity.numeric).toBe('7')
      expect((await server.getJson(`/v1/account/${recipient}/nfts?chainId=${chainId}`)).body.data).toEqual([])
    } finally {
      tap.target = anvil.rpcUrl
      await fresh.stop()
    }
  })
})
