// The name zone (`/v1/profile/*`) against a real anvil chain: registrations signed by dev keys
// (EOA), by an EIP-1271 contract wallet and by an EIP-6492 wallet not deployed yet, all checked
// through the chain; every refusal the spec's rules call for (short names, other characters, a
// stale timestamp, a signature from another key, a replay, a taken name, a second name for one
// address, an unsupported network), and release by the owner only.
import type { Address, Hex, LocalAccount } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { setupContractWallets } from '../../plugins/siwx/helpers/contractWallets.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const coinType = (0x80000000 | 31337) >>> 0
let anvil: Anvil
let server: TestServer
const alice = devAccount(3)
const bob = devAccount(4)
const carol = devAccount(5)
const label = `alice-${Math.floor(Math.random() * 1e6)}`
const name = `${label}.portico.id`
const now = () => Math.floor(Date.now() / 1000)

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  server = await startTestServer({
    chains: [{ caipNetworkId: 'eip155:31337', name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    profile: { zone: 'portico.id', maxAgeSeconds: 300 },
    indexer: false,
  })
})
afterAll(async () => {
  await server?.dispose()
  await anvil?.stop()
})

async function signed(account: LocalAccount, fields: Record<string, unknown>, { address = account.address, coin = coinType }: { address?: Address; coin?: number } = {}) {
  const message = JSON.stringify({ attributes: {}, timestamp: now(), ...fields })
  const signature = await account.signMessage({ message })
  return { coin_type: coin, address, message, signature }
}
const register = (body: unknown) => server.post('/v1/profile/account', body)
const reason = (body: { reasons?: { name: string }[] }) => body.reasons?.[0]?.name

