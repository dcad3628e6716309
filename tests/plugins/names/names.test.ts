// portico/names on a real kernel: the real Portico Dev Wallet (real keys) on a real anvil with the
// sandbox's ENS contracts deployed (deployEns), and the real Portico server's name zone. Covered:
// the plugin's registration and options; RegisterAccountName's store (the rule's messages, live
// availability and suggestions, older answers dropped, "Error resolving name" and "Error fetching
// name suggestions"); registering (a wallet that refuses, the zone refusing, success and the
// success view, each failure leaving the register view with the name kept and "Error registering
// name"); the account's name (zone first, ENS fallback, the spoofed primary name of dev account 3
// giving none, an RPC or zone that does not answer); names as the send form's receiver, paid on
// the chain.
import '../../helpers/eip155Loaded.js'
import '../../helpers/namesLoaded.js'
import '../../helpers/sendLoaded.js'
import { type Address, createPublicClient, http, type LocalAccount, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createPorticoKernel, type PorticoEvent, type TokenBalance } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { coinTypeOf, names, type NamesOptions, type NamesSettings } from '../../../plugins/names/index.js'
import { NameRegistrationError, NameResolveError } from '../../../plugins/names/errors.js'
import type { ProfileApi } from '../../../plugins/names/api/createProfileApi.js'
import { describeNameError, RegisterNameStore } from '../../../plugins/names/stores/RegisterNameStore.js'
import { deployEns, sandboxEnsSpoofAccount } from '../../../sandbox/devnets/deployEns.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startTestServer, type TestServer } from '../../server/helpers/startTestServer.js'
import { pageWithDevWallet } from '../eip155/helpers/setupDevWallet.js'
import { send as sendPlugin } from '../../../plugins/send/send.js'
import { sendForm } from '../send/helpers.js'

const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const coinType = coinTypeOf(31337)
const closed = 'http://127.0.0.1:9'
const run = Math.floor(Math.random() * 1e6)
let anvil: Anvil
let server: TestServer
let universalResolver: Address
let devnet: ReturnType<typeof defineNetwork>
const open: { destroy(): Promise<void> }[] = []

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  ;({ universalResolver } = await deployEns({ rpcUrl: anvil.rpcUrl, chainId: 31337 }))
  server = await startTestServer({ chains: [{ caipNetworkId: 'eip155:31337', name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: currency }], profile: { zone: 'portico.id' }, indexer: false })
  devnet = defineNetwork({ id: 31337, name: 'Devnet A', rpcUrls: [anvil.rpcUrl] })
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.destroy()))
})
afterAll(async () => {
  await server?.dispose()
  await anvil?.stop()
})

/** A kernel with eip155 (the dev wallet signing as dev account `index`) and names. */
function setup({ index = 0, options = {}, rpcUrl = anvil.rpcUrl, withSend = false }: { index?: number; options?: NamesOptions; rpcUrl?: string; withSend?: boolean } = {}) {
  const page = pageWithDevWallet({ chains: [{ chainId: 31337, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: currency }], account: devAccount(index) })
  const network = rpcUrl === anvil.rpcUrl ? devnet : defineNetwork({ id: 31337, name: 'Devnet A', rpcUrls: [rpcUrl] })
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [network],
    plugins: [eip155({}, { window: page.target }), names({ ens: { 'eip155:31337': universalResolver }, ...options }), ...(withSend ? [sendPlugin()] : [])],
    storage: memoryStorage(),
    endpoints: { api: server.url },
  })
  open.push(portico)
  const events: PorticoEvent[] = []
  portico.subscribe('event', (e) => void events.push(e))
  const settings = portico.getStore<NamesSettings>('names') as NamesSettings
  const errors = () => events.filter((e) => e.type === 'error').map((e) => ({ code: e.properties?.code, action: e.properties?.action, message: e.properties?.message }))
  return { portico, wallet: page.wallet.control, settings, events, errors, address: devAccount(index).address }
}

async function connected(parameters: Parameters<typeof setup>[0] = {}) {
  const kit = setup(parameters)
  await kit.portico.connect({ connectorId: 'dev.portico.wallet' })
  return kit
}

/** The register view's store, over the plugin's own API client (or one given). */
const registerStore = (kit: ReturnType<typeof setup>, api: ProfileApi = kit.settings.api) => new RegisterNameStore(kit.portico, api, kit.settings.zone)

