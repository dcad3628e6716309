import '../../helpers/eip155Loaded.js'
import '../../helpers/siwxLoaded.js'
import { formatMessage } from '@walletconnect/utils'
import { runInAction } from 'mobx'
import { SiweMessage } from 'siwe'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, NotConnectedError, type Network, type Plugin, type PorticoEvent } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { siwx, type SiwxOptions, type SiwxSession, type SiwxStore } from '../../../plugins/siwx/index.js'
import { createSiwxMessage } from '../../../plugins/siwx/utils/index.js'
import { SiwxInvalidSignatureError, SiwxSignInError } from '../../../plugins/siwx/errors.js'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { createTestPortico, memoryStorage, newWallet, testChain, addressB, solanaNet } from '../../kernel/helpers/testKit.js'
import { walletStorage } from '../eip155/helpers/setupDevWallet.js'
import { afterCheck, recordingPage, waitFor } from './helpers/recordingPage.js'
import { testVerifier } from './helpers/testVerifier.js'

const domain = '127.0.0.1:4700'
const uri = 'http://127.0.0.1:4700/'
const alice = devAccount(0)
const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const sessionsKey = '@portico/siwx_sessions'
let anvilA: Anvil
let anvilB: Anvil
let devnetA: ReturnType<typeof defineNetwork>
let devnetB: ReturnType<typeof defineNetwork>

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvilA.rpcUrl] })
  devnetB = defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [anvilB.rpcUrl] })
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

function setup({ storage = memoryStorage(), wstorage = walletStorage(), options = {}, also }: { storage?: ReturnType<typeof memoryStorage>; wstorage?: ReturnType<typeof walletStorage>; options?: SiwxOptions; also?: { networks: Network[]; plugins: Plugin[] } } = {}) {
  const page = recordingPage({
    chains: [
      { chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency },
      { chainId: 31338, name: 'Portico Devnet B', rpcUrl: anvilB.rpcUrl, nativeCurrency: currency },
    ],
    storage: wstorage,
  })
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [devnetA, devnetB, ...(also?.networks ?? [])],
    plugins: [eip155({}, { window: page.target }), siwx({ domain, uri, ...options }), ...(also?.plugins ?? [])],
    storage,
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  const events: PorticoEvent[] = []
  portico.subscribe('event', (e) => void events.push(e))
  const store = portico.getStore<SiwxStore>('siwx') as SiwxStore
  const { modal, router } = portico.stores
  const prompted = () => modal.open && router.view === 'SIWXSignMessage' && store.status === 'ready' && Boolean(store.message)
  return { portico, page, storage, wstorage, events, store, prompted }
}

