import '../../helpers/eip155Loaded.js'
import '../../helpers/solanaLoaded.js'
import {
  connect,
  createConfig,
  disconnect,
  getBalance,
  getConnection,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
  type Config,
} from '@wagmi/core'
import { createPublicClient, defineChain, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../plugins/solana/index.js'
import { createDevWalletProvider } from '../../../sandbox/devWallet/createDevWalletProvider.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { Eip155PluginMissingError, InvalidPorticoInstanceError, portico as porticoConnector, UnknownPorticoChainError } from '../../../integrations/wagmi/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { pageWithDevWallet } from '../../plugins/eip155/helpers/setupDevWallet.js'

const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
let anvilA: Anvil
let anvilB: Anvil

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

const chainA = () => defineChain({ id: 31337, name: 'Portico Devnet A', nativeCurrency: currency, rpcUrls: { default: { http: [anvilA.rpcUrl] } } })
const chainB = () => defineChain({ id: 31338, name: 'Portico Devnet B', nativeCurrency: currency, rpcUrls: { default: { http: [anvilB.rpcUrl] } } })

/** A page with the real dev wallet (account 0) and a second dev wallet (account 1) that announces itself as another extension. */
function setup() {
  const walletChains = [
    { chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency },
    { chainId: 31338, name: 'Portico Devnet B', rpcUrl: anvilB.rpcUrl, nativeCurrency: currency },
  ]
  const page = pageWithDevWallet({ chains: walletChains })
  const second = createDevWalletProvider({ account: devAccount(1), chains: walletChains })
  const secondInfo = Object.freeze({ uuid: '7d1a1b0e-0000-4000-8000-000000000002', name: 'Second Dev Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'dev.portico.second' })
  page.target.addEventListener('eip6963:requestProvider', () => page.target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: secondInfo, provider: second.provider }) })))
  const instance = createPorticoKernel({
    projectId: 'test',
    networks: [defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvilA.rpcUrl] }), defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [anvilB.rpcUrl] })],
    plugins: [eip155({ safe: false }, { window: page.target })],
    storage: memoryStorage(),
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  const config = wagmiConfig(instance)
  return { instance, config, page }
}

function wagmiConfig(instance: Portico, extraChains: ReturnType<typeof defineChain>[] = []): Config {
  const chains = [chainA(), chainB(), ...extraChains] as const
  return createConfig({
    chains: chains as never,
    connectors: [porticoConnector(instance)],
    transports: Object.fromEntries(chains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])) as never,
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
}

/** Plays the visitor in Portico's modal: waits for it to open, then picks a wallet, as the Connect view does. */
async function pickInModal(instance: Portico, connectorId: string) {
  await waitUntil(() => instance.stores.modal.open)
  await instance.discoverWallets('eip155')
  await instance.connect({ namespace: 'eip155', connectorId })
  instance.close()
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000) {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('portico/wagmi: a wagmi config on a Portico instance', () => {
  it('connects through the modal, signs, sends, switches chain, reads balances, and follows the modal', async () => {
    const { instance, config } = setup()
    const [connector] = config.connectors
    expect(connector).toMatchObject({ id: 'portico', name: 'Portico', type: 'portico' })
    const seen: string[] = []
    const unwatch = watchConnection(config, { onChange: (c) => seen.push(`${c.status}${c.address ? `:${c.address}` : ''}${c.chainId && c.status === 'connected' ? `@${c.chainId}` : ''}`) })

    const [connected] = await Promise.all([connect(config, { connector: connector! }), pickInModal(instance, 'dev.portico.wallet')])
    expect(connected).toEqual({ accounts: [devAddresses[0]], chainId: 31337 })
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: devAddresses[0], chainId: 31337 })

    const signature = await signMessage(config, { message: 'hello from wagmi' })
    expect(await verifyMessage({ address: devAddresses[0]!, message: 'hello from wagmi', signature })).toBe(true)

    const to = devAddresses[5]!
    const before = await getBalance(config, { address: to, chainId: 31337 })
    const hash = await sendTransaction(config, { to, value: parseEther('1.25') })
    const receipt = await waitForTransactionReceipt(config, { hash, chainId: 31337 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(devAddresses[0]!.toLowerCase())
    const after = await createPublicClient({ transport: http(anvilA.rpcUrl) }).getBalance({ address: to })
    expect(after - before.value).toBe(parseEther('1.25'))

    const chain = await switchChain(config, { chainId: 31338 })
    expect(chain.id).toBe(31338)
    expect(getConnection(config).chainId).toBe(31338)
    // The modal's state moved with it.
    expect(instance.stores.connections.get('eip155').caipNetworkId).toBe('eip155:31338')
    expect(instance.getState().activeNetworkId).toBe('eip155:31338')
    const onB = await getBalance(config, { address: devAddresses[0]! })
    expect(onB.value).toBeGreaterThan(parseEther('9000'))

    // The modal switches to another wallet (another account): wagmi follows.
    await instance.connect({ namespace: 'eip155', connectorId: 'dev.portico.second' })
    await waitUntil(() => getConnection(config).address === devAddresses[1])
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: devAddresses[1] })
    const secondSignature = await signMessage(config, { message: 'second' })
    expect(await verifyMessage({ address: devAddresses[1]!, message: 'second', signature: secondSignature })).toBe(true)

    // The modal disconnects: wagmi is disconnected.
    await instance.disconnect('eip155')
    await waitUntil(() => getConnection(config).status === 'disconnected')
    unwatch()
    expect(seen[0]).toBe('connecting')
    expect(seen).toContain(`connected:${devAddresses[0]}@31337`)
    expect(seen).toContain(`connected:${devAddresses[0]}@31338`)
    expect(seen.some((s) => s.startsWith(`connected:${devAddresses[1]}`))).toBe(true)
    expect(seen.at(-1)).toBe('disconnected')
  })

  it("wagmi's disconnect ends Portico's connection, and a wallet connected in the modal alone shows up in wagmi", async () => {
    const { instance, config } = setup()
    // Connected in the modal, with no wagmi connect call at all.
    await instance.discoverWallets('eip155')
    await instance.connect({ namespace: 'eip155', connectorId: 'dev.portico.wallet' })
    await waitUntil(() => getConnection(config).status === 'connected')
    expect(getConnection(config)).toMatchObject({ address: devAddresses[0], chainId: 31337, connector: { id: 'portico' } })

    await disconnect(config)
    expect(getConnection(config).status).toBe('disconnected')
    expect(instance.getAccount('eip155')).toMatchObject({ status: 'disconnected', isConnected: false })
  })

  it('a config made after Portico connected reconnects at once, without the modal', async () => {
    const { instance } = setup()
    await instance.discoverWallets('eip155')
    await instance.connect({ namespace: 'eip155', connectorId: 'dev.portico.wallet' })
    const later = wagmiConfig(instance)
    const restored = await reconnect(later)
    expect(restored.map((c) => [c.accounts, c.chainId])).toEqual([[[devAddresses[0]], 31337]])
    expect(instance.stores.modal.open).toBe(false)
    expect(getConnection(later).status).toBe('connected')
  })

  it('with nothing to restore, wagmi reconnect finds nothing and never opens the modal', async () => {
    const { instance, config } = setup()
    expect(await reconnect(config)).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
    expect(instance.stores.modal.open).toBe(false)
    await expect(config.connectors[0]!.connect({ isReconnecting: true })).rejects.toMatchObject({ name: 'ConnectorNotConnectedError' })
  })

  it('connect with a chainId moves the wallet there, and withCapabilities gives the capabilities shape', async () => {
    const { instance, config } = setup()
    const [result] = await Promise.all([
      config.connectors[0]!.connect({ chainId: 31338, withCapabilities: true }),
      pickInModal(instance, 'dev.portico.wallet'),
    ])
    expect(result.chainId).toBe(31338)
    expect(result.accounts).toEqual([{ address: devAddresses[0], capabilities: expect.any(Object) }])
    expect(instance.stores.connections.get('eip155').caipNetworkId).toBe('eip155:31338')
  })
})