/** Registers a name straight at the zone, signed by the account (as another visitor would). */
async function registerAtZone(account: LocalAccount, name: string, attributes: Record<string, string> = {}) {
  const message = JSON.stringify({ name, attributes, timestamp: Math.floor(Date.now() / 1000) })
  const answer = await server.post('/v1/profile/account', { coin_type: coinType, address: account.address, message, signature: await account.signMessage({ message }) })
  expect(answer.status).toBe(200)
}

describe('names: registration with the kernel', () => {
  it('adds "Register a name" as a row on eip155 accounts, registers both views, and removes the action on destroy', async () => {
    const { portico, settings } = setup()
    expect(portico.accountActions.list('eip155').map((a) => [a.id, a.view, a.label, a.placement])).toEqual([['registerName', 'RegisterAccountName', 'names.action', 'row']])
    expect(portico.accountActions.list('solana')).toEqual([])
    expect(portico.views.has('RegisterAccountName')).toBe(true)
    expect(portico.views.has('RegisterAccountNameSuccess')).toBe(true)
    expect(settings.zone).toBe('portico.id')
    await portico.destroy()
    expect(portico.accountActions.list('eip155')).toEqual([])
  })

  it('offers no action with register: false, and refuses options outside the schema', () => {
    expect(setup({ options: { register: false } }).portico.accountActions.list('eip155')).toEqual([])
    const make = (options: NamesOptions) => () => createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), names(options)], storage: memoryStorage() })
    expect(make({ zone: 'bad zone!' })).toThrow(/zone/)
    expect(make({ ens: { 'eip155:31337': 'not an address' } })).toThrow(/ens/)
    expect(make({ apiUrl: 'javascript:alert(1)' })).toThrow(/apiUrl/)
    expect(make({ unknown: true } as NamesOptions)).toThrow(/unknown/)
  })
})