describe('siwx: the sign-in flow with the real dev wallet on anvil', () => {
  it('connect → prompt → sign → reload without prompt → switch → prompt → cancel back → cancel with nothing signed disconnects', async () => {
    const first = setup()
    const { portico, store, page, events } = first
    expect(portico.signInVerifiers.get('eip155')?.label).toBe('Ethereum')
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(first.prompted, 'the sign view with a message')

    // The preview is exact EIP-4361 for this site, account, chain and nonce.
    const preview = new SiweMessage(store.message as string)
    expect(preview).toMatchObject({ domain, address: alice.address, chainId: 31337, uri, nonce: store.data?.nonce })

    // Unsigned, the connection is held (issue 52): the page's buttons say "Connecting…", not the account.
    expect(portico.getState().connections.eip155).toMatchObject({ status: 'connected', held: true })
    expect(portico.stores.connections.isHeld('eip155')).toBe(true)

    // Closing the unsigned sign view is refused: the modal shakes and stays.
    const shakes = portico.stores.modal.shakeCount
    expect(portico.requestClose()).toBe(false)
    expect(portico.stores.modal.shakeCount).toBe(shakes + 1)
    expect(portico.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })

    const nonce = store.data?.nonce
    const session = (await portico.signIn()) as SiwxSession
    // What the wallet was asked to sign parses with siwe and names the right things.
    expect(page.signed).toHaveLength(1)
    const received = new SiweMessage(page.signed[0] as string)
    expect(received).toMatchObject({ domain, address: alice.address, chainId: 31337, nonce })
    expect(await alice.signMessage({ message: page.signed[0] as string })).toBe(session.signature)
    expect(portico.getState().open).toBe(false)
    expect(events.map((e) => e.event)).toContain('SIWX_AUTH_SUCCESS')
    expect(JSON.parse(first.storage.data.get(sessionsKey) as string)).toHaveLength(1)
    expect(store.isSigned('eip155:31337', alice.address)).toBe(true)
    // Signed: released.
    expect(portico.getState().connections.eip155?.held).toBeUndefined()
    await portico.destroy()

    // Reload: the same browser storage and wallet; the stored session is re-verified, no prompt.
    const second = setup({ storage: first.storage, wstorage: first.wstorage })
    await second.portico.ready()
    await waitFor(() => second.store.isSigned('eip155:31337', alice.address), 'the stored session to verify')
    // The check that found the session is over (a prompt comes only from a check).
    expect(second.store.status).toBe('idle')
    expect(second.portico.getState().open).toBe(false)
    expect(second.page.signed).toHaveLength(0)
    expect(second.portico.getState().connections.eip155?.held).toBeUndefined()

    // Another network: a prompt for that network.
    await second.portico.switchNetwork(devnetB)
    await waitFor(second.prompted, 'the sign view on devnet B')
    expect(second.store.target?.caipNetworkId).toBe('eip155:31338')
    expect(new SiweMessage(second.store.message as string).chainId).toBe(31338)
    expect(second.portico.requestClose()).toBe(false)

    // Cancel: back to the signed network, still connected, no new prompt.
    await second.store.cancel()
    expect(second.portico.getState()).toMatchObject({ open: false, activeNetworkId: 'eip155:31337' })
    expect(second.page.wallet.control.getState().chainId).toBe(31337)
    expect(second.portico.getAccount().status).toBe('connected')
    // Only the check the switch back sets off releases the hold, once it found the signed session, and
    // in the same synchronous step it closes any sign view: seen released, that check is over. A check
    // queued behind it (a late wallet event) starts in a microtask, so one turn of the event loop lets
    // it run; on a signed network it can only release, never prompt.
    await waitFor(() => !second.portico.stores.connections.isHeld('eip155'), 'the signed network to be released again')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(second.portico.getState().open).toBe(false)
    expect(second.events.map((e) => e.event)).toContain('CLICK_CANCEL_SIWX')

    // Disconnect signs out (sessions cleared); connecting again prompts; cancel with no signed network disconnects.
    await second.portico.disconnect()
    expect(second.storage.data.has(sessionsKey)).toBe(false)
    await second.portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(second.prompted, 'the sign view after reconnecting')
    expect(second.portico.stores.connections.isHeld('eip155')).toBe(true)
    await second.store.cancel()
    expect(second.portico.getAccount().status).toBe('disconnected')
    // Disconnecting ends the hold.
    expect(second.portico.stores.connections.isHeld('eip155')).toBe(false)
    expect(second.portico.getState().open).toBe(false)
    await second.portico.destroy()
  })

  it('a refusal in the wallet: "Error signing message", the view stays with a fresh message, then signing works', async () => {
    const { portico, store, page, events, prompted } = setup()
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(prompted, 'the sign view')
    const firstNonce = store.data?.nonce
    page.wallet.control.setMode('reject')
    await expect(portico.signIn()).rejects.toBeInstanceOf(SiwxSignInError)
    expect(store.error).toBe('siwx.error')
    // Shown once: inline in the reopened view, not also as a toast (issue 14).
    expect(portico.stores.toasts.open && portico.stores.toasts.variant === 'error').toBe(false)
    expect(events.map((e) => e.event)).toContain('SIWX_AUTH_ERROR')
    expect(portico.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
    await waitFor(() => store.status === 'ready' && Boolean(store.message), 'a fresh message')
    expect(store.data?.nonce).not.toBe(firstNonce)
    expect(store.closeRefused).toBe(false)
    expect(portico.requestClose()).toBe(false)
    // The view says why Esc did nothing.
    expect(store.closeRefused).toBe(true)
    page.wallet.control.setMode('approve')
    await portico.signIn()
    expect(portico.getState().open).toBe(false)
    // The success clears the error and confirms with "Signed in".
    expect(store.error).toBeUndefined()
    expect(store.closeRefused).toBe(false)
    expect(portico.stores.toasts).toMatchObject({ open: true, variant: 'success', message: 'siwx.signedIn' })
    await portico.destroy()
  })

  it('a Sign the kernel stops before the flow runs (the active network has no connected account) is shown in the view, not swallowed', async () => {
    // Issue 49 (the Keplr persona whose Sign asked the wallet nothing): the view's Sign catches the
    // rejection to stay quiet, so an error from before the flow reached no one.
    const solanaWallet = newWallet({ accounts: ['So1ana1111111111111111111111111111111111111'], chain: 'solana:localnet', knownChains: ['solana:localnet'] })
    const { portico, store, page, events, prompted } = setup({ also: { networks: [solanaNet], plugins: [testChain('solana', solanaWallet)] } })
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(prompted, 'the sign view')
    // The active network moves to a namespace with nothing connected while the sign view shows.
    runInAction(() => portico.stores.networks.setActive(solanaNet))
    expect(portico.stores.networks.activeNamespace).toBe('solana')
    const asked = page.signed.length
    const rejection = await store.signIn().catch((error: unknown) => error)
    expect(rejection).toBeInstanceOf(SiwxSignInError)
    expect((rejection as SiwxSignInError).cause).toBeInstanceOf(NotConnectedError)
    // The view's status line says it ("Error signing message"), and the error is reported.
    expect(store).toMatchObject({ status: 'error', error: 'siwx.error' })
    expect(events.filter((e) => e.type === 'error').at(-1)?.properties).toMatchObject({ code: 'SIWX_SIGN_IN_FAILED', action: 'signIn' })
    // The wallet was asked nothing.
    expect(page.signed.length).toBe(asked)
    await portico.destroy()
  })

  it('without `required`: cancel just closes, Esc closes, the wallet stays connected', async () => {
    const { portico, store, prompted } = setup({ options: { required: false } })
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(prompted, 'the sign view')
    // Not required: the connection is the visitor's at once, never held.
    expect(portico.getState().connections.eip155?.held).toBeUndefined()
    await store.cancel()
    expect(portico.getState().open).toBe(false)
    expect(portico.getAccount().status).toBe('connected')
    await portico.open({ view: 'SIWXSignMessage' })
    expect(portico.requestClose()).toBe(true)
    await portico.destroy()
  })

  it('options: getNonce, statement, resources and expiration shape the message; signOutOnDisconnect false keeps sessions', async () => {
    let asked: unknown
    const { portico, store, storage, prompted } = setup({
      options: {
        getNonce: async (request) => {
          asked = request
          return 'FromMyBackend0001'
        },
        statement: 'Welcome to the demo.',
        resources: ['https://example.com/terms'],
        expiration: 3_600_000,
        signOutOnDisconnect: false,
      },
    })
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(prompted, 'the sign view')
    expect(asked).toEqual({ caipNetworkId: 'eip155:31337', address: alice.address })
    const message = new SiweMessage(store.message as string)
    expect(message).toMatchObject({ nonce: 'FromMyBackend0001', statement: 'Welcome to the demo.', resources: ['https://example.com/terms'] })
    expect(Date.parse(message.expirationTime as string) - Date.parse(message.issuedAt as string)).toBe(3_600_000)
    await portico.signIn()
    await portico.disconnect()
    expect(JSON.parse(storage.data.get(sessionsKey) as string)).toHaveLength(1)
    await portico.destroy()
  })
})

