// The server's cosmos support against the sandbox's Cosmos node: balances (native and bank denoms
// with metadata, USD values), history from the REST gateway, and the node-API proxy that
// @cosmjs/stargate uses unchanged.
import { randomBytes } from 'node:crypto'

import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { payFromCosmosFaucet } from '../../../sandbox/cosmos/cosmosSandboxChainDefinition.js'
import { cosmosSandboxCaipNetworkId as chain, cosmosSandboxChainId, cosmosSandboxNativeDenom as denom, cosmosSandboxPrefix as prefix, cosmosSandboxTokenDenom } from '../../../sandbox/cosmos/cosmosSandboxChain.js'
import { cosmosFaucetDerivationPath, cosmosFaucetFunding, devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { type CosmosNode, startCosmosNode } from '../../../sandbox/cosmos/startCosmosNode.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

let node: CosmosNode
let server: TestServer
const fresh = async () => {
  const wallet = await DirectSecp256k1Wallet.fromKey(new Uint8Array(randomBytes(32)), prefix)
  return { wallet, address: (await wallet.getAccounts())[0]!.address }
}
const proxy = () => `${server.url}/v1/cosmos/p1/${chain}`

beforeAll(async () => {
  node = await startCosmosNode({ chainId: cosmosSandboxChainId, prefix, nativeDenom: denom })
  node.ledger.genesis(devCosmosKey(cosmosFaucetDerivationPath).address, denom, cosmosFaucetFunding)
  server = await startTestServer({
    projects: { p1: {} },
    defaultProject: undefined,
    chains: [
      {
        caipNetworkId: chain,
        name: 'Portico Cosmos Localnet',
        rpcUrl: node.url,
        nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 },
        nativePriceUsd: 8,
        tokens: [{ address: cosmosSandboxTokenDenom, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }],
      },
    ],
  })
})
afterAll(async () => {
  await server?.dispose()
  await node?.stop()
})

describe('cosmos on the Portico server', () => {
  it('reports the native balance (zero included) and other bank denoms with their metadata and USD values', async () => {
    const { address } = await fresh()
    const empty = await server.getJson(`/v1/account/${address}/balance?chainId=${chain}&projectId=p1`)
    expect(empty.status).toBe(200)
    expect(empty.body.balances).toEqual([expect.objectContaining({ symbol: 'PTC', name: 'Portico Token', quantity: { decimals: '6', numeric: '0' }, value: 0, price: 8 })])
    payFromCosmosFaucet(node, address, 2_500_000n)
    node.ledger.genesis(address, cosmosSandboxTokenDenom, 7_000_000n)
    node.ledger.genesis(address, 'ufoo', 42n)
    const { status, body } = await server.getJson(`/v1/account/${address}/balance?chainId=${chain}&projectId=p1`)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      expect.objectContaining({ symbol: 'PTC', chainId: chain, quantity: { decimals: '6', numeric: '2.5' }, value: 20, price: 8 }),
      expect.objectContaining({ symbol: 'ufoo', address: `${chain}:ufoo`, quantity: { decimals: '0', numeric: '42' }, value: 0 }),
      expect.objectContaining({ symbol: 'pUSD', name: 'Portico USD', address: `${chain}:${cosmosSandboxTokenDenom}`, quantity: { decimals: '6', numeric: '7' }, value: 7, price: 1 }),
    ])
  })

  it('refuses an address of another prefix or with a bad checksum with a 400', async () => {
    const bad = await server.getJson(`/v1/account/cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu/balance?chainId=${chain}&projectId=p1`)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/not a valid address of cosmos:portico-local-1/)
  })

  it('lists sends and receives, newest first, with amounts, counterparties, status and sequence', async () => {
    const alice = await fresh()
    const bob = await fresh()
    payFromCosmosFaucet(node, alice.address, 5_000_000n)
    const client = await SigningStargateClient.connectWithSigner(proxy(), alice.wallet, { gasPrice: GasPrice.fromString(`0.025${denom}`), broadcastPollIntervalMs: 50 })
    const sent = await client.sendTokens(alice.address, bob.address, [{ denom, amount: '1500000' }], 'auto')
    expect(sent.code).toBe(0)
    client.disconnect()
    const { status, body } = await server.getJson(`/v1/account/${alice.address}/history?chainId=${chain}&projectId=p1`)
    expect(status).toBe(200)
    expect(body.next).toBeNull()
    expect(body.data.map((t: { metadata: { operationType: string } }) => t.metadata.operationType)).toEqual(['send', 'receive'])
    expect(body.data[0]).toMatchObject({
      id: sent.transactionHash,
      metadata: { chain, sentFrom: alice.address, sentTo: bob.address, status: 'confirmed', nonce: 0 },
      transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, value: 12, price: 8, fungible_info: { symbol: 'PTC' } }],
    })
    const received = await server.getJson(`/v1/account/${bob.address}/history?chainId=${chain}&projectId=p1`)
    expect(received.body.data).toEqual([expect.objectContaining({ id: sent.transactionHash, transfers: [expect.objectContaining({ direction: 'in' })] })])
    expect((await server.getJson(`/v1/account/${bob.address}/history?chainId=${chain}&projectId=p1&cursor=abc`)).status).toBe(400)
  })

  it('proxies CometBFT RPC so StargateClient works through the server, and the REST reads and writes wallets use', async () => {
    const client = await StargateClient.connect(proxy())
    expect(await client.getChainId()).toBe(cosmosSandboxChainId)
    const { address } = await fresh()
    payFromCosmosFaucet(node, address, 1_000n)
    expect(await client.getBalance(address, denom)).toEqual({ denom, amount: '1000' })
    client.disconnect()
    const rest = await server.getJson(`/v1/cosmos/p1/${chain}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${denom}`)
    expect(rest).toMatchObject({ status: 200, body: { balance: { denom, amount: '1000' } } })
    expect((await server.getJson(`/v1/cosmos/p1/${chain}/cosmos/staking/v1beta1/validators`)).status).toBe(404)
    expect((await server.post(`/v1/cosmos/p1/${chain}`, { jsonrpc: '2.0', id: 1, method: 'unsafe_flush_mempool', params: {} })).status).toBe(400)
    expect((await server.post(`/v1/cosmos/p1/${chain}/cosmos/tx/v1beta1/txs`, { tx_bytes: 'not base64!' })).status).toBe(400)
    expect((await server.post(`/v1/cosmos/p1/cosmos:cosmoshub-4`, { jsonrpc: '2.0', id: 1, method: 'status' })).body).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
    expect((await server.getJson(`/v1/cosmos/nope/${chain}/cosmos/bank/v1beta1/balances/${address}`)).status).toBe(401)
  })
})