describe('RegisterAccountName: checking the name typed', () => {
  it("shows the rule's message for short names and other characters, and asks the zone nothing", async () => {
    const kit = await connected()
    const asked: string[] = []
    const api = { ...kit.settings.api, lookup: (name: string) => (asked.push(name), kit.settings.api.lookup(name)), suggestions: (name: string, zone: string) => (asked.push(name), kit.settings.api.suggestions(name, zone)) }
    const store = registerStore(kit, api)
    for (const [label, key, text] of [
      ['abc', 'names.rule.short', 'A name needs at least 4 characters'],
      ['ali_ce', 'names.rule.characters', 'A name may use only letters, digits and hyphens'],
      ['ali ce', 'names.rule.characters', 'A name may use only letters, digits and hyphens'],
      ['alice.eth', 'names.rule.characters', 'A name may use only letters, digits and hyphens'],
    ] as const) {
      store.setLabel(label)
      expect(store.rule).toBe(key)
      expect(kit.portico.messages.get(key)).toBe(text)
      await store.check()
      expect(store.availability).toBe('unknown')
      expect(store.canRegister).toBe(false)
    }
    expect(asked).toEqual([])
    store.setLabel('x'.repeat(80))
    expect(store.label).toHaveLength(63)
  })

  it("says a free name is available, with the zone's suggestions (not the name itself); a taken one is taken", async () => {
    const kit = await connected()
    const store = registerStore(kit)
    const label = `free-${run}`
    store.setLabel(label)
    expect(store.rule).toBeUndefined()
    const checking = store.check()
    expect(store.availability).toBe('checking')
    await checking
    expect(store.availability).toBe('available')
    expect(store.name).toBe(`${label}.portico.id`)
    expect(kit.portico.messages.get('names.available')).toBe('{name} is available')
    expect(store.suggestions.length).toBeGreaterThan(2)
    for (const s of store.suggestions) {
      expect(s.name).toMatch(new RegExp(`^[a-z0-9-]*${label}[a-z0-9-]*\\.portico\\.id$`))
      expect(s.name).not.toBe(store.name)
      expect(s.registered).toBe(false)
    }
    expect(store.suggestionsFailed).toBe(false)
    expect(store.canRegister).toBe(true)

    await registerAtZone(devAccount(9), `taken-${run}.portico.id`)
    store.setLabel(`Taken-${run}.PORTICO.ID`) // a whole name pasted keeps its label
    expect(store.label).toBe(`Taken-${run}`)
    await store.check()
    expect(store.name).toBe(`taken-${run}.portico.id`)
    expect(store.availability).toBe('taken')
    expect(store.canRegister).toBe(false)
    expect(store.error).toBeUndefined()
  })

  it("takes a name's availability from the zone's suggestions when they list it (no lookup, so no 404 for a free name); asks for the record when they do not", async () => {
    const kit = await connected()
    await registerAtZone(devAccount(7), `listed-${run}.portico.id`)
    const looked: string[] = []
    const lookup = (name: string) => (looked.push(name), kit.settings.api.lookup(name))
    const store = registerStore(kit, { ...kit.settings.api, lookup })
    store.setLabel(`vacant-${run}`)
    await store.check()
    expect(store.availability).toBe('available')
    store.setLabel(`listed-${run}`)
    await store.check()
    expect(store.availability).toBe('taken')
    expect(looked).toEqual([])
    // A zone whose suggestions leave the name out: the record says whether it is taken.
    const other = registerStore(kit, { ...kit.settings.api, lookup, suggestions: async (name: string, zone: string) => (await kit.settings.api.suggestions(name, zone)).filter((s) => !s.name.startsWith(`${name}.`)) })
    other.setLabel(`listed-${run}`)
    await other.check()
    expect(other.availability).toBe('taken')
    other.setLabel(`vacant-${run}`)
    await other.check()
    expect(other.availability).toBe('available')
    expect(looked).toEqual([`listed-${run}.portico.id`, `vacant-${run}.portico.id`])
  })

  it('drops the answer for a name typed before the current one', async () => {
    const kit = await connected()
    await registerAtZone(devAccount(8), `slow-${run}.portico.id`)
    // The zone answers the first (taken) name only after the second (free) name's check is done; the second's answer must win.
    let answerSlow!: () => void
    const slowHeld = new Promise<void>((resolve) => (answerSlow = resolve))
    const api = {
      ...kit.settings.api,
      lookup: async (name: string) => (name.startsWith('slow-') ? slowHeld.then(() => kit.settings.api.lookup(name)) : kit.settings.api.lookup(name)),
      suggestions: async (name: string, zone: string) => (name.startsWith('slow-') ? slowHeld.then(() => kit.settings.api.suggestions(name, zone)) : kit.settings.api.suggestions(name, zone)),
    }
    const store = registerStore(kit, api)
    store.setLabel(`slow-${run}`)
    const first = store.check()
    store.setLabel(`fast-${run}`)
    await store.check()
    expect(store.name).toBe(`fast-${run}.portico.id`)
    answerSlow()
    await first
    expect(store.name).toBe(`fast-${run}.portico.id`)
    expect(store.availability).toBe('available')
    expect(store.suggestions.every((s) => s.name.includes('fast-'))).toBe(true)
  })

  it('"Error resolving name" and "Error fetching name suggestions" when the zone does not answer; nothing can be registered', async () => {
    const kit = await connected({ options: { apiUrl: closed } })
    const store = registerStore(kit)
    store.setLabel(`nobody-${run}`)
    await store.check()
    expect(store.availability).toBe('unknown')
    expect(store.error).toBeInstanceOf(NameResolveError)
    expect(store.error?.shortMessage).toBe('Error resolving name')
    expect(describeNameError(store.error as NameResolveError, (k) => kit.portico.messages.get(k) as string)).toMatch(/^Error resolving name: \S/)
    expect(store.suggestionsFailed).toBe(true)
    expect(kit.portico.messages.get('names.suggestionsFailed')).toBe('Error fetching name suggestions')
    expect(store.canRegister).toBe(false)
    expect(await store.register()).toBe(false)
    expect(kit.wallet.activity().filter((a) => a.method === 'personal_sign')).toEqual([])
    expect(kit.errors()).toEqual(
      expect.arrayContaining([
        { code: 'NAME_RESOLVE_FAILED', action: 'resolveName', message: 'Error resolving name' },
        { code: 'NAME_SUGGESTIONS_FAILED', action: 'fetchNameSuggestions', message: 'Error fetching name suggestions' },
      ]),
    )
    // Typing again clears the error.
    store.setLabel(`nobody-${run}x`)
    expect(store.error).toBeUndefined()
  })

  it('"Error fetching name suggestions" alone when only the suggestions are refused; the name stays registrable', async () => {
    const kit = await connected()
    // The server refuses suggestions for a zone it does not serve (a real 400 from the real server).
    const api = { ...kit.settings.api, suggestions: (name: string) => kit.settings.api.suggestions(name, 'other.id') }
    const store = registerStore(kit, api)
    store.setLabel(`lonely-${run}`)
    await store.check()
    expect(store.availability).toBe('available')
    expect(store.suggestions).toEqual([])
    expect(store.suggestionsFailed).toBe(true)
    expect(store.error).toBeUndefined()
    expect(store.canRegister).toBe(true)
    expect(kit.errors()).toEqual([{ code: 'NAME_SUGGESTIONS_FAILED', action: 'fetchNameSuggestions', message: 'Error fetching name suggestions' }])
  })
})

