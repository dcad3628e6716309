// createPortico's handle (issue 27): what a page has before the kernel loads, what loads it, and
// what a returning visitor, a failed load and bad stored data do to it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createPortico,
  definePlugin,
  NoNetworksError,
  PluginNotLoadedError,
  PluginSetupError,
  type PorticoHandle,
  type PorticoState,
  type Plugin,
  type PluginContext,
} from '../../kernel/kernel.js'
import { addressA, evmA, evmB, memoryStorage, newWallet, testChain } from './helpers/testKit.js'

const handles: PorticoHandle[] = []
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.destroy()
})

/** A fetch that records every request and answers none (nothing may be asked before the visitor acts). */
function recordingFetch() {
  const urls: string[] = []
  const fetch = (async (input: string | URL | Request) => {
    urls.push(String(input instanceof Request ? input.url : input))
    throw new TypeError('offline')
  }) as typeof globalThis.fetch
  return { urls, fetch }
}

function make(options: { storage?: ReturnType<typeof memoryStorage>; plugins?: Plugin<PluginContext>[]; fetch?: typeof globalThis.fetch } = {}) {
  const wallet = newWallet()
  const handle = createPortico({
    projectId: 'test',
    networks: [evmA, evmB],
    plugins: options.plugins ?? [testChain('eip155', wallet)],
    storage: options.storage ?? memoryStorage(),
    endpoints: { api: 'http://127.0.0.1:9' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  handles.push(handle)
  return { handle, wallet }
}

const stored = (connections: unknown, network?: string) =>
  memoryStorage({ '@portico/connections': JSON.stringify(connections), ...(network ? { '@portico/active_network_id': JSON.stringify(network) } : {}) })

// Not in `npm test`'s second kernel run under --disallow-code-generation-from-strings: vitest's
// module runner cannot resolve a relative `import()` there. The built package's `createPortico(…)
// .load()` runs under that flag in tests/conformance (checkImportSideEffects) instead.
describe.skipIf(process.env.PORTICO_NO_EVAL === '1')('createPortico: the handle a page starts with', () => {
  it('throws on invalid options at once, as the kernel does', () => {
    expect(() => createPortico({ projectId: 'test', networks: [], plugins: [] })).toThrow(NoNetworksError)
  })

  it('a first-time visitor: no kernel, no request, the default network and nothing connected', async () => {
    const { urls, fetch } = recordingFetch()
    const { handle } = make({ fetch })
    // ready() settles once the startup probes have decided: from then on a kernel would have been loading.
    await handle.ready()
    expect(handle.kernel).toBeUndefined()
    expect(handle.restoring).toEqual([])
    expect(handle.getState()).toEqual({ open: false, view: 'Connect', history: ['Connect'], loading: false, activeNamespace: 'eip155', activeNetworkId: 'eip155:1', connections: { eip155: { status: 'disconnected' } } })
    expect(handle.getAccount()).toEqual({ namespace: 'eip155', status: 'disconnected', isConnected: false })
    expect(handle.getConnections()).toEqual([])
    expect(urls).toEqual([])
  })

  it('an action loads the kernel, then runs; subscribers from before the load follow the kernel', async () => {
    const { handle, wallet } = make()
    const states: PorticoState[] = []
    handle.subscribe('state', (state) => states.push(state))
    const events: string[] = []
    handle.subscribe('event', (event) => events.push(event.event))
    const loaded: unknown[] = []
    handle.onLoad((kernel) => loaded.push(kernel))
    await handle.open()
    expect(handle.kernel).toBeDefined()
    expect(loaded).toEqual([handle.kernel])
    expect(handle.getState().open).toBe(true)
    expect(states.at(-1)?.open).toBe(true)
    // The kernel's creation event reaches a listener that subscribed before it existed.
    expect(events).toContain('MODAL_CREATED')
    expect(events).toContain('MODAL_OPEN')
    await handle.connect({ connectorId: 'eip155.wallet' })
    expect(handle.getAccount().address).toBe(wallet.accounts[0])
    expect(states.at(-1)?.connections.eip155?.status).toBe('connected')
    // Loaded once: a second load is the same kernel.
    expect(await handle.load()).toBe(handle.kernel)
  })

  it('a returning visitor: restoring from the first read, the kernel loads at once and restores', async () => {
    const { handle } = make({ storage: stored({ eip155: { connectorId: 'eip155.wallet' } }, 'eip155:2') })
    expect(handle.restoring).toEqual(['eip155'])
    expect(handle.getState().connections.eip155).toEqual({ status: 'connecting', connectorId: 'eip155.wallet' })
    expect(handle.getState().activeNetworkId).toBe('eip155:2')
    expect(handle.getAccount().status).toBe('connecting')
    await handle.ready()
    expect(handle.kernel).toBeDefined()
    expect(handle.getState().connections.eip155?.status).toBe('connected')
    expect(handle.getAccount().address).toBe(addressA)
  })

  it('a plugin whose code fails to load: the load rejects, a restoring visitor is offered to connect again, and a retry works', async () => {
    let fail = true
    let loadedCode = false
    const wallet = newWallet()
    const base = testChain('eip155', wallet)
    const lazy = definePlugin({
      ...base,
      async load() {
        if (fail) throw new Error('chunk failed to load')
        loadedCode = true
      },
      setup(context) {
        if (!loadedCode) throw new PluginNotLoadedError({ plugin: base.name })
        return base.setup(context)
      },
    })
    const { handle } = make({ plugins: [lazy], storage: stored({ eip155: { connectorId: 'eip155.wallet' } }) })
    const states: PorticoState[] = []
    handle.subscribe('state', (state) => states.push(state))
    await expect(handle.load()).rejects.toThrow('chunk failed to load')
    await vi.waitFor(() => expect(handle.getState().connections.eip155?.status).toBe('disconnected'))
    expect(states.at(-1)?.connections.eip155?.status).toBe('disconnected')
    expect(handle.kernel).toBeUndefined()
    fail = false
    const kernel = await handle.load()
    expect(kernel).toBe(handle.kernel)
    await handle.ready()
    expect(handle.getState().connections.eip155?.status).toBe('connected')
  })

  it("a site's listener that throws breaks neither the load nor the other listeners; a plugin whose setup throws fails the load and ends the restoring", async () => {
    const { handle } = make()
    const seen: string[] = []
    handle.subscribe('state', () => {
      throw new Error('site bug')
    })
    handle.subscribe('state', (state) => seen.push(String(state.open)))
    handle.onLoad(() => {
      throw new Error('site bug')
    })
    await handle.open()
    expect(handle.kernel).toBeDefined()
    expect(seen.at(-1)).toBe('true')

    const broken = definePlugin({ ...testChain('eip155', newWallet()), setup: () => { throw new Error('setup bug') } })
    const { handle: failing } = make({ plugins: [broken], storage: stored({ eip155: { connectorId: 'eip155.wallet' } }) })
    expect(failing.getState().connections.eip155?.status).toBe('connecting')
    await expect(failing.load()).rejects.toBeInstanceOf(PluginSetupError)
    expect(failing.kernel).toBeUndefined()
    expect(failing.getState().connections.eip155?.status).toBe('disconnected')
  })

  it('corrupted stored values are dropped, nothing is restored, and the drop reaches the error hook once the kernel loads', async () => {
    const storage = memoryStorage({ '@portico/connections': '{not json', '@portico/active_network_id': JSON.stringify('eip155:999') })
    const { handle } = make({ storage })
    const reported: unknown[] = []
    handle.subscribe('event', (event) => {
      if (event.event === 'ERROR') reported.push(event.properties)
    })
    expect(handle.restoring).toEqual([])
    expect(handle.getState().connections.eip155?.status).toBe('disconnected')
    // A stored network the site no longer offers: the default one.
    expect(handle.getState().activeNetworkId).toBe('eip155:1')
    expect(storage.data.has('@portico/connections')).toBe(false)
    expect(reported).toEqual([])
    await handle.load()
    expect(reported).toEqual([expect.objectContaining({ code: 'STORAGE_VALUE_DROPPED', action: 'storage' })])
  })

  it('a restore cookie naming a connection the storage no longer has goes, after the page read it', async () => {
    const jar = { cookie: 'sid=1; portico.restore=eip155=eip155.wallet' }
    const writes: string[] = []
    const cookieJar = {
      get cookie() {
        return jar.cookie
      },
      set cookie(value: string) {
        writes.push(value)
        if (/Max-Age=0/.test(value)) jar.cookie = 'sid=1'
      },
    }
    const handle = createPortico({ projectId: 'test', networks: [evmA], plugins: [testChain('eip155', newWallet())], storage: memoryStorage(), restoreCookie: { jar: cookieJar }, endpoints: { api: 'http://127.0.0.1:9' } })
    handles.push(handle)
    // The page may still read it while it starts (to hydrate what the server rendered from it)…
    expect(jar.cookie).toContain('portico.restore')
    // …then it goes, and the kernel never loaded for it.
    await vi.waitFor(() => expect(jar.cookie).toBe('sid=1'))
    expect(writes[0]).toMatch(/^portico\.restore=; Path=\/; Max-Age=0; SameSite=Lax$/)
    expect(handle.kernel).toBeUndefined()
  })

  it('destroy before the kernel loads refuses a later load', async () => {
    const { handle } = make()
    await handle.destroy()
    await expect(handle.load()).rejects.toThrow('destroyed')
    await expect(handle.open()).rejects.toThrow('destroyed')
  })

  it("a plugin's start-time probe that says yes loads the kernel at once, with no visitor action; one that says no, or throws, does not", async () => {
    const seen: { storage?: unknown; hasWindow?: boolean; options?: unknown }[] = []
    const probing = (name: string, answer: () => boolean) =>
      definePlugin({
        name,
        kind: 'feature',
        version: '1.0.0',
        meta: { description: `probe ${name}` },
        startup(context) {
          seen.push({ storage: context.storage.get('pending', (v): v is string => typeof v === 'string'), hasWindow: context.window !== undefined, options: context.options })
          return answer()
        },
        setup() {},
      })
    const wallet = newWallet()
    // Says no (and one throws): the page stays light; the throw is reported once the kernel loads.
    const quiet = createPortico({
      projectId: 'test',
      networks: [evmA],
      plugins: [testChain('eip155', wallet), probing('no', () => false), probing('throws', () => { throw new Error('probe broke') })],
      storage: memoryStorage({ '@portico/pending': JSON.stringify('yes') }),
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    handles.push(quiet)
    await quiet.ready()
    expect(quiet.kernel).toBeUndefined()
    expect(quiet.startupDuties).toEqual([])
    // The probe read the visitor's storage through the handle (the kernel's prefix) and the site's options.
    expect(seen[0]).toEqual({ storage: 'yes', hasWindow: false, options: quiet.options })
    const errors: unknown[] = []
    quiet.subscribe('event', (event) => {
      if (event.event === 'ERROR') errors.push(event.properties)
    })
    await quiet.load()
    expect(errors).toEqual([expect.objectContaining({ code: 'STARTUP_PROBE_FAILED', action: 'startup' })])

    // Says yes: the kernel loads by itself, and ready() waits for it.
    const eager = createPortico({ projectId: 'test', networks: [evmA], plugins: [testChain('eip155', wallet), probing('no', () => false), probing('yes', () => true)], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    handles.push(eager)
    expect(eager.startupDuties).toEqual(['yes'])
    expect(eager.restoring).toEqual([])
    await eager.ready()
    expect(eager.kernel).toBeDefined()
  })

  it('a plugin set up before its code loaded is a PluginSetupError caused by PluginNotLoadedError', async () => {
    // Last in the file: the fresh module copies below would otherwise meet the tests after it.
    vi.resetModules()
    // A fresh copy of the eip155 module: its setup code has not been loaded in it.
    const { eip155 } = await import('../../plugins/eip155/index.js')
    const kernelModule = await import('../../kernel/kernel.js')
    let thrown: unknown
    try {
      kernelModule.createPorticoKernel({ projectId: 'test', networks: [evmA], plugins: [eip155({}, { window: null })], storage: null, endpoints: { api: 'http://127.0.0.1:9' } })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(kernelModule.PluginSetupError)
    expect((thrown as InstanceType<typeof PluginSetupError>).cause).toBeInstanceOf(kernelModule.PluginNotLoadedError)
    // Loaded first, the same plugin sets up.
    const plugin = eip155({}, { window: null })
    await kernelModule.loadPlugins([plugin])
    const kernel = kernelModule.createPorticoKernel({ projectId: 'test', networks: [evmA], plugins: [plugin], storage: null, endpoints: { api: 'http://127.0.0.1:9' } })
    expect(kernel.isAddress(addressA)).toBe(true)
    await kernel.destroy()
  })
})
