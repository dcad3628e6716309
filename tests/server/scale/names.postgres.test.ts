// The name zone on Postgres, shared by two instances: registered through one, answered by the
// other; a race between them for one name is decided by the database, and a replay is refused
// on the instance that did not see the first use.
import type { LocalAccount } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const coinType = (0x80000000 | 31337) >>> 0
let engines: TestEngines
let anvil: Anvil
let a: TestServer
let b: TestServer

beforeAll(async () => {
  ;[engines, anvil] = await Promise.all([startEngines(), startAnvil({ chainId: 31337 })])
  const url = await engines.createDatabase('names_two_instances')
  const config = {
    chains: [{ caipNetworkId: 'eip155:31337', name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    profile: { zone: 'portico.id', maxAgeSeconds: 300 },
    indexer: false as const,
    database: { url },
  }
  ;[a, b] = [await startTestServer(config), await startTestServer(config)]
})
afterAll(async () => {
  await a?.dispose()
  await b?.dispose()
  await anvil?.stop()
  await engines?.stop()
})

async function signed(account: LocalAccount, fields: Record<string, unknown>) {
  const message = JSON.stringify({ attributes: {}, timestamp: Math.floor(Date.now() / 1000), ...fields })
  return { coin_type: coinType, address: account.address, message, signature: await account.signMessage({ message }) }
}

describe('the name zone on Postgres with two instances', () => {
  it('answers on B a name registered through A, by name and by address', async () => {
    const name = `shared-${Math.floor(Math.random() * 1e6)}.portico.id`
    const registered = await a.post('/v1/profile/account', await signed(devAccount(3), { name, attributes: { bio: 'on postgres' } }))
    expect(registered.status).toBe(200)
    const byName = await b.getJson(`/v1/profile/account/${name}?projectId=demo`)
    expect(byName.status).toBe(200)
    expect(byName.body).toMatchObject({ name, attributes: [{ bio: 'on postgres' }] })
    const byAddress = await b.getJson(`/v1/profile/reverse/${devAccount(3).address}?projectId=demo`)
    expect(byAddress.body.map((record: { name: string }) => record.name)).toEqual([name])
    const suggestions = await b.getJson(`/v1/profile/suggestions/${name}?zone=portico.id&projectId=demo`)
    expect(suggestions.body.suggestions[0]).toEqual({ name, registered: true })
  })

  it('gives a name raced for on both instances to exactly one account', async () => {
    const name = `race-${Math.floor(Math.random() * 1e6)}.portico.id`
    const [first, second] = await Promise.all([
      a.post('/v1/profile/account', await signed(devAccount(4), { name })),
      b.post('/v1/profile/account', await signed(devAccount(5), { name })),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
  })

  it('refuses on B a release signature already used on A', async () => {
    const name = `replay-${Math.floor(Math.random() * 1e6)}.portico.id`
    const owner = devAccount(6)
    expect((await a.post('/v1/profile/account', await signed(owner, { name }))).status).toBe(200)
    const release = await signed(owner, { name, release: true })
    expect((await a.post('/v1/profile/release', release)).status).toBe(200)
    expect((await b.getJson(`/v1/profile/account/${name}?projectId=demo`)).status).toBe(404)
    const replayed = await b.post('/v1/profile/release', release)
    expect(replayed.status).toBe(409)
    expect(replayed.body.reasons?.[0]?.name).toBe('ReplayedMessage')
  })
})