describe('RegisterAccountName: registering', () => {
  const t = (kit: ReturnType<typeof setup>) => (key: string) => kit.portico.messages.get(key) as string

  it('a wallet that refuses to sign leaves the register view with the name kept and "Error registering name"', async () => {
    const kit = await connected({ index: 10 })
    await kit.portico.open({ view: 'RegisterAccountName' })
    const store = registerStore(kit)
    const label = `refused-${run}`
    store.setLabel(label)
    await store.check()
    kit.wallet.setMode('reject')
    expect(await store.register()).toBe(false)
    expect(kit.wallet.activity()).toContainEqual({ method: 'personal_sign', outcome: 'rejected' })
    expect(store.status).toBe('idle')
    expect(store.error).toBeInstanceOf(NameRegistrationError)
    expect(store.error).toMatchObject({ shortMessage: 'Error registering name', reason: 'UserRejected', code: 'NAME_REGISTRATION_FAILED' })
    expect(describeNameError(store.error as NameRegistrationError, t(kit))).toBe('Error registering name: the signature was rejected in the wallet, so nothing was registered')
    expect(store.label).toBe(label)
    expect(store.canRegister).toBe(true)
    expect(kit.portico.stores.router.view).toBe('RegisterAccountName')
    expect((await server.getJson(`/v1/profile/account/${label}.portico.id?projectId=test`)).status).toBe(404)
    expect(kit.errors()).toContainEqual({ code: 'NAME_REGISTRATION_FAILED', action: 'registerName', message: 'Error registering name' })
  })

  it("the zone's refusal (the name taken meanwhile, an address that has a name) leaves the register view with the zone's reason", async () => {
    const kit = await connected({ index: 11 })
    await kit.portico.open({ view: 'RegisterAccountName' })
    const store = registerStore(kit)
    const label = `raced-${run}`
    store.setLabel(label)
    await store.check()
    expect(store.availability).toBe('available')
    // Someone else registers it between the check and the click.
    await registerAtZone(devAccount(12), `${label}.portico.id`)
    expect(await store.register()).toBe(false)
    expect(kit.wallet.activity()).toContainEqual({ method: 'personal_sign', outcome: 'approved' })
    expect(store.error).toMatchObject({ shortMessage: 'Error registering name', reason: 'NameTaken' })
    expect(describeNameError(store.error as NameRegistrationError, t(kit))).toBe(`Error registering name: ${label}.portico.id is already registered`)
    expect(store.availability).toBe('taken')
    expect(store.label).toBe(label)
    expect(store.status).toBe('idle')
    expect(kit.portico.stores.router.view).toBe('RegisterAccountName')

    // Dev account 12 has a name now; a second one is refused with the zone's words.
    const other = await connected({ index: 12 })
    const second = registerStore(other)
    second.setLabel(`second-${run}`)
    await second.check()
    expect(await second.register()).toBe(false)
    expect(describeNameError(second.error as NameRegistrationError, t(other))).toBe(`Error registering name: This address already has a name (${label}.portico.id); release it first`)
    expect((await server.getJson(`/v1/profile/account/second-${run}.portico.id?projectId=test`)).status).toBe(404)
  })

  it('signs { name, attributes, timestamp }, registers, shows the name on the account, then the success view and back', async () => {
    const kit = await connected({ index: 13 })
    const unnamed = { namespace: 'eip155' as const, caipNetworkId: 'eip155:31337' as const, address: kit.address }
    await kit.portico.fetchProfile('eip155')
    expect(kit.portico.accountActions.list('eip155', unnamed).map((a) => a.id)).toEqual(['registerName'])
    await kit.portico.open({ view: 'Account' })
    await kit.portico.open({ view: 'RegisterAccountName' })
    const store = registerStore(kit)
    const label = `Winner-${run}`
    const name = `winner-${run}.portico.id`
    store.setLabel(label)
    await store.check()
    const registering = store.register()
    expect(store.status).toBe('signing')
    expect(await registering).toBe(true)
    expect(store).toMatchObject({ status: 'success', registered: name, label: '', availability: 'unknown', error: undefined })
    // The zone has it for this account, checked against the signature by the server.
    const record = await server.getJson(`/v1/profile/account/${name}?projectId=test`)
    expect(record.body.addresses[String(coinType)].address).toBe(kit.address)
    expect(kit.portico.stores.accounts.get('eip155').profileName).toBe(name)
    // Named now: the Account view's "Register a name" row is gone (it showed before).
    const account = { namespace: 'eip155' as const, caipNetworkId: 'eip155:31337' as const, address: kit.address }
    expect(kit.portico.accountActions.list('eip155', account).map((a) => a.id)).not.toContain('registerName')
    // The view then shows the success view, whose button leads back to the account.
    kit.settings.showSuccess(name)
    expect(kit.portico.stores.router.view).toBe('RegisterAccountNameSuccess')
    expect(kit.portico.stores.router.data).toEqual({ name })
    expect(kit.portico.messages.get('names.success')).toBe('{name} is now your name.')
    kit.settings.backToAccount()
    expect(kit.portico.stores.router.view).toBe('Account')
    expect(kit.errors()).toEqual([])
  })

  it('refuses to register on a disconnected kernel without asking anyone', async () => {
    const kit = setup()
    const store = registerStore(kit)
    store.setLabel(`ghost-${run}`)
    await store.check()
    expect(store.availability).toBe('available')
    expect(await store.register()).toBe(false)
    expect(kit.wallet.activity()).toEqual([])
  })
})

