import '../../helpers/eip155Loaded.js'
import '../../helpers/siwxLoaded.js'
import { SiweMessage } from 'siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { createSiwxServerStore, siwx, type SiwxStore } from '../../../plugins/siwx/index.js'
import { createSiwxMessage } from '../../../plugins/siwx/utils/index.js'
import { createSiwxServer } from '../../../plugins/siwx/server/index.js'
import { registerSiwxRoutes } from '../../../sandbox/siwx/registerSiwxRoutes.js'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startTestServer, type TestServer } from '../../server/helpers/startTestServer.js'
import { walletStorage } from '../eip155/helpers/setupDevWallet.js'
import { recordingPage, waitFor } from './helpers/recordingPage.js'

// The real Portico server with the sandbox's /siwx routes (sandbox/siwx), talked to by the
// client plugin's backend store, as the demo site does.
const domain = 'site.test'
const uri = 'https://site.test/'
const alice = devAccount(0)
const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
let anvil: Anvil
let server: TestServer
let devnet: ReturnType<typeof defineNetwork>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  devnet = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvil.rpcUrl] })
  const helper = createSiwxServer({ domain, uri, chains: { 'eip155:31337': { rpcUrl: anvil.rpcUrl } } })
  server = await startTestServer({ extend: registerSiwxRoutes({ url: 'http://127.0.0.1:1', chains: [], server: helper }) })
})
afterAll(async () => {
  await server?.dispose()
  await anvil?.stop()
})

/** A browser's cookie jar for one site, around Node's fetch. */
function browserFetch() {
  let cookie = ''
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(input, { ...init, headers })
    const set = response.headers.get('set-cookie')
    if (set) {
      const pair = set.split(';')[0] as string
      cookie = /Max-Age=0/.test(set) ? '' : pair
    }
    return response
  }
  return { fetch: fetcher as typeof fetch, cookie: () => cookie }
}

describe('sandbox /siwx routes', () => {
  it('nonce → verify → session check → sign out; refusals are 401 with the reason; bad bodies 400', async () => {
    const browser = browserFetch()
    const base = `${server.url}/siwx`
    const { nonce } = (await (await browser.fetch(`${base}/nonce`)).json()) as { nonce: string }
    const message = createSiwxMessage({ label: 'Ethereum', data: { domain, accountAddress: alice.address, chainId: 'eip155:31337', uri, version: '1', nonce, issuedAt: new Date().toISOString() } })
    const post = (body: unknown) => browser.fetch(`${base}/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

    const forged = await post({ message, signature: await devAccount(1).signMessage({ message }) })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({ error: { code: 'INVALID_SIGNATURE', message: 'The signature is not valid' } })
    expect((await post({ message: 1 })).status).toBe(400)
    expect(browser.cookie()).toBe('')

    const ok = await post({ message, signature: await alice.signMessage({ message }) })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('set-cookie')).toMatch(/^portico_siwx=[A-Za-z0-9_-]{43}; Path=\/siwx; HttpOnly; SameSite=Strict; Max-Age=86400$/)
    const replay = await post({ message, signature: await alice.signMessage({ message }) })
    expect(await replay.json()).toMatchObject({ error: { code: 'NONCE_REUSED' } })

    const check = (await (await browser.fetch(`${base}/sessions?chainId=eip155:31337&address=${alice.address}`)).json()) as { signedIn: boolean; sessions: { data: { nonce: string } }[] }
    expect(check.signedIn).toBe(true)
    expect(check.sessions[0]?.data.nonce).toBe(nonce)
    // Another browser (no cookie) is not signed in.
    expect(await (await fetch(`${base}/sessions`)).json()).toEqual({ signedIn: false, sessions: [] })
    // A forged cookie is ignored.
    expect(await (await fetch(`${base}/sessions`, { headers: { cookie: 'portico_siwx=../../etc; other=1' } })).json()).toEqual({ signedIn: false, sessions: [] })

    expect((await browser.fetch(`${base}/sessions`, { method: 'DELETE' })).status).toBe(204)
    expect(await (await browser.fetch(`${base}/sessions`)).json()).toMatchObject({ signedIn: false })
  })
})

describe('sandbox /siwx routes as registerSandboxPages mounts them (domain from the sandbox URL)', () => {
  it('accepts 127.0.0.1:<port> and localhost:<port> messages on the EVM devnets; refuses other hosts and chains', async () => {
    const sandboxLike = await startTestServer({
      extend: registerSiwxRoutes({
        url: 'http://127.0.0.1:4700',
        chains: [
          { caipNetworkId: 'eip155:31337', nodeUrl: anvil.rpcUrl },
          { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', nodeUrl: 'http://127.0.0.1:9' },
        ],
      }),
    })
    try {
      const attempt = async (host: string, chainId: `${string}:${string}` = 'eip155:31337') => {
        const { nonce } = (await (await fetch(`${sandboxLike.url}/siwx/nonce`)).json()) as { nonce: string }
        const message = createSiwxMessage({ label: 'Ethereum', data: { domain: host, accountAddress: alice.address, chainId, uri: `http://${host}/`, version: '1', nonce, issuedAt: new Date().toISOString() } })
        const response = await sandboxLike.post('/siwx/verify', { message, signature: await alice.signMessage({ message }) })
        return response.status === 200 ? 'ok' : (response.body as { error: { code: string } }).error.code
      }
      expect(await attempt('127.0.0.1:4700')).toBe('ok')
      expect(await attempt('localhost:4700')).toBe('ok')
      expect(await attempt('127.0.0.1:4701')).toBe('DOMAIN_MISMATCH')
      expect(await attempt('127.0.0.1:4700', 'eip155:31338')).toBe('CHAIN_NOT_CONFIGURED')
    } finally {
      await sandboxLike.dispose()
    }
  })
})

