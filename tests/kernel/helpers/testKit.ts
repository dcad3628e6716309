import { createPorticoKernel, definePlugin, type Network, type Plugin, type PluginContext, type PluginMeta, type PorticoOptions, type StorageBackend } from '../../../kernel/kernel.js'

export function network(namespace: string, reference: string | number, name = `${namespace} ${reference}`): Network {
  return {
    id: reference,
    caipNetworkId: `${namespace}:${reference}`,
    chainNamespace: namespace,
    name,
    nativeCurrency: { name: 'Coin', symbol: namespace === 'solana' ? 'SOL' : 'ETH', decimals: namespace === 'solana' ? 9 : 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }
}

export const evmA = network('eip155', 1, 'Chain A')
export const evmB = network('eip155', 2, 'Chain B')
export const solanaNet = network('solana', 'localnet', 'Solana Local')

/** A Map-backed implementation of the Web Storage interface. */
export function memoryStorage(initial: Record<string, string> = {}): StorageBackend & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

export type TestWallet = {
  accounts: string[]
  chain: string
  reject: boolean
  knownChains: string[]
  calls: string[]
}

const evmAddress = /^0x[0-9a-fA-F]{40}$/

/** A chain plugin for unit tests of the kernel: answers its hooks from an in-memory wallet. */
export function testChain(namespace: string, wallet: TestWallet, name = namespace): Plugin<PluginContext> & { meta: PluginMeta } {
  const meta: PluginMeta = {
    description: `Test plugin for ${namespace}.`,
    capabilities: ['connect', 'balance', 'signMessage', 'send'],
    optionsSchema: { type: 'object', properties: { label: { type: 'string' } }, additionalProperties: false },
  }
  return { ...definePlugin({
    name,
    kind: 'chain',
    namespace,
    version: '0.0.0',
    meta,
    setup(portico) {
      portico.chains.register({ namespace, isAddress: (address) => (namespace === 'eip155' ? evmAddress.test(address) : address.length >= 32) })
      const rejectable = async <T>(what: string, fn: () => T): Promise<T> => {
        wallet.calls.push(what)
        if (wallet.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        return fn()
      }
      portico.hooks.discoverWallets.for(namespace).tapPromise(name, async (context) => {
        context.add({ id: `${name}.wallet`, name: 'Test Wallet', namespace, type: 'ANNOUNCED', rdns: `${name}.wallet` })
      })
      portico.hooks.connect.for(namespace).tapPromise(name, (request) =>
        rejectable('connect', () => ({ connectorId: request.connectorId, accounts: wallet.accounts.map((address) => ({ address })), caipNetworkId: wallet.chain as `${string}:${string}` })),
      )
      portico.hooks.reconnect.for(namespace).tapPromise(name, async (request) => {
        wallet.calls.push('reconnect')
        return wallet.accounts.length ? { connectorId: request.connectorId, accounts: wallet.accounts.map((address) => ({ address })), caipNetworkId: wallet.chain as `${string}:${string}` } : undefined
      })
      portico.hooks.disconnect.for(namespace).tapPromise(name, async () => {
        wallet.calls.push('disconnect')
      })
      portico.hooks.switchNetwork.for(namespace).tapPromise(name, (request) =>
        rejectable('switchNetwork', () => {
          if (!wallet.knownChains.includes(request.network.caipNetworkId)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          wallet.chain = request.network.caipNetworkId
          return { caipNetworkId: request.network.caipNetworkId }
        }),
      )
      portico.hooks.signMessage.for(namespace).tapPromise(name, (request) => rejectable('signMessage', () => ({ signature: `signed:${request.message}` })))
      portico.hooks.fetchBalance.for(namespace).tapPromise(name, async () => {
        wallet.calls.push('fetchBalance')
        return { balance: '1.23456', symbol: 'ETH' }
      })
      portico.hooks.send.for(namespace).tapPromise(name, (request) => rejectable('send', () => ({ hash: `hash:${request.to}:${request.amount}` })))
      return () => {
        wallet.calls.push('disposed')
      }
    },
  }), meta }
}

export const addressA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const addressB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export function newWallet(partial: Partial<TestWallet> = {}): TestWallet {
  return { accounts: [addressA], chain: 'eip155:1', reject: false, knownChains: ['eip155:1', 'eip155:2'], calls: [], ...partial }
}

/** A Portico on Node with in-memory storage and no endpoints reachable. */
export function createTestPortico(overrides: Partial<PorticoOptions> = {}, wallet = newWallet()) {
  const storage = (overrides.storage as ReturnType<typeof memoryStorage> | undefined) ?? memoryStorage()
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [evmA, evmB],
    plugins: [testChain('eip155', wallet)],
    storage,
    // Nothing listens here: any request fails at once, as offline.
    endpoints: { api: 'http://127.0.0.1:9' },
    ...overrides,
  })
  return { portico, wallet, storage }
}

/**
 * A feature plugin for a test: `setup` taps the hooks it plays (a node, a wallet, a spy).
 *
 * @example
 * const spy = testFeature('spy', 'Sees balance reads in a test.', (portico) => {
 *   portico.hooks.fetchBalance.for('eip155').tapPromise('spy', async () => undefined)
 * })
 */
export function testFeature(name: string, description: string, setup: (portico: PluginContext) => void) {
  return definePlugin({
    name,
    kind: 'feature',
    version: '0.0.0',
    meta: { description, optionsSchema: { type: 'object', additionalProperties: false } },
    setup,
  })
}

/**
 * A feature plugin that keeps the context it was set up with, for a test that acts as a plugin
 * (`context.rpcRequest`, `context.walletRequest`, `context.readBalance`, …).
 *
 * @example
 * const reader = contextKeeper()
 * createTestPortico({ plugins: [testChain('eip155', wallet), reader.plugin] })
 * await reader.context().rpcRequest({ chainId: 'eip155:1', method: 'eth_blockNumber' })
 */
export function contextKeeper() {
  let kept: PluginContext | undefined
  const plugin = testFeature('reader', 'Acts as a plugin in a test.', (portico) => {
    kept = portico
  })
  return {
    plugin,
    context(): PluginContext {
      if (!kept) throw new Error('The reader plugin has not been set up yet')
      return kept
    },
  }
}