describe("the account's name: the zone first, then ENS", () => {
  it("shows an ENS primary name and its avatar; then the zone's name once the account has one", async () => {
    const kit = await connected({ index: 1 })
    expect(await kit.portico.fetchProfile('eip155')).toEqual({ name: 'bob.eth', avatar: expect.stringMatching(/^data:image\/svg\+xml;base64,/) })
    expect(kit.portico.stores.accounts.get('eip155')).toMatchObject({ profileName: 'bob.eth', profileImage: expect.stringMatching(/^data:image\/svg\+xml;base64,/) })
    await registerAtZone(devAccount(1), `bob-${run}.portico.id`, { avatar: 'https://example.com/bob.png' })
    expect(await kit.portico.fetchProfile('eip155', { force: true })).toEqual({ name: `bob-${run}.portico.id`, avatar: 'https://example.com/bob.png' })
  })

  it('gives dev account 3 no name: its reverse record spoofs bob.eth, which does not point back', async () => {
    expect(sandboxEnsSpoofAccount).toBe(3)
    const kit = await connected({ index: 3 })
    expect(await kit.portico.fetchProfile('eip155')).toEqual({ name: null, avatar: null })
    expect(kit.portico.stores.accounts.get('eip155')).toMatchObject({ profileName: null, profileImage: null })
    // The plugin still resolves bob.eth forward to bob, not to the spoofer.
    expect(await kit.portico.resolveName('bob.eth')).toEqual({ address: devAddresses[1], name: 'bob.eth' })
  })

  it('gives an account with neither no name, and one without a universal resolver for the chain no ENS name', async () => {
    expect(await (await connected({ index: 0 })).portico.fetchProfile('eip155')).toEqual({ name: null, avatar: null })
    const noEns = await connected({ index: 2, options: { ens: {} } })
    expect(await noEns.portico.fetchProfile('eip155')).toEqual({ name: null, avatar: null })
    expect(await noEns.portico.resolveName('bob.eth')).toBeUndefined()
  })

  it('"Error resolving name" when the zone or the chain does not answer: the address stays shown, the error is reported', async () => {
    const zoneDown = await connected({ index: 1, options: { apiUrl: closed } })
    expect(await zoneDown.portico.fetchProfile('eip155')).toBeUndefined()
    expect(zoneDown.portico.stores.accounts.get('eip155').profileName ?? null).toBeNull()
    expect(zoneDown.errors()).toContainEqual({ code: 'NAME_RESOLVE_FAILED', action: 'fetchProfile', message: 'Error resolving name' })
    await expect(zoneDown.portico.resolveName(`anyone-${run}.portico.id`)).rejects.toMatchObject({ name: 'NameResolveError', shortMessage: 'Error resolving name' })

    // The zone answers (carol has no zone name) but the chain's RPC is down: ENS cannot be asked.
    const chainDown = await connected({ index: 2, rpcUrl: closed })
    expect(await chainDown.portico.fetchProfile('eip155')).toBeUndefined()
    expect(chainDown.errors()).toContainEqual({ code: 'NAME_RESOLVE_FAILED', action: 'fetchProfile', message: 'Error resolving name' })
    await expect(chainDown.portico.resolveName('bob.eth')).rejects.toBeInstanceOf(NameResolveError)
  })
})