describe('siwx: stored sessions are re-verified, never trusted', () => {
  async function storedSession(overrides: { signer?: ReturnType<typeof privateKeyToAccount>; expirationTime?: string; domain?: string } = {}): Promise<SiwxSession> {
    const data = {
      domain: overrides.domain ?? domain,
      accountAddress: alice.address,
      chainId: 'eip155:31337' as const,
      uri,
      version: '1' as const,
      nonce: 'StoredNonce00001',
      issuedAt: new Date(Date.now() - 60_000).toISOString(),
      ...(overrides.expirationTime ? { expirationTime: overrides.expirationTime } : {}),
    }
    const message = createSiwxMessage({ data, label: 'Ethereum' })
    return { data, message, signature: await (overrides.signer ?? alice).signMessage({ message }) }
  }

  it('a genuine stored session: no prompt', async () => {
    const storage = memoryStorage({ [sessionsKey]: JSON.stringify([await storedSession()]) })
    const { portico, store } = setup({ storage })
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(() => store.isSigned('eip155:31337', alice.address), 'the session to verify')
    expect(store.status).toBe('idle')
    expect(portico.getState().open).toBe(false)
    await portico.destroy()
  })

  it('forged (another key signed), expired, other-domain and corrupted entries: prompt, and they are dropped', async () => {
    const mallory = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const cases = [
      JSON.stringify([await storedSession({ signer: mallory })]),
      JSON.stringify([await storedSession({ expirationTime: new Date(Date.now() - 1_000).toISOString() })]),
      JSON.stringify([await storedSession({ domain: 'evil.example' })]),
      JSON.stringify([{ data: { chainId: 'eip155:31337' }, message: 1 }]),
      '{not json',
      JSON.stringify({ __proto__: { polluted: true } }),
    ]
    for (const value of cases) {
      const storage = memoryStorage({ [sessionsKey]: value })
      const { portico, store, prompted } = setup({ storage })
      await portico.connect({ connectorId: 'dev.portico.wallet' })
      await waitFor(prompted, `the sign view for ${value.slice(0, 60)}`)
      expect(store.isSigned('eip155:31337', alice.address)).toBe(false)
      expect(storage.data.has(sessionsKey), value.slice(0, 60)).toBe(false)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      await portico.destroy()
    }
  })
})

