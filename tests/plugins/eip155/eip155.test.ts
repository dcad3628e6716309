import '../../helpers/eip155Loaded.js'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConnectionRejectedError, createPorticoKernel, ProviderRpcError } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { isEvmAddress } from '../../../plugins/eip155/utils/isEvmAddress.js'
import { shouldAddChain } from '../../../plugins/eip155/utils/shouldAddChain.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { pageWithDevWallet, walletStorage } from './helpers/setupDevWallet.js'

const devAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let anvilA: Anvil
let anvilB: Anvil
let devnetA: ReturnType<typeof defineNetwork>
let devnetB: ReturnType<typeof defineNetwork>
const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvilA.rpcUrl], blockExplorer: { name: 'Local', url: 'https://explorer.example/' } })
  devnetB = defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [anvilB.rpcUrl] })
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

function setup(options: { storage?: ReturnType<typeof memoryStorage>; page?: ReturnType<typeof pageWithDevWallet>; enableReconnect?: boolean } = {}) {
  // The wallet knows only devnet A at first: switching to B needs wallet_addEthereumChain.
  const page = options.page ?? pageWithDevWallet({ chains: [{ chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency }] })
  const storage = options.storage ?? memoryStorage()
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [devnetA, devnetB],
    plugins: [eip155({}, { window: page.target })],
    storage,
    endpoints: { api: 'http://127.0.0.1:9' },
    ...(options.enableReconnect === false ? { enableReconnect: false } : {}),
  })
  return { portico, page, storage }
}

describe('eip155: discovery', () => {
  it('lists the dev wallet once although it is announced twice and is window.ethereum', async () => {
    const { portico, page } = setup()
    page.announceNow()
    const wallets = await portico.discoverWallets('eip155')
    expect(wallets.map((w) => `${w.name}:${w.type}:${w.id}`)).toEqual(['Portico Dev Wallet:ANNOUNCED:dev.portico.wallet'])
    expect(wallets[0]?.imageUrl).toMatch(/^data:image\/svg\+xml,/)
  })

  it('offers a plain window.ethereum that did not announce as "Browser Wallet"', async () => {
    const page = pageWithDevWallet({ chains: [{ chainId: 31337, name: 'A', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: currency }], announce: false })
    const { portico } = setup({ page })
    expect((await portico.discoverWallets('eip155')).map((w) => `${w.name}:${w.type}`)).toEqual(['Browser Wallet:INJECTED'])
  })

  it('sanitises hostile announcements and ignores broken ones', async () => {
    const { portico, page } = setup()
    const send = (detail: unknown) => page.target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    send({ info: { uuid: 'u1', name: '\u202eEvil\u0000<b>', icon: 'javascript:alert(1)', rdns: 'evil.example' }, provider: { request: async () => [] } })
    send({ info: { uuid: 'u2', name: 'No provider', icon: '', rdns: 'np.example' }, provider: {} })
    send({ info: null, provider: { request: async () => [] } })
    send('garbage')
    send({ info: { uuid: 'u3', name: '', rdns: 'empty.example' }, provider: { request: async () => [] } })
    const wallets = await portico.discoverWallets('eip155')
    const evil = wallets.find((w) => w.id === 'evil.example')
    expect(evil).toMatchObject({ name: 'Evil<b>', type: 'ANNOUNCED' })
    expect(evil?.imageUrl).toBeUndefined()
    expect(wallets.map((w) => w.id).sort()).toEqual(['dev.portico.wallet', 'evil.example'])
  })
})