describe('siwx with a backend session store (createSiwxServerStore)', () => {
  function setup(browser: ReturnType<typeof browserFetch>, wstorage = walletStorage(), storage = memoryStorage()) {
    const page = recordingPage({ chains: [{ chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: currency }], storage: wstorage })
    const backend = createSiwxServerStore({ baseUrl: `${server.url}/siwx`, fetch: browser.fetch })
    const portico = createPorticoKernel({
      projectId: 'test',
      networks: [devnet],
      plugins: [eip155({}, { window: page.target }), siwx({ domain, uri, sessionStore: backend, getNonce: backend.getNonce })],
      storage,
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    const store = portico.getStore<SiwxStore>('siwx') as SiwxStore
    const prompted = () => portico.stores.modal.open && portico.stores.router.view === 'SIWXSignMessage' && store.status === 'ready'
    return { portico, store, page, storage, wstorage, prompted }
  }

  it('signs in against the server, survives a reload without a prompt (nothing in browser storage), signs out on disconnect', async () => {
    const browser = browserFetch()
    const first = setup(browser)
    await first.portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(first.prompted, 'the sign view')
    await first.portico.signIn()
    expect(new SiweMessage(first.page.signed[0] as string).domain).toBe(domain)
    expect(first.portico.getState().open).toBe(false)
    expect([...first.storage.data.keys()].some((k) => k.includes('siwx'))).toBe(false)
    expect(await (await browser.fetch(`${server.url}/siwx/sessions`)).json()).toMatchObject({ signedIn: true })
    await first.portico.destroy()

    const second = setup(browser, first.wstorage, first.storage)
    await second.portico.ready()
    await waitFor(() => second.store.isSigned('eip155:31337', alice.address), 'the server session')
    // The check that found the session is over (a prompt comes only from a check).
    expect(second.store.status).toBe('idle')
    expect(second.portico.getState().open).toBe(false)

    await second.portico.disconnect()
    await expect.poll(async () => (await (await browser.fetch(`${server.url}/siwx/sessions`)).json()) as unknown).toMatchObject({ signedIn: false })
    await second.portico.destroy()
  })

  it('a backend that cannot be reached: "A problem occurred while trying initialize authentication" and the wallet is disconnected', async () => {
    const page = recordingPage({ chains: [{ chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: currency }] })
    const backend = createSiwxServerStore({ baseUrl: 'http://127.0.0.1:9/siwx' })
    const portico = createPorticoKernel({
      projectId: 'test',
      networks: [devnet],
      plugins: [eip155({}, { window: page.target }), siwx({ domain, uri, sessionStore: backend, getNonce: backend.getNonce })],
      storage: memoryStorage(),
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await waitFor(() => portico.getAccount().status === 'disconnected', 'the disconnect')
    expect(portico.stores.toasts.message).toBe('siwx.errorInitializing')
    await portico.destroy()
  })
})