describe('names in the send form', () => {
  const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 0, quantity: { decimals: '18', numeric: '100' }, iconUrl: '' }
  const balance = (address: Address) => createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address })

  it('resolves a zone name and an ENS name to their addresses, and pays the zone name on the chain', async () => {
    const owner = devAccount(14)
    const zoneName = `payee-${run}.portico.id`
    await registerAtZone(owner, zoneName)
    const kit = await connected({ index: 7, withSend: true })
    expect(await kit.portico.resolveName(zoneName.toUpperCase())).toEqual({ address: owner.address, name: zoneName })
    expect(await kit.portico.resolveName('Bob.eth')).toEqual({ address: devAddresses[1], name: 'bob.eth' })

    const send = sendForm(kit.portico)
    send.setToken(eth)
    send.setAmount('0.25')
    send.setReceiver(zoneName)
    expect(send.receiverIsName).toBe(true)
    expect(send.buttonState).toBe('Invalid Address')
    const resolving = send.resolveReceiver()
    expect(send.buttonState).toBe('Resolving Name')
    await resolving
    expect(send).toMatchObject({ nameStatus: 'resolved', receiverAddress: owner.address, buttonState: 'Preview Send' })
    expect(send.resolved).toMatchObject({ input: zoneName, name: zoneName, address: owner.address })
    const before = await balance(owner.address)
    const hash = await send.submit()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect((await balance(owner.address)) - before).toBe(parseEther('0.25'))
  })

  it('refuses an unknown name and a name that failed to resolve; an answer for an older receiver is dropped', async () => {
    const kit = await connected({ index: 7, withSend: true })
    const send = sendForm(kit.portico)
    send.setToken(eth)
    send.setAmount('0.1')
    for (const unknown of [`unknown-${run}.portico.id`, 'nobody.eth']) {
      send.setReceiver(unknown)
      await send.resolveReceiver()
      expect(send).toMatchObject({ nameStatus: 'unknown', receiverAddress: undefined, buttonState: 'Invalid Address', canSend: false })
    }
    send.setReceiver('bob.eth')
    const stale = send.resolveReceiver()
    send.setReceiver('carol.eth')
    await stale
    expect(send.resolved).toBeUndefined()
    await send.resolveReceiver()
    expect(send.receiverAddress).toBe(devAddresses[2])

    const down = await connected({ index: 7, options: { apiUrl: closed }, withSend: true })
    sendForm(down.portico).setToken(eth)
    sendForm(down.portico).setAmount('0.1')
    sendForm(down.portico).setReceiver(`payee-${run}.portico.id`)
    await sendForm(down.portico).resolveReceiver()
    expect(sendForm(down.portico)).toMatchObject({ nameStatus: 'failed', receiverAddress: undefined, buttonState: 'Invalid Address' })
    expect(await sendForm(down.portico).submit()).toBeUndefined()
    expect(down.wallet.activity().some((a) => a.method === 'eth_sendTransaction')).toBe(false)
  })
})
