import { describe, expect, it } from 'vitest'
import {
  pluginContextCatalogue,
  AsyncSeriesBailHook,
  AsyncSeriesWaterfallHook,
  createHooks,
  createPorticoKernel,
  definePlugin,
  DuplicatePluginError,
  hookCatalogue,
  InvalidNetworkError,
  InvalidOptionError,
  InvalidPluginOptionsError,
  NamespaceWithoutPluginError,
  NoNetworksError,
  PluginHooksNotFoundError,
  PluginSetupError,
  SiweAndSiwxError,
  UnsupportedOptionError,
  StoreIsReadOnlyError,
  storeMethods,
  validateSchema,
} from '../../kernel/kernel.js'
import { autorun } from 'mobx'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { createTestPortico, evmA, memoryStorage, network, newWallet, testChain } from './helpers/testKit.js'
import { refuseUnsupportedOptions } from '../../kernel/options/refuseUnsupportedOptions.js'

const base = () => ({ projectId: 'p', networks: [evmA], plugins: [testChain('eip155', newWallet())], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })

describe('createPorticoKernel validates its options', () => {
  it('no networks', () => {
    expect(() => createPorticoKernel({ ...base(), networks: [] })).toThrow(NoNetworksError)
    expect(() => createPorticoKernel({ ...base(), networks: undefined as never })).toThrow('At least one network is required')
  })

  it('a network whose namespace no plugin serves', () => {
    const error = (() => {
      try {
        createPorticoKernel({ ...base(), networks: [evmA, network('cosmos', 'cosmoshub-4', 'Cosmos Hub')] })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(NamespaceWithoutPluginError)
    expect((error as Error).message).toContain('No plugin serves the "cosmos" namespace of network "Cosmos Hub"')
  })

  it('two plugins with one name', () => {
    expect(() => createPorticoKernel({ ...base(), plugins: [testChain('eip155', newWallet()), testChain('eip155', newWallet())] })).toThrow(DuplicatePluginError)
  })

  it('both siweConfig and siwx, with the exact message', () => {
    const error = (() => {
      try {
        createPorticoKernel({ ...base(), siweConfig: {} as never, siwx: {} as never })
      } catch (e) {
        return e as SiweAndSiwxError
      }
    })()
    expect(error).toBeInstanceOf(SiweAndSiwxError)
    expect(error?.shortMessage).toBe('Cannot set both `siweConfig` and `siwx` options')
  })

  it('malformed networks and options', () => {
    expect(() => createPorticoKernel({ ...base(), networks: [{ ...evmA, caipNetworkId: 'eip155' as never }] })).toThrow(InvalidNetworkError)
    expect(() => createPorticoKernel({ ...base(), networks: [{ ...evmA, chainNamespace: 'solana' }] })).toThrow('does not match')
    expect(() => createPorticoKernel({ ...base(), networks: [evmA, evmA] })).toThrow('listed twice')
    expect(() => createPorticoKernel({ ...base(), networks: [{ ...evmA, nativeCurrency: { name: 'x', symbol: 'X', decimals: 1.5 } }] })).toThrow('nativeCurrency')
    expect(() => createPorticoKernel({ ...base(), endpoints: { api: 'javascript:alert(1)' } })).toThrow(InvalidOptionError)
    expect(() => createPorticoKernel({ ...base(), endpoints: { relay: 'http://127.0.0.1:1' } })).toThrow('must use ws: or wss:')
    expect(() => createPorticoKernel({ ...base(), plugins: [() => {}] as never })).toThrow('did you call the factory')
    expect(() => createPorticoKernel({ ...base(), defaultNetwork: network('eip155', 9) })).toThrow('defaultNetwork')
    expect(() => createPorticoKernel(null as never)).toThrow('must be an object')
    // The incumbent's smart sessions are not in Portico: asking for them is an error, leaving them off is not.
    expect(() => createPorticoKernel({ ...base(), features: { smartSessions: true } as never })).toThrow('Unsupported option `features.smartSessions`: Portico has no smart sessions (ERC-7715)')
    expect(() => refuseUnsupportedOptions({ features: { smartSessions: false } as never })).not.toThrow()
    // Nor is the incumbent's "UX by Reown" footer, nor its sign-in options (sign-in is the siwx plugin).
    expect(() => createPorticoKernel({ ...base(), features: { reownBranding: true } as never })).toThrow(UnsupportedOptionError)
    expect(() => refuseUnsupportedOptions({ features: { reownBranding: false } as never })).not.toThrow()
    expect(() => createPorticoKernel({ ...base(), siwx: {} as never })).toThrow("Unsupported option `siwx`: sign-in is a plugin: `plugins: [siwx({ … })]` from 'portico/siwx'")
    expect(() => createPorticoKernel({ ...base(), siweConfig: {} as never })).toThrow(UnsupportedOptionError)
  })

  it('plugin options are checked against the plugin schema', () => {
    const plugin = { ...testChain('eip155', newWallet()), options: { label: 5, extra: true } }
    const error = (() => {
      try {
        createPorticoKernel({ ...base(), plugins: [plugin] })
      } catch (e) {
        return e as InvalidPluginOptionsError
      }
    })()
    expect(error).toBeInstanceOf(InvalidPluginOptionsError)
    expect(error?.issues).toEqual(['options.label must be string', 'options.extra is not a known option'])
  })

  it('a plugin whose setup throws is named in the error', () => {
    const broken = definePlugin({ ...testChain('eip155', newWallet()), setup: () => { throw new Error('boom') } })
    expect(() => createPorticoKernel({ ...base(), plugins: [broken] })).toThrow(PluginSetupError)
  })

  it('a missing projectId raises APKT008 but does not throw', () => {
    const portico = createPorticoKernel({ ...base(), projectId: undefined })
    expect(portico.stores.alerts.hasShown('APKT008')).toBe(true)
  })
})

describe('the hook catalogue', () => {
  it('is one frozen object with every DESIGN §3 hook, each documented', () => {
    const hooks = createHooks()
    expect(Object.isFrozen(hooks)).toBe(true)
    const names = Object.keys(hooks).sort()
    expect(names).toEqual(Object.keys(hookCatalogue).sort())
    for (const name of ['discoverWallets', 'connect', 'disconnect', 'reconnect', 'switchNetwork', 'signMessage', 'signIn', 'fetchBalance', 'send', 'registerViews', 'connected', 'disconnected', 'accountChanged', 'networkChanged', 'modalClosed', 'error']) {
      expect(names).toContain(name)
      const doc = hookCatalogue[name as keyof typeof hookCatalogue]
      expect(doc.contract.length).toBeGreaterThan(10)
      expect(doc.since).toMatch(/^\d+\.\d+\.\d+$/)
    }
  })

  it('documents each hook\'s kind and keying as its class is (the catalogue cannot drift from createHooks)', () => {
    const hooks = createHooks() as unknown as Record<string, { for?: (key: string) => object; constructor: { name: string } }>
    for (const [name, doc] of Object.entries(hookCatalogue)) {
      const hook = hooks[name]!
      const keyed = typeof hook.for === 'function'
      expect([name, keyed]).toEqual([name, doc.keyed])
      const inner = keyed ? (hook.for as (key: string) => { constructor: { name: string } })('x') : hook
      expect([name, inner.constructor.name]).toEqual([name, `${doc.kind}Hook`])
    }
  })

  it('account data: a plugin tap answers before the blockchain API; with no answer the kernel raises its key, never English', async () => {
    const { portico, wallet } = createTestPortico()
    expect(portico.hooks.fetchTokenBalances.get('eip155')?.taps.map((t) => [t.name, t.stage])).toEqual([['blockchainApi', 10]])
    expect(portico.hooks.fetchTransactions.get('eip155')?.taps.map((t) => t.name)).toEqual(['blockchainApi'])
    expect(portico.hooks.fetchNfts.get('eip155')?.taps.map((t) => t.name)).toEqual(['blockchainApi'])
    await portico.connect({ connectorId: 'test', namespace: 'eip155' })
    const address = wallet.accounts[0] as string
    const asked: unknown[] = []
    const own = { name: 'Own', symbol: 'OWN', chainId: 'eip155:31337' as const, address: 'eip155:31337:0x0000000000000000000000000000000000000001' as const, price: 1, quantity: { decimals: '6', numeric: '2.5' }, iconUrl: '' }
    portico.hooks.fetchTokenBalances.for('eip155').tapPromise('own', async (request) => (asked.push(request), [own]))
    expect(await portico.fetchTokenBalances('eip155', { force: true })).toEqual([expect.objectContaining({ symbol: 'OWN', quantity: { decimals: '6', numeric: '2.5' } })])
    expect(asked).toEqual([expect.objectContaining({ namespace: 'eip155', address, force: true })])
    // Nothing answers (the API is offline here): an empty list and the kernel's message key.
    const other = createTestPortico().portico
    await other.connect({ connectorId: 'test', namespace: 'eip155' })
    expect(await other.fetchTokenBalances('eip155', { force: true })).toEqual([])
    expect(other.stores.toasts.message).toBe('toast.tokenBalanceUnavailable')
    await portico.destroy()
    await other.destroy()
  })

  it('taps carry the plugin name; bail hooks stop at the first answer; waterfall threads', async () => {
    const { portico } = createTestPortico()
    const connectHook = portico.hooks.connect.get('eip155')
    expect(connectHook?.taps.map((t) => t.name)).toEqual(['eip155'])
    const bail = new AsyncSeriesBailHook<[number], string | undefined>(['n'])
    const order: string[] = []
    bail.tapPromise('a', async () => void order.push('a'))
    bail.tapPromise('b', async (n) => (order.push('b'), `b${n}`))
    bail.tapPromise('c', async () => (order.push('c'), 'c'))
    expect(await bail.promise(1)).toBe('b1')
    expect(order).toEqual(['a', 'b'])
    const waterfall = new AsyncSeriesWaterfallHook<[number]>(['n'])
    waterfall.tapPromise('double', async (n) => n * 2)
    waterfall.tapPromise('add', async (n) => n + 1)
    expect(await waterfall.promise(2)).toBe(5)
    await portico.connect({ connectorId: 'eip155.wallet' })
    expect(await portico.send({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '2' })).toBe('hash:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:2')
  })

  it('plugins register views; hooks notify connected, networkChanged, error', async () => {
    const seen: string[] = []
    const viewPlugin = definePlugin({
      name: 'viewer',
      kind: 'feature',
      version: '0.0.0',
      meta: { description: 'Registers a view and listens.', views: ['viewer/hello'] },
      setup(portico) {
        portico.hooks.registerViews.tap('viewer', (registry) => registry.register({ id: 'viewer/hello', title: 'viewer.hello', load: async () => ({}), owner: 'viewer' }))
        portico.hooks.connected.tap('viewer', (e) => void seen.push(`connected:${e.caipAddress}`))
        portico.hooks.networkChanged.tap('viewer', (e) => void seen.push(`network:${e.network.caipNetworkId}`))
        portico.hooks.error.tap('viewer', (e) => void seen.push(`error:${e.error.name}`))
      },
    })
    const { portico, wallet } = createTestPortico({ plugins: [testChain('eip155', newWallet()), viewPlugin] })
    expect(portico.views.has('viewer/hello')).toBe(true)
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.open()
    await portico.switchNetwork('eip155:2')
    await expect(portico.switchNetwork('eip155:404')).rejects.toThrow()
    expect(seen).toEqual([
      'connected:eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'network:eip155:1',
      'network:eip155:2',
      'error:NetworkNotFoundError',
    ])
    expect(wallet.calls).toEqual([])
  })
})

describe('validateSchema', () => {
  it('checks types, enums, ranges, patterns, arrays and functions', () => {
    const schema = {
      type: 'object',
      required: ['mode'],
      properties: {
        mode: { enum: ['a', 'b'] },
        n: { type: 'integer', minimum: 1, maximum: 3 },
        url: { type: 'string', pattern: '^https?://' },
        list: { type: 'array', items: { type: 'string' }, maxItems: 2 },
        onEvent: { instanceof: 'Function' },
      },
      additionalProperties: false,
    } as const
    expect(validateSchema(schema, { mode: 'a', n: 2, url: 'https://x', list: ['a'], onEvent: () => {} })).toEqual([])
    expect(validateSchema(schema, { mode: 'c', n: 1.5, url: 'ftp://x', list: ['a', 1, 'c'], onEvent: 'no', more: 1 })).toEqual([
      'options.mode must be one of "a", "b"',
      'options.n must be integer',
      'options.url must match ^https?://',
      'options.list must have at most 2 items',
      'options.list[1] must be string',
      'options.onEvent must be a function',
      'options.more is not a known option',
    ])
    expect(validateSchema(schema, {})).toEqual(['options.mode is required'])
    expect(validateSchema({ type: 'object' }, JSON.parse('{"__proto__":{"x":1}}'))).toEqual([])
  })
})

describe('the state contract', () => {
  it('getState is a plain snapshot; subscribe fires on change and unsubscribes', async () => {
    const { portico } = createTestPortico()
    await portico.ready()
    const state = portico.getState()
    expect(state).toEqual({ open: false, view: 'Connect', history: ['Connect'], loading: false, activeNamespace: 'eip155', activeNetworkId: 'eip155:1', connections: { eip155: { status: 'disconnected' } } })
    state.history.push('mutated')
    expect(portico.getState().history).toEqual(['Connect'])
    const seen: boolean[] = []
    const unsubscribe = portico.subscribe('state', (s) => seen.push(s.open))
    await portico.open()
    portico.close()
    unsubscribe()
    await portico.open()
    expect(seen).toEqual([true, false])
    expect(() => portico.subscribe('nope' as never, (() => {}) as never)).toThrow('Unknown subscription')
  })

  it('events carry the spec names and a throwing listener does not break anything', async () => {
    const { portico } = createTestPortico()
    const names: string[] = []
    portico.subscribe('event', () => {
      throw new Error('site owner bug')
    })
    portico.subscribe('event', (e) => names.push(e.event))
    await portico.open()
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.disconnect()
    expect(names).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'MODAL_CLOSE', 'DISCONNECT_SUCCESS'])
  })
})

describe('plugin context and plugin-declared hooks', () => {
  type GreeterHooks = { greet: AsyncSeriesBailHook<[string], string | undefined> }
  const greeter = () =>
    definePlugin({
      name: 'greeter', kind: 'feature', version: '1.0.0', meta: { description: 'Declares a hook.' },
      setup(context) {
        const hooks = context.declareHooks<GreeterHooks>({ greet: new AsyncSeriesBailHook<[string], string | undefined>(['name']) })
        context.registerStore('greeter', { greet: (name: string) => hooks.greet.promise(name) })
      },
    })
  const tapper = (onSetup: (context: Parameters<ReturnType<typeof definePlugin>['setup']>[0]) => void) =>
    definePlugin({ name: 'tapper', kind: 'feature', version: '1.0.0', meta: { description: 'Taps another plugin’s hook.' }, setup: onSetup })

  it('a plugin declares a hook and another plugin taps it, found by name (either setup order)', async () => {
    for (const order of ['declarer first', 'tapper first']) {
      const tap = tapper((context) => {
        // Hooks are looked up lazily, once every setup ran.
        context.hooks.registerViews.tap('tapper', () => {
          context.pluginHooks<GreeterHooks>('greeter', ['greet']).greet.tapPromise('tapper', async (name) => `hello ${name}`)
        })
      })
      const plugins = order === 'declarer first' ? [greeter(), tap] : [tap, greeter()]
      const portico = createPorticoKernel({ ...base(), plugins: [...base().plugins, ...plugins] })
      const store = portico.getStore<{ greet(name: string): Promise<string | undefined> }>('greeter')
      expect(await store?.greet('ada'), order).toBe('hello ada')
      await portico.destroy()
    }
  })

  it('asking for the hooks of a plugin that is not installed is a clear error', async () => {
    let caught: unknown
    const portico = createPorticoKernel({
      ...base(),
      plugins: [...base().plugins, tapper((context) => {
        expect(context.plugins.some((p) => p.name === 'greeter')).toBe(false)
        try {
          context.pluginHooks<GreeterHooks>('greeter', ['greet'])
        } catch (error) {
          caught = error
        }
      })],
    })
    expect(caught).toBeInstanceOf(PluginHooksNotFoundError)
    expect((caught as Error).message).toContain('Plugin "tapper" asked for the hooks of plugin "greeter", which is not installed')
    await portico.destroy()
  })

  it('a missing hook name and a second declaration are clear errors', async () => {
    const errors: unknown[] = []
    const portico = createPorticoKernel({
      ...base(),
      plugins: [...base().plugins, greeter(), tapper((context) => {
        context.hooks.registerViews.tap('tapper', () => {
          try {
            context.pluginHooks<{ wave: GreeterHooks['greet'] }>('greeter', ['wave'])
          } catch (error) {
            errors.push(error)
          }
        })
        context.declareHooks({})
        try {
          context.declareHooks({})
        } catch (error) {
          errors.push(error)
        }
      })],
    })
    expect((errors[0] as Error).message).toContain('Plugin "tapper" declared its hooks twice')
    expect((errors[1] as Error).message).toContain('Plugin "greeter" does not declare the hook "wave" that plugin "tapper" asked for')
    await portico.destroy()
  })

  it('setup receives a plugin context: the actions that change kernel state, not the site owner’s lifecycle', async () => {
    let context: Record<string, unknown> | undefined
    const portico = createPorticoKernel({ ...base(), plugins: [...base().plugins, tapper((c) => void (context = c as never))] })
    // Exactly the catalogued members (docs/kernel/plugin-context.md), nothing more.
    expect(Object.keys(context ?? {}).sort()).toEqual(Object.keys(pluginContextCatalogue).sort())
    for (const name of ['destroy', 'ready', 'subscribe', 'getState']) expect(context?.[name], name).toBeUndefined()
    const plugin = context as unknown as Parameters<ReturnType<typeof definePlugin>['setup']>[0]
    plugin.addConnectors([{ id: 'x', name: 'X', namespace: 'eip155', type: 'INJECTED' } as never])
    expect(portico.stores.wallets.connectors.some((c) => c.id === 'x')).toBe(true)
    plugin.rememberRecentWallet({ id: 'w1', name: 'Wallet One' } as never)
    expect(portico.stores.wallets.recent[0]?.id).toBe('w1')
    await portico.destroy()
  })

  it('the context reads kernel stores (observably) but changes them only through its actions', async () => {
    let context: Parameters<ReturnType<typeof definePlugin>['setup']>[0] | undefined
    const portico = createPorticoKernel({ ...base(), plugins: [...base().plugins, tapper((c) => void (context = c))] })
    const plugin = context!
    // Reads pass through and stay observable.
    const seen: string[] = []
    const stop = autorun(() => seen.push(plugin.stores.router.view))
    await portico.open({ view: 'Networks' })
    expect(seen).toEqual(['Connect', 'Networks'])
    expect(plugin.stores.networks.find(evmA.caipNetworkId)?.name).toBe(evmA.name)
    // Changing methods and assignments throw, whatever the types say.
    const stores = plugin.stores as unknown as typeof portico.stores
    expect(() => stores.router.push('Account')).toThrow(StoreIsReadOnlyError)
    expect(() => stores.toasts.showError('x')).toThrow('The kernel store "toasts" is read-only here: "showError" changes it')
    expect(() => {
      stores.modal.open = false
    }).toThrow(StoreIsReadOnlyError)
    expect(portico.stores.router.view).toBe('Networks')
    expect(portico.stores.modal.open).toBe(true)
    // The actions do the changing.
    plugin.showToast({ variant: 'error', message: 'siwx.errorSigning' })
    expect([portico.stores.toasts.open, portico.stores.toasts.variant, portico.stores.toasts.message]).toEqual([true, 'error', 'siwx.errorSigning'])
    plugin.resetView('Connect')
    expect(portico.stores.router.history).toEqual(['Connect'])
    const remove = plugin.addCloseGuard(() => true)
    portico.requestClose()
    expect(portico.stores.modal.open).toBe(true)
    remove()
    portico.requestClose()
    expect(portico.stores.modal.open).toBe(false)
    stop()
    await portico.destroy()
  })

  it('updateAccount({ held }): a plugin holds a connected namespace (the state says `held`) until it releases it or the namespace disconnects', async () => {
    let context: Parameters<ReturnType<typeof definePlugin>['setup']>[0] | undefined
    const portico = createPorticoKernel({ ...base(), plugins: [...base().plugins, tapper((c) => void (context = c))] })
    const plugin = context!
    // Nothing to hold before a connection.
    plugin.updateAccount('eip155', { held: true })
    expect(portico.stores.connections.isHeld('eip155')).toBe(false)
    await portico.connect({ connectorId: 'eip155.wallet' })
    expect(portico.getState().connections.eip155?.held).toBeUndefined()
    plugin.updateAccount('eip155', { held: true })
    expect(portico.getState().connections.eip155).toMatchObject({ status: 'connected', held: true })
    expect(plugin.stores.connections.isHeld('eip155')).toBe(true)
    expect(() => (plugin.stores.connections as unknown as typeof portico.stores.connections).release('eip155')).toThrow(StoreIsReadOnlyError)
    plugin.updateAccount('eip155', { held: false })
    expect(portico.getState().connections.eip155?.held).toBeUndefined()
    plugin.updateAccount('eip155', { held: true })
    await portico.disconnect('eip155')
    expect(portico.stores.connections.isHeld('eip155')).toBe(false)
    expect(portico.getState().connections.eip155?.held).toBeUndefined()
    await portico.destroy()
  })

  it('sorts every public method of every kernel store into changing or reading', () => {
    const portico = createPorticoKernel(base())
    for (const [name, store] of Object.entries(portico.stores)) {
      const methods = new Set<string>()
      for (let proto = Object.getPrototypeOf(store); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
        for (const key of Object.getOwnPropertyNames(proto)) {
          const descriptor = Object.getOwnPropertyDescriptor(proto, key)
          if (key !== 'constructor' && typeof descriptor?.value === 'function') methods.add(key)
        }
      }
      const sorted = [...storeMethods.change[name as keyof typeof storeMethods.change], ...storeMethods.read[name as keyof typeof storeMethods.read]]
      // Private methods (TypeScript's `private`) are the only ones allowed outside both lists.
      const unsorted = [...methods].filter((m) => !sorted.includes(m as never))
      expect(unsorted.every((m) => privateMethods[name]?.includes(m)), `${name}: ${unsorted.join(', ')}`).toBe(true)
    }
    void portico.destroy()
  })
})

/** The stores' TypeScript-private methods, read from their sources (invisible to plugins' types, in neither list). */
const privateMethods: Record<string, string[]> = (() => {
  const out: Record<string, string[]> = {}
  const dir = fileURLToPath(new URL('../../kernel/stores/', import.meta.url))
  const storeOfClass: Record<string, string> = { OptionsStore: 'options', ModalStore: 'modal', RouterStore: 'router', ConnectionStore: 'connections', NetworkStore: 'networks', WalletStore: 'wallets', DirectoryStore: 'directory', AccountStore: 'accounts', ToastStore: 'toasts', AlertStore: 'alerts' }
  for (const [className, store] of Object.entries(storeOfClass)) {
    const source = ts.createSourceFile(className, readFileSync(`${dir}${className}.ts`, 'utf8'), ts.ScriptTarget.Latest, true)
    source.forEachChild((node) => {
      if (!ts.isClassDeclaration(node)) return
      for (const member of node.members) {
        const isPrivate = ts.getCombinedModifierFlags(member as ts.Declaration) & ts.ModifierFlags.Private
        if (ts.isMethodDeclaration(member) && isPrivate && ts.isIdentifier(member.name)) (out[store] ??= []).push(member.name.text)
      }
    })
  }
  return out
})()