describe('the name zone', () => {
  it('says a free name is free, with suggestions', async () => {
    const free = await server.getJson(`/v1/profile/account/${name}?projectId=demo`)
    expect(free.status).toBe(404)
    const suggestions = await server.getJson(`/v1/profile/suggestions/${label}?zone=portico.id&projectId=demo`)
    expect(suggestions.status).toBe(200)
    expect(suggestions.body.suggestions[0]).toEqual({ name, registered: false })
    expect(suggestions.body.suggestions.length).toBeGreaterThan(2)
    for (const s of suggestions.body.suggestions) expect(s.name).toMatch(/^[a-z0-9-]{4,}\.portico\.id$/)
  })

  it('registers a name signed by the account, and answers it by name and by address', async () => {
    const body = await signed(alice, { name, attributes: { avatar: 'https://example.com/a.png' } })
    const answer = await register(body)
    expect(answer.status).toBe(200)
    expect(answer.body.name).toBe(name)
    expect(answer.body.addresses[String(coinType)].address).toBe(alice.address)
    const byName = await server.getJson(`/v1/profile/account/${name.toUpperCase()}?projectId=demo&apiVersion=2`)
    expect(byName.body.addresses[String(coinType)].address).toBe(alice.address)
    expect(byName.body.attributes).toEqual([{ avatar: 'https://example.com/a.png' }])
    const reverse = await server.getJson(`/v1/profile/reverse/${alice.address.toLowerCase()}?projectId=demo`)
    expect(reverse.body.map((r: { name: string }) => r.name)).toEqual([name])
    const suggestions = await server.getJson(`/v1/profile/suggestions/${label}?projectId=demo`)
    expect(suggestions.body.suggestions[0]).toEqual({ name, registered: true })
  })

  it('refuses the same signed registration again (a replay)', async () => {
    const body = await signed(bob, { name: `replay-${label}.portico.id` })
    expect((await register(body)).status).toBe(200)
    const again = await register(body)
    expect(again.status).toBe(409)
    expect(reason(again.body)).toBe('ReplayedMessage')
    expect(again.body.message).toBe('This signed message was already used')
    expect(again.body.reasons).toEqual([{ name: 'ReplayedMessage', description: 'This signed message was already used' }])
    // Replayed after the name was released, it is still refused: a signature is used once.
    const release = await signed(bob, { name: `replay-${label}.portico.id`, release: true })
    expect((await server.post('/v1/profile/release', release)).status).toBe(200)
    const afterRelease = await register(body)
    expect(afterRelease.status).toBe(409)
    expect(afterRelease.body.message).toBe('This signed message was already used')
    expect((await server.getJson(`/v1/profile/account/replay-${label}.portico.id?projectId=demo`)).status).toBe(404)
  })

  it('another account cannot take a registered name; an address gets one name', async () => {
    const taken = await register(await signed(carol, { name }))
    expect(taken.status).toBe(409)
    expect(reason(taken.body)).toBe('NameTaken')
    expect(taken.body.message).toBe(`${name} is already registered`)
    const second = await register(await signed(alice, { name: `second-${label}.portico.id` }))
    expect(second.status).toBe(409)
    expect(reason(second.body)).toBe('AddressHasName')
    expect(second.body.message).toBe(`This address already has a name (${name}); release it first`)
  })

  it.each([
    ['abc.portico.id', 'A name needs at least 4 characters'],
    ['ab_cd.portico.id', 'A name may use only letters, digits and hyphens'],
    ['ali ce.portico.id', 'A name may use only letters, digits and hyphens'],
    ['alice.eth', 'Names end in .portico.id'],
  ])('refuses %s', async (bad, message) => {
    const answer = await register(await signed(carol, { name: bad }))
    expect(answer.status).toBe(400)
    expect(reason(answer.body)).toBe('InvalidName')
    expect(answer.body.message).toBe(message)
    expect((await server.getJson(`/v1/profile/reverse/${carol.address}?projectId=demo`)).body).toEqual([])
  })

  it('refuses a stale timestamp, and one far in the future, saying which and by how much', async () => {
    // The server's second may tick between signing and checking: the age it names is n or n + 1.
    const tooOld = (age: number) => `The signed message is too old: it was signed ${age} s ago and the zone accepts at most 300 s; sign it again`
    const ahead = (by: number) => `The signed message is dated ${by} s in the future (at most 60 s is allowed); check the device's clock and sign it again`
    for (const [timestamp, messages] of [
      [now() - 301, [tooOld(301), tooOld(302)]],
      [now() - 86_400, [tooOld(86_400), tooOld(86_401)]],
      [now() + 3600, [ahead(3600), ahead(3599)]],
      [now() + 61, [ahead(61)]],
    ] as const) {
      const answer = await register(await signed(carol, { name: `carol-${label}.portico.id`, timestamp }))
      expect(answer.status).toBe(400)
      expect(reason(answer.body)).toBe('StaleMessage')
      expect(messages).toContain(answer.body.message)
      expect(answer.body.reasons[0].description).toBe(answer.body.message)
    }
    // Inside the window (a little old, a little ahead) the time passes and the next check (here a
    // signature from another key, so nothing is registered) decides.
    for (const timestamp of [now() - 290, now() + 50]) {
      const answer = await register(await signed(bob, { name: `carol-${label}.portico.id`, timestamp }, { address: carol.address }))
      expect(reason(answer.body)).toBe('InvalidSignature')
    }
    expect((await server.getJson(`/v1/profile/reverse/${carol.address}?projectId=demo`)).body).toEqual([])
  })

  it('refuses a signature from another key, and a message changed after signing', async () => {
    const forged = await signed(bob, { name: `carol-${label}.portico.id` }, { address: carol.address })
    const answer = await register(forged)
    expect(answer.status).toBe(403)
    expect(reason(answer.body)).toBe('InvalidSignature')
    expect(answer.body.message).toBe(`The signature is not from ${carol.address}, or the message was changed after signing`)
    // The address may come in lower case; the message names it checksummed.
    const lower = await register({ ...forged, address: carol.address.toLowerCase() })
    expect(lower.body.message).toBe(`The signature is not from ${carol.address}, or the message was changed after signing`)
    const honest = await signed(carol, { name: `carol-${label}.portico.id` })
    const tampered = await register({ ...honest, message: honest.message.replace('carol-', 'carl-') })
    expect(tampered.status).toBe(403)
    expect(tampered.body.message).toBe(`The signature is not from ${carol.address}, or the message was changed after signing`)
    expect((await server.getJson(`/v1/profile/account/carol-${label}.portico.id?projectId=demo`)).status).toBe(404)
  })

  it('refuses an unsupported network and malformed bodies', async () => {
    const other = await register(await signed(carol, { name: `carol-${label}.portico.id` }, { coin: (0x80000000 | 999) >>> 0 }))
    expect(other.status).toBe(400)
    expect(reason(other.body)).toBe('UnsupportedNetwork')
    expect(other.body.message).toBe('Names are not supported on this network')
    for (const body of [{}, { coin_type: coinType, address: 'nope', message: '{}', signature: '0x00' }, { coin_type: coinType, address: carol.address, message: 'not json', signature: '0x1234' }, '[]']) {
      const answer = await register(body)
      expect(answer.status).toBe(400)
    }
    const attributes = await register(await signed(carol, { name: `carol-${label}.portico.id`, attributes: { avatar: 'javascript:alert(1)' } }))
    expect(attributes.status).toBe(400)
    expect((await server.getJson('/v1/profile/reverse/0x1234?projectId=demo')).status).toBe(400)
  })

  it('verifies contract accounts through the chain: EIP-1271 deployed, EIP-6492 not yet', async () => {
    const wallets = await setupContractWallets(anvil.rpcUrl, 31337)
    const deployed = await wallets.deployWallet(carol.address, 'names-1271')
    const viaContract = await signed(carol, { name: `vault-${label}.portico.id` }, { address: deployed })
    const answer = await register(viaContract)
    expect(answer.status).toBe(200)
    expect(answer.body.addresses[String(coinType)].address).toBe(deployed)

    const { address, factoryData } = await wallets.counterfactual(carol.address, 'names-6492')
    expect(await wallets.getCode(address)).toBeUndefined()
    const { serializeErc6492Signature } = await import('viem/utils')
    const message = JSON.stringify({ name: `future-${label}.portico.id`, attributes: {}, timestamp: now() })
    const signature = serializeErc6492Signature({ address: wallets.factoryAddress, data: factoryData, signature: await carol.signMessage({ message }) as Hex })
    const future = await register({ coin_type: coinType, address, message, signature })
    expect(future.status).toBe(200)
    // A contract wallet whose owner is someone else does not accept bob's signature.
    const stranger = await register(await signed(bob, { name: `stranger-${label}.portico.id` }, { address: deployed }))
    expect(stranger.status).toBe(403)
  })

  it('releases a name only for its owner; then it can be taken', async () => {
    const byOther = await server.post('/v1/profile/release', await signed(carol, { name, release: true }))
    expect(byOther.status).toBe(403)
    expect(reason(byOther.body)).toBe('NotOwner')
    expect(byOther.body.message).toBe('Only the owner may release a name')
    const released = await server.post('/v1/profile/release', await signed(alice, { name, release: true }))
    expect(released.status).toBe(200)
    expect((await server.getJson(`/v1/profile/account/${name}?projectId=demo`)).status).toBe(404)
    expect((await register(await signed(carol, { name }))).status).toBe(200)
  })
})