describe('portico/wagmi: bad input', () => {
  it('closing the modal without connecting rejects with UserRejectedRequestError', async () => {
    const { instance, config } = setup()
    const attempt = connect(config, { connector: config.connectors[0]! })
    await waitUntil(() => instance.stores.modal.open)
    instance.close()
    await expect(attempt).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('the wallet saying no to a send is a UserRejectedRequestError, and nothing is sent', async () => {
    const { instance, config, page } = setup()
    await Promise.all([connect(config, { connector: config.connectors[0]! }), pickInModal(instance, 'dev.portico.wallet')])
    page.wallet.control.setMode('reject')
    const nonce = await createPublicClient({ transport: http(anvilA.rpcUrl) }).getTransactionCount({ address: devAddresses[0]! })
    await expect(sendTransaction(config, { to: devAddresses[6]!, value: 1n })).rejects.toMatchObject({ name: 'TransactionExecutionError', cause: { name: 'UserRejectedRequestError' } })
    expect(await createPublicClient({ transport: http(anvilA.rpcUrl) }).getTransactionCount({ address: devAddresses[0]! })).toBe(nonce)
  })

  it('a Portico instance without the eip155 plugin, or no instance, is a typed error', () => {
    const solanaOnly = createPorticoKernel({ projectId: 'test', networks: [solanaLocalnet], plugins: [solana({}, { window: null } as never)], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    expect(() => porticoConnector(solanaOnly)).toThrow(Eip155PluginMissingError)
    expect(() => porticoConnector(solanaOnly)).toThrow(/no eip155 plugin/)
    expect(() => porticoConnector({} as Portico)).toThrow(InvalidPorticoInstanceError)
    expect(() => porticoConnector(undefined as unknown as Portico)).toThrow(InvalidPorticoInstanceError)
  })

  it('switching to a chain wagmi knows but Portico does not is a SwitchChainError saying so, and nothing moves', async () => {
    const { instance } = setup()
    const stranger = defineChain({ id: 31339, name: 'Not in Portico', nativeCurrency: currency, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })
    const config = wagmiConfig(instance, [stranger])
    await Promise.all([connect(config, { connector: config.connectors[0]! }), pickInModal(instance, 'dev.portico.wallet')])
    const error = await switchChain(config, { chainId: 31339 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'SwitchChainError' })
    expect((error as Error).cause).toBeInstanceOf(UnknownPorticoChainError)
    expect(getConnection(config).chainId).toBe(31337)
    expect(instance.stores.connections.get('eip155').caipNetworkId).toBe('eip155:31337')
  })

  it("the connector's provider answers EIP-1193 errors: 4100 while nothing is connected, -32602 for a malformed switch", async () => {
    const { config } = setup()
    const provider = (await config.connectors[0]!.getProvider()) as { request(args: { method: string; params?: unknown }): Promise<unknown> }
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', devAddresses[0]] })).rejects.toMatchObject({ code: 4100 })
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'nonsense' }] })).rejects.toMatchObject({ code: -32602 })
    await expect(provider.request({ method: 'wallet_switchEthereumChain' })).rejects.toMatchObject({ code: -32602 })
  })
})
