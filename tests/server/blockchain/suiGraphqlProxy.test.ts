// The server's GraphQL proxy for sui chains against the sandbox's Sui ledger, driven by
// @mysten/sui's SuiGraphQLClient (what the sui plugin uses through it), and clear 400s for hostile input.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createServer, type PorticoServer } from '../../../server/createServer.js'
import { suiGraphqlUrl } from '../../../server/routes/registerSuiProxyRoutes.js'
import { type SuiRpc, startSuiRpc } from '../../../sandbox/sui/startSuiRpc.js'

const owner = `0x${'ab'.repeat(32)}`
let sui: SuiRpc
let server: PorticoServer
let dataDir: string

beforeAll(async () => {
  sui = await startSuiRpc()
  sui.ledger.mint(owner, '0x2::sui::SUI', 7_000_000_000n)
  dataDir = await mkdtemp(join(tmpdir(), 'portico-sui-graphql-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: 'sui:localnet', name: 'Local Sui', rpcUrl: sui.rpcUrl, nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 } }],
  })
})
afterAll(async () => {
  await server?.close()
  await sui?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const post = (path: string, body: string) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('the server’s Sui GraphQL proxy', () => {
  it('forwards @mysten/sui’s queries to the chain’s GraphQL RPC', async () => {
    const client = new SuiGraphQLClient({ url: `${server.url}/v1/sui/demo/sui:localnet/graphql`, network: 'localnet' })
    expect((await client.core.getBalance({ address: owner, coinType: '0x2::sui::SUI' })).balance.balance).toBe('7000000000')
    expect(await client.core.getReferenceGasPrice()).toEqual({ referenceGasPrice: '1000' })
  })

  it('finds the GraphQL URL of a chain’s rpcUrl', () => {
    expect(suiGraphqlUrl('http://127.0.0.1:4707')).toBe('http://127.0.0.1:4707/graphql')
    expect(suiGraphqlUrl('https://graphql.mainnet.sui.io/graphql/')).toBe('https://graphql.mainnet.sui.io/graphql')
  })

  it('answers 400 for a body that is not a GraphQL request, a subscription, an overlong query and a chain of another namespace', async () => {
    const path = '/v1/sui/demo/sui:localnet/graphql?projectId=demo'
    for (const [body, message] of [
      ['not json', /GraphQL request/],
      ['[1,2]', /GraphQL request/],
      [JSON.stringify({ query: 42 }), /query must be a GraphQL document/],
      [JSON.stringify({ query: `{ ${'a'.repeat(20_001)} }` }), /at most 20000 characters/],
      [JSON.stringify({ query: 'subscription { x }' }), /Subscriptions are not proxied/],
      [JSON.stringify({ query: '{ chainIdentifier }', variables: [1] }), /variables must be an object/],
    ] as const) {
      const response = await post(path, body)
      expect({ body, status: response.status }).toEqual({ body, status: 400 })
      expect(JSON.stringify(await response.json())).toMatch(message)
    }
    const other = await post('/v1/sui/demo/cosmos:portico-local-1/graphql', JSON.stringify({ query: '{ chainIdentifier }' }))
    expect(other.status).toBe(400)
  })
})
