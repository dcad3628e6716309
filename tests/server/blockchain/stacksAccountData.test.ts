// The server's Stacks account data and proxy against the sandbox's Stacks ledger: balances (STX and a
// configured SIP-010 token, priced), history pages, and clear errors for hostile input or a dead node.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { STACKS_TESTNET } from '@stacks/network'
import { broadcastTransaction, makeSTXTokenTransfer, privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createServer, type PorticoServer } from '../../../server/createServer.js'
import { devStacksKey, stacksDeployerDerivationPath } from '../../../sandbox/stacks/devStacks.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksPorticoUsd, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../../sandbox/stacks/startStacksNode.js'

const chainId = `stacks:${stacksSandboxChainId}`
const deadChain = 'stacks:2147483650'
const sender = randomPrivateKey()
const senderAddress = privateKeyToAddress(sender, 'testnet')
let node: StacksNode
let server: PorticoServer
let dataDir: string

beforeAll(async () => {
  node = await startStacksNode({
    chainId: stacksSandboxChainId,
    transactionVersion: stacksSandboxTransactionVersion,
    feeRate: stacksFeeRate,
    feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint],
    token: { contractAddress: devStacksKey(stacksDeployerDerivationPath).address, contractName: stacksPorticoUsd.contractName, assetName: stacksPorticoUsd.assetName },
  })
  node.ledger.genesis(senderAddress, 9_000_000n)
  node.ledger.mintToken(senderAddress, 1_500_000n)
  dataDir = await mkdtemp(join(tmpdir(), 'portico-stacks-server-'))
  const currency = { name: 'Stacks', symbol: 'STX', decimals: 6 }
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [
      { caipNetworkId: chainId, name: 'Local Stacks', rpcUrl: node.url, nativeCurrency: currency, nativePriceUsd: 2, tokens: [{ address: node.ledger.tokenId as string, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] },
      { caipNetworkId: deadChain, name: 'Dead Stacks', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: currency },
    ],
  })
})
afterAll(async () => {
  await server?.close()
  await node?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=demo`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('the server on a Stacks chain', () => {
  it('answers STX and pUSD balances with USD values', async () => {
    const { status, body } = await get(`/v1/account/${senderAddress}/balance?chainId=${chainId}`)
    expect(status).toBe(200)
    expect((body.balances as { symbol: string; quantity: { numeric: string }; value: number; address?: string }[]).map((b) => [b.symbol, b.quantity.numeric, b.value, b.address ?? null])).toEqual([
      ['STX', '9', 18, null],
      ['pUSD', '1.5', 1.5, `${chainId}:${(node.ledger.tokenId as string).replace('::', '%3A%3A')}`],
    ])
  })

  it('lists a transfer in both accounts\' history, through @stacks/transactions and the server\'s proxy', async () => {
    const to = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const network = { ...STACKS_TESTNET, chainId: stacksSandboxChainId, client: { baseUrl: `${server.url}/v1/stacks/demo/${chainId}` } }
    const tx = await makeSTXTokenTransfer({ recipient: to, amount: 2_000_000n, senderKey: sender, network })
    expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() })
    node.mine()
    const sent = await get(`/v1/account/${senderAddress}/history?chainId=${chainId}`)
    const [entry] = sent.body.data as { id: string; metadata: { operationType: string; sentTo: string; status: string }; transfers: { quantity: { numeric: string }; direction: string }[] }[]
    expect(entry).toMatchObject({ id: `0x${tx.txid()}`, metadata: { operationType: 'send', sentTo: to, status: 'confirmed' }, transfers: [{ direction: 'out' }] })
    expect(Number(entry!.transfers[0]!.quantity.numeric)).toBeCloseTo(2 + Number(tx.auth.spendingCondition.fee) / 1e6, 9)
    const received = await get(`/v1/account/${to}/history?chainId=${chainId}`)
    expect(received.body.data).toEqual([expect.objectContaining({ metadata: expect.objectContaining({ operationType: 'receive', sentFrom: senderAddress }) })])
    expect(received.body.next).toBeNull()
  })

  it('refuses a malformed address or cursor (400) and reports a dead node as 502', async () => {
    expect((await get(`/v1/account/SP123/balance?chainId=${chainId}`)).status).toBe(400)
    expect((await get(`/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?chainId=${chainId}`)).status).toBe(400)
    expect((await get(`/v1/account/${senderAddress}/history?chainId=${chainId}&cursor=abc`)).status).toBe(400)
    expect((await get(`/v1/account/${senderAddress}/balance?chainId=${deadChain}`)).status).toBe(502)
    expect((await get(`/v1/account/${senderAddress}/history?chainId=${deadChain}`)).status).toBe(502)
  })

  it('proxies only the Stacks API subset', async () => {
    const base = `${server.url}/v1/stacks/demo/${chainId}`
    expect((await fetch(`${base}/v2/info`)).status).toBe(200)
    expect((await fetch(`${base}/v2/map_entry/x/y/z`)).status).toBe(404)
    // A deployed contract's source: forwarded (the ledger's own 404 for a contract it does not have), a malformed path not.
    const source = await fetch(`${base}/v2/contracts/source/${senderAddress}/not-deployed`)
    expect(source.status).toBe(404)
    expect(await source.json()).toEqual({ error: `No contract source data found for ${senderAddress}.not-deployed` })
    expect(await (await fetch(`${base}/v2/contracts/source/${senderAddress}/bad.name`)).json()).toMatchObject({ message: 'This Stacks API path is not proxied' })
    expect((await fetch(`${base}/v2/transactions`, { method: 'POST', body: '' })).status).toBe(400)
    expect((await fetch(`${base}/v2/fees/transaction`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(400)
    expect((await fetch(`${server.url}/v1/stacks/demo/cosmos:portico-local-1/v2/info`)).status).toBe(400)
    const refused = await fetch(`${base}/v2/transactions`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0x80, 0, 0]) })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: 'transaction rejected', reason: 'Deserialization' })
  })
})