describe('siwx: where no prompt belongs', () => {
  it('no verifier for the namespace: no prompt, and signIn() says why', async () => {
    // eip155's is built into siwx(); a chain plugin of another namespace that registers none.
    const wallet = newWallet({ accounts: ['So1ana1111111111111111111111111111111111111'], chain: 'solana:localnet', knownChains: ['solana:localnet'] })
    const { portico } = createTestPortico({ networks: [solanaNet], plugins: [testChain('solana', wallet), siwx({ domain, uri })] })
    expect(portico.signInVerifiers.has('solana')).toBe(false)
    await portico.connect({ connectorId: 'solana.wallet' })
    // The check runs on a microtask after connect and, with no verifier, returns before any await: a turn of the event loop sees it done.
    await new Promise((resolve) => setImmediate(resolve))
    expect(portico.getState().open).toBe(false)
    await expect(portico.signIn()).rejects.toThrow(/Error signing message/)
    await portico.destroy()
  })

  it('an account change prompts for the new account; a network the site does not configure does not', async () => {
    const wallet = newWallet({ knownChains: ['eip155:1', 'eip155:2'] })
    const verifier = testVerifier()
    const { portico } = createTestPortico({ plugins: [testChain('eip155', wallet), verifier, siwx({ domain, uri })] })
    const store = portico.getStore<SiwxStore>('siwx') as SiwxStore
    const prompted = () => portico.stores.modal.open && portico.stores.router.view === 'SIWXSignMessage' && store.status === 'ready'
    await portico.connect({ connectorId: 'eip155.wallet' })
    await waitFor(prompted, 'the first prompt')
    await portico.signIn()
    expect(portico.getState().open).toBe(false)
    portico.reportAccountsChanged('eip155', [addressB])
    await waitFor(prompted, 'a prompt for the new account')
    expect(store.target?.address).toBe(addressB)
    expect(new SiweMessage(store.message as string).address).toBe(addressB)
    await portico.signIn()
    portico.reportChainChanged('eip155', 'eip155:999')
    await waitFor(() => portico.getState().view === 'UnsupportedChain', `the unsupported-chain view (shown: ${portico.getState().view})`)
    await portico.destroy()
  })
})