describe('eip155: connecting', () => {
  it('connects, reads the native balance through viem, signs a message that verifies', async () => {
    const { portico } = setup()
    await portico.discoverWallets()
    const connection = await portico.connect({ connectorId: 'dev.portico.wallet' })
    expect(connection).toEqual({ status: 'connected', address: devAddress, caipAddress: `eip155:31337:${devAddress}`, connectorId: 'dev.portico.wallet' })
    const balance = await portico.fetchBalance()
    expect(balance?.symbol).toBe('ETH')
    expect(Number(balance?.balance)).toBeGreaterThan(9000)
    const signature = await portico.signMessage({ message: 'Hello from Portico ✓' })
    expect(await verifyMessage({ address: devAddress, message: 'Hello from Portico ✓', signature: signature as `0x${string}` })).toBe(true)
    expect(portico.explorers.addressUrl(devnetA, devAddress)).toBe(`https://explorer.example/address/${devAddress}`)
  })

  it('connecting with another network chosen asks the wallet to switch; declining keeps its chain', async () => {
    const { portico, page } = setup()
    await portico.switchNetwork(devnetB)
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    expect(page.wallet.control.getState().chainId).toBe(31338)
    expect(portico.getState()).toMatchObject({ activeNetworkId: 'eip155:31338', connections: { eip155: { caipAddress: `eip155:31338:${devAddress}` } } })

    // A wallet that approves the connection but declines every switch: the real dev wallet behind
    // a provider that refuses wallet_switchEthereumChain / wallet_addEthereumChain.
    const real = pageWithDevWallet({ chains: [{ chainId: 31337, name: 'A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency }], announce: false, injectAsEthereum: false })
    const declining = {
      request: (args: { method: string; params?: unknown }) =>
        args.method === 'wallet_switchEthereumChain' || args.method === 'wallet_addEthereumChain'
          ? Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
          : real.wallet.provider.request(args),
      on: real.wallet.provider.on.bind(real.wallet.provider),
      removeListener: real.wallet.provider.removeListener.bind(real.wallet.provider),
    }
    real.target.addEventListener('eip6963:requestProvider', () =>
      real.target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u-decline', name: 'Declining Wallet', icon: '', rdns: 'dev.portico.decline' }, provider: declining } })),
    )
    const other = setup({ page: real })
    await other.portico.switchNetwork(devnetB)
    await other.portico.connect({ connectorId: 'dev.portico.decline' })
    expect(other.portico.getState()).toMatchObject({ activeNetworkId: 'eip155:31337', connections: { eip155: { status: 'connected', caipAddress: `eip155:31337:${devAddress}` } } })
  })

  it('a rejection is "Connection rejected" and a retry works', async () => {
    const { portico, page } = setup()
    page.wallet.control.setMode('reject')
    await expect(portico.connect({ connectorId: 'dev.portico.wallet' })).rejects.toBeInstanceOf(ConnectionRejectedError)
    expect(portico.getAccount().status).toBe('disconnected')
    page.wallet.control.setMode('approve')
    await expect(portico.connect({ connectorId: 'dev.portico.wallet' })).resolves.toMatchObject({ status: 'connected' })
  })

  it('switching to a chain the wallet does not know adds it, then switches (4902 fallback)', async () => {
    const { portico, page } = setup()
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await portico.switchNetwork(devnetB)
    expect(page.wallet.control.getState().chainId).toBe(31338)
    expect(page.wallet.control.activity().map((a) => a.method)).toEqual(expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain']))
    expect(portico.getState()).toMatchObject({ activeNetworkId: 'eip155:31338', connections: { eip155: { caipAddress: `eip155:31338:${devAddress}` } } })
    const balance = await portico.fetchBalance()
    expect(Number(balance?.balance)).toBeGreaterThan(9000)
  })

  it('a rejected switch keeps the network and reports 4001', async () => {
    const { portico, page } = setup()
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    page.wallet.control.setMode('reject')
    const error = await portico.switchNetwork(devnetB).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4001)
    expect(portico.getState().activeNetworkId).toBe('eip155:31337')
  })

  it("follows the wallet's own chain and account events and its disconnect", async () => {
    const page = pageWithDevWallet({ chains: [
      { chainId: 31337, name: 'A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency },
      { chainId: 31338, name: 'B', rpcUrl: anvilB.rpcUrl, nativeCurrency: currency },
    ] })
    const { portico } = setup({ page })
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    await page.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(portico.getState().activeNetworkId).toBe('eip155:31338')
    await page.wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1', chainName: 'Elsewhere', nativeCurrency: currency, rpcUrls: ['http://127.0.0.1:9'] }] })
    await page.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    await vi.waitFor(() => expect(portico.getState()).toMatchObject({ open: true, view: 'UnsupportedChain' }))
    page.wallet.control.disconnect()
    await vi.waitFor(() => expect(portico.getAccount().status).toBe('disconnected'))
  })

  it('sends ETH through the wallet and the balance on anvil changes by exactly the amount', async () => {
    const { portico } = setup()
    await portico.connect({ connectorId: 'dev.portico.wallet' })
    const to = '0x000000000000000000000000000000000000dEaD'
    const client = createPublicClient({ transport: http(anvilA.rpcUrl) })
    const before = await client.getBalance({ address: to })
    const hash = await portico.send({ to, amount: '0.5' })
    await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther('0.5'))
  })
})

describe('eip155: reconnect on load', () => {
  /** Connects once, then "reloads": a new page and Portico sharing the site's and the wallet's storage. */
  async function connectThenReload({ forget = false, announce = true } = {}) {
    const storage = memoryStorage()
    const wstorage = walletStorage()
    const chains = [{ chainId: 31337, name: 'A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency }]
    const first = setup({ storage, page: pageWithDevWallet({ chains, storage: wstorage }) })
    await first.portico.connect({ connectorId: 'dev.portico.wallet' })
    if (forget) first.page.wallet.control.disconnect()
    await first.portico.destroy()
    const page = pageWithDevWallet({ chains, storage: wstorage, announce, injectAsEthereum: announce })
    return { ...setup({ storage, page }), page }
  }

  it('a reload restores the connection without a prompt, connecting in between', async () => {
    const { portico, page } = await connectThenReload()
    expect(portico.getAccount().status).toBe('connecting')
    await portico.ready()
    expect(portico.getAccount()).toMatchObject({ status: 'connected', address: devAddress })
    expect(page.wallet.control.activity().map((a) => a.method)).not.toContain('eth_requestAccounts')
  })

  it('a wallet that announces itself late is still restored', async () => {
    const { portico, page } = await connectThenReload({ announce: false })
    setTimeout(() => page.announceNow(), 200)
    await portico.ready()
    expect(portico.getAccount().status).toBe('connected')
  })

  it('a wallet that forgot the site leaves the visitor disconnected', async () => {
    const { portico } = await connectThenReload({ forget: true })
    await portico.ready()
    expect(portico.getAccount().status).toBe('disconnected')
  })
})

describe('eip155: rules', () => {
  it('add-chain fallback codes: 4902, nested 4902, 5000, -32603 and 32603; not 4001', () => {
    for (const error of [{ code: 4902 }, { code: 5000 }, { code: -32603 }, { code: 32603 }, { code: -1, data: { originalError: { code: 4902 } } }]) {
      expect(shouldAddChain(error), JSON.stringify(error)).toBe(true)
    }
    for (const error of [{ code: 4001 }, { code: 4100 }, new Error('x'), null, undefined, 'x']) expect(shouldAddChain(error)).toBe(false)
  })

  it('addresses: 40 hex digits with optional 0x; a broken checksum is invalid', () => {
    expect(isEvmAddress(devAddress)).toBe(true)
    expect(isEvmAddress(devAddress.toLowerCase())).toBe(true)
    expect(isEvmAddress(devAddress.slice(2))).toBe(true)
    expect(isEvmAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    for (const bad of ['', '0x', '0x123', `${devAddress}00`, 'zz'.repeat(20), `0x${'g'.repeat(40)}`, 'x'.repeat(10_000)]) expect(isEvmAddress(bad)).toBe(false)
  })

  it('passes the chain-plugin conformance checks', async () => {
    const report = await checkPlugin({ plugin: eip155({}, { window: null }), networks: [devnetA] })
    expect(report.issues).toEqual([])
    expect(report.ok).toBe(true)
  })

  it('rejects unknown options with the schema', () => {
    expect(() => createPorticoKernel({ networks: [devnetA], plugins: [eip155({ enableEIP6963: 'yes' } as never, { window: null })], storage: null })).toThrow('Invalid options for plugin "eip155"')
  })
})
