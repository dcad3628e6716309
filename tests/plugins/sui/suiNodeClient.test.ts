// The sui plugin's node client: which API a network URL speaks (the presets on Sui's GraphQL RPC, not
// JSON-RPC), and a node answering something malformed gives a typed SuiRpcRequestError, never a
// wrong balance — over GraphQL (through @mysten/sui's SuiGraphQLClient) and over a site's JSON-RPC.
import { describe, expect, it } from 'vitest'

import { createSuiNodeClient } from '../../../plugins/sui/actions/createSuiNodeClient.js'
import { fetchSuiBalance } from '../../../plugins/sui/actions/fetchSuiBalance.js'
import { defineSuiNetwork, suiDevnet, suiLocalnet, suiMainnet, suiTestnet } from '../../../plugins/sui/index.js'
import { suiNodeApi } from '../../../plugins/sui/utils/suiNodeApi.js'

const address = `0x${'ab'.repeat(32)}`
const graphqlNetwork = defineSuiNetwork({ reference: 'localnet', name: 'Test', rpcUrls: ['http://127.0.0.1:1/graphql'] })
const jsonRpcNetwork = defineSuiNetwork({ reference: 'localnet', name: 'Test', rpcUrls: ['http://127.0.0.1:1'] })
/** A node that answers every POST with `body` (and records what it was asked). */
function node(body: unknown, status = 200) {
  const asked: { url: string; body: unknown }[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    asked.push({ url: String(url), body: JSON.parse(String(init.body)) })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  return { fetch, asked }
}

describe('the Sui presets and node APIs', () => {
  it('points mainnet, testnet and devnet at Sui’s public GraphQL RPC, and the sandbox preset at its ledger’s', () => {
    expect([suiMainnet, suiTestnet, suiDevnet, suiLocalnet].map((n) => [n.caipNetworkId, n.rpcUrls.default.http, suiNodeApi(n.rpcUrls.default.http[0]!)])).toEqual([
      ['sui:mainnet', ['https://graphql.mainnet.sui.io/graphql'], 'graphql'],
      ['sui:testnet', ['https://graphql.testnet.sui.io/graphql'], 'graphql'],
      ['sui:devnet', ['https://graphql.devnet.sui.io/graphql'], 'graphql'],
      ['sui:localnet', ['http://127.0.0.1:4707/graphql'], 'graphql'],
    ])
  })

  it('reads a URL whose path ends in /graphql as GraphQL RPC, any other as a site’s JSON-RPC', () => {
    expect(suiNodeApi('https://example.com/v1/sui/p/sui:mainnet/graphql')).toBe('graphql')
    expect(suiNodeApi('https://example.com/graphql/')).toBe('graphql')
    expect(suiNodeApi('https://fullnode.mainnet.sui.io:443')).toBe('jsonRpc')
    expect(suiNodeApi('https://example.com/graphql-proxy?x=/graphql')).toBe('jsonRpc')
    expect(suiNodeApi('not a url')).toBe('jsonRpc')
  })

  it('asks the GraphQL RPC with @mysten/sui’s query and returns the balance in SUI', async () => {
    const { fetch, asked } = node({ data: { address: { balance: { coinType: { repr: '0x2::sui::SUI' }, totalBalance: '1500000000' } } } })
    await expect(fetchSuiBalance({ network: graphqlNetwork, address, fetch })).resolves.toEqual({ balance: '1.5', symbol: 'SUI', decimals: 9 })
    expect(asked).toEqual([{ url: 'http://127.0.0.1:1/graphql', body: expect.objectContaining({ query: expect.stringContaining('balance(coinType: $coinType)'), variables: { owner: address, type: '0x2::sui::SUI' } }) }])
  })
})

describe('malformed node answers are typed errors', () => {
  const graphqlCases: [string, unknown, number?][] = [
    ['a balance that is not a number', { data: { address: { balance: { totalBalance: '12abc' } } } }],
    ['a negative balance', { data: { address: { balance: { totalBalance: '-5' } } } }],
    ['no data at all', { data: null }],
    ['a GraphQL error', { errors: [{ message: 'Cannot query field "balance"' }] }],
    ['an HTTP error', 'upstream down', 502],
    ['a body that is not JSON', '<html>', 200],
  ]
  for (const [name, body, status] of graphqlCases) {
    it(`GraphQL: ${name}`, async () => {
      const { fetch } = node(body, status)
      await expect(fetchSuiBalance({ network: graphqlNetwork, address, fetch })).rejects.toMatchObject({ name: 'SuiRpcRequestError', shortMessage: expect.stringMatching(/^The Sui node failed on getBalance: /) })
    })
  }

  it('GraphQL: coins with a malformed object reference, and a simulation the node could not run', async () => {
    const coin = { address: 'not-an-id', version: 3, digest: 'x', owner: { __typename: 'AddressOwner', address: { address } }, contents: { json: { balance: '5' }, type: { repr: '0x2::coin::Coin<0x2::sui::SUI>' } }, previousTransaction: null }
    const coins = await createSuiNodeClient({ network: graphqlNetwork, fetch: node({ data: { address: { address, objects: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [coin] } } } }).fetch })
    await expect(coins.getCoins(address, '0x2::sui::SUI', null)).rejects.toMatchObject({ name: 'SuiRpcRequestError', shortMessage: 'The Sui node failed on getCoins: the answer is not a list of coin objects' })
    const simulation = await createSuiNodeClient({ network: graphqlNetwork, fetch: node({ data: { simulateTransaction: { error: 'Balance of gas object is lower than the needed amount', effects: null } } }).fetch })
    await expect(simulation.simulate(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ name: 'SuiRpcRequestError', shortMessage: expect.stringContaining('lower than the needed amount') })
  })

  it('JSON-RPC (a site’s provider): a balance that is not a number, an error, and a coin list that is not a list', async () => {
    await expect(fetchSuiBalance({ network: jsonRpcNetwork, address, fetch: node({ jsonrpc: '2.0', id: 1, result: { totalBalance: 'lots' } }).fetch })).rejects.toMatchObject({ name: 'SuiRpcRequestError', shortMessage: 'The Sui node failed on suix_getBalance: the answer is not a balance (a decimal integer)' })
    await expect(fetchSuiBalance({ network: jsonRpcNetwork, address, fetch: node({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }).fetch })).rejects.toMatchObject({ name: 'SuiRpcRequestError', code: -32601 })
    const client = await createSuiNodeClient({ network: jsonRpcNetwork, fetch: node({ jsonrpc: '2.0', id: 1, result: { data: 'nope' } }).fetch })
    await expect(client.getCoins(address, '0x2::sui::SUI', null)).rejects.toMatchObject({ name: 'SuiRpcRequestError', shortMessage: 'The Sui node failed on suix_getCoins: the answer is not a list of coin objects' })
  })
})