describe('siwx: the seam for WalletConnect one-click sign-in (wc_sessionAuthenticate)', () => {
  it('authenticateParameters gives the request fields; a CACAO-signed message added with addSession means no prompt', async () => {
    const { portico, store, storage } = setup({ options: { statement: 'Sign in to the demo.' } })
    const parameters = await store.authenticateParameters(['eip155:31337', 'eip155:31338'])
    expect(parameters).toMatchObject({ domain, uri, statement: 'Sign in to the demo.', chains: ['eip155:31337', 'eip155:31338'] })
    expect(parameters.nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    // What a WalletConnect wallet signs for the request (the sign-client's own formatter).
    const payload = { type: 'caip122', domain: parameters.domain, aud: parameters.uri, version: '1', nonce: parameters.nonce, iat: parameters.issuedAt, statement: parameters.statement, chainId: 'eip155:31337' }
    const iss = `did:pkh:eip155:31337:${alice.address}`
    const message = formatMessage(payload as never, iss)
    const signature = await alice.signMessage({ message })
    await expect(store.addSession({ message, signature: await devAccount(1).signMessage({ message }) })).rejects.toBeInstanceOf(SiwxInvalidSignatureError)
    await store.addSession({ message, signature, cacao: { h: { t: 'caip122' }, p: { ...payload, iss }, s: { t: 'eip191', s: signature } } })
    expect(store.isSigned('eip155:31337', alice.address)).toBe(true)
    expect(JSON.parse(storage.data.get(sessionsKey) as string)[0]).toMatchObject({ data: { chainId: 'eip155:31337', accountAddress: alice.address, nonce: parameters.nonce } })
    await afterCheck(store, () => portico.connect({ connectorId: 'dev.portico.wallet' }))
    expect(portico.getState().open).toBe(false)
    await portico.destroy()
  })
})

describe('siwx: a chain that cannot be asked loses nothing', () => {
  it('verification failing for want of an RPC prompts, but keeps the stored session for later', async () => {
    let rpcDown = false
    // Verifies through an RPC that may be down.
    const verifier = testVerifier(() => {
      if (rpcDown) throw new Error('fetch failed: ECONNREFUSED 127.0.0.1:9')
    })
    const storage = memoryStorage()
    const start = () => {
      const made = createTestPortico({ storage, plugins: [testChain('eip155', newWallet()), verifier, siwx({ domain, uri })] })
      const store = made.portico.getStore<SiwxStore>('siwx') as SiwxStore
      const prompted = () => made.portico.stores.modal.open && made.portico.stores.router.view === 'SIWXSignMessage' && store.status === 'ready'
      return { ...made, store, prompted }
    }
    const first = start()
    await first.portico.connect({ connectorId: 'eip155.wallet' })
    await waitFor(first.prompted, 'the first prompt')
    await first.portico.signIn()
    await first.portico.destroy()

    rpcDown = true
    const second = start()
    await second.portico.ready()
    await waitFor(second.prompted, 'a prompt while the chain cannot be asked')
    expect(JSON.parse(storage.data.get(sessionsKey) as string)).toHaveLength(1)
    await second.portico.destroy()

    rpcDown = false
    const third = start()
    await third.portico.ready()
    await waitFor(() => third.store.isSigned('eip155:1', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'), 'the kept session to verify')
    expect(third.store.status).toBe('idle')
    expect(third.portico.getState().open).toBe(false)
    await third.portico.destroy()
  })
})
