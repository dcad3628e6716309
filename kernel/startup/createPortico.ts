import type { GetAccountReturnType } from '../actions/getAccount.js'
import type { PluginActions, Portico, PorticoState, SubscribeEvents } from '../types/portico.js'
import { lendPluginActions } from '../plugin/lendPluginActions.js'
import { clearStaleRestoreCookie } from '../actions/persistRestoreCookie.js'
import { BaseError } from '../errors/BaseError.js'
import { validateOptions } from '../options/validateOptions.js'
import { loadPlugins } from '../plugin/loadPlugins.js'
import { resolveEndpoints, sdkVersionOf } from '../options/resolveEndpoints.js'
import type { ChainNamespace } from '../types/caip.js'
import type { WalletConnection } from '../types/connection.js'
import type { PorticoEvent } from '../types/events.js'
import type { Endpoints, PorticoOptions } from '../types/options.js'
import { version } from '../version.js'
import { readStartupState } from './readStartupState.js'
import { runStartupProbes } from './runStartupProbes.js'

/** The kernel's asynchronous actions: on the handle they load the kernel first, then run. */
export const forwardedActions = [
  'open',
  'connect',
  'disconnect',
  'switchConnection',
  'deleteConnection',
  'switchNetwork',
  'signMessage',
  'selectAccount',
  'request',
  'getSigner',
  'signIn',
  'send',
  'sendTransaction',
  'estimateSendFee',
  'fetchBalance',
  'fetchTokenBalances',
  'fetchTransactions',
  'fetchNfts',
  'fetchProfile',
  'resolveName',
  'discoverWallets',
] as const satisfies readonly (keyof Portico)[]

export type ForwardedAction = (typeof forwardedActions)[number]

/**
 * What `createPortico` returns: a few hundred bytes that know the options and what the visitor
 * had stored, render the page's buttons (through `portico/react`), and load the kernel — MobX,
 * the hooks, the actions and every plugin's code — the first time something needs it: the
 * visitor reaching for a button, a returning visitor's stored connection, or any action called here.
 */
export type PorticoHandle = {
  [K in ForwardedAction]: Portico[K]
} & PluginActions & {
  readonly version: string
  readonly options: PorticoOptions
  readonly endpoints: Required<Endpoints>
  /** `sv`: `react-<chain plugins>-<version>`. */
  readonly sdkVersion: string
  /** The namespaces whose stored connection is being restored (the kernel loads at once for them). */
  readonly restoring: readonly ChainNamespace[]
  /** The plugins whose start-time probe asked for the kernel at page start (it loads at once for them too). */
  readonly startupDuties: readonly string[]
  /** The kernel, once loaded (`undefined` until then). */
  readonly kernel: Portico | undefined
  /** Loads the kernel and every plugin's code and creates the kernel, once; resolves with it. A failed load may be retried. */
  load(): Promise<Portico>
  /** The public state: before the kernel loads, what the options and the visitor's storage say (modal closed, stored connections restoring). */
  getState(): PorticoState
  /** Before the kernel loads too: listeners move to the kernel when it loads. */
  subscribe<E extends keyof SubscribeEvents>(event: E, fn: SubscribeEvents[E]): () => void
  /** Called when the kernel has loaded (at once when it has). */
  onLoad(fn: (kernel: Portico) => void): () => void
  /** The account of a namespace (default: the active one); before the kernel loads, its restoring or disconnected state. */
  getAccount(namespace?: ChainNamespace): GetAccountReturnType
  /** The wallet connections of a namespace, active first (none before the kernel loads). */
  getConnections(namespace?: ChainNamespace): WalletConnection[]
  /** Resolves once stored connections have been restored (or dropped); with none stored, at once. */
  ready(): Promise<void>
  /** Closes the modal (nothing to do before the kernel loads). */
  close(): void
  /** Reports an error to the kernel's `error` hook and subscribers (queued until the kernel loads). */
  reportError(error: unknown, context?: { namespace?: ChainNamespace; action?: string }): void
  /** Destroys the kernel, if loaded; a later load is refused. */
  destroy(): Promise<void>
}

export type CreatePorticoParameters = PorticoOptions
export type CreatePorticoReturnType = PorticoHandle

/**
 * Creates a Portico instance for a page: validates the options at once (and throws on invalid
 * ones) and returns a small handle. Nothing else loads and nothing is requested until the
 * visitor acts: the page's buttons render from the handle, hovering or focusing one fetches the
 * kernel and the modal, a click opens it. A returning visitor's stored connection loads the
 * kernel immediately to restore it (the buttons say "Connecting…" meanwhile, never "Connect Wallet").
 *
 * @param options - networks, plugins, endpoints, features, …
 * @returns the handle; `await portico.load()` gives the kernel (stores, hooks, every action)
 * @throws on invalid options (see `validateOptions`)
 * @example
 * const portico = createPortico({ projectId: 'demo', networks: [mainnet], plugins: [eip155()] })
 * <PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>
 */
export function createPortico(options: CreatePorticoParameters): CreatePorticoReturnType {
  validateOptions(options)
  const queuedErrors: { error: unknown; context?: { namespace?: ChainNamespace; action?: string } }[] = []
  const startup = readStartupState(options, (error) => queuedErrors.push({ error, context: { action: 'storage' } }))
  // Each plugin's start-time duty (a Safe host framing the page, a WalletConnect session settled
  // while the visitor was away, …): a probe that says yes loads the kernel at once.
  const probes = runStartupProbes(options.plugins, {
    options,
    storage: startup.storage,
    window: typeof window === 'undefined' ? undefined : window,
    now: () => Date.now(),
  })
  let startState = startup.state
  let kernel: Portico | undefined
  let loading: Promise<Portico> | undefined
  let destroyed = false
  const stateListeners = new Set<SubscribeEvents['state']>()
  const eventListeners = new Set<SubscribeEvents['event']>()
  const loadListeners = new Set<(kernel: Portico) => void>()
  /** Calls a site owner's listeners: one that throws must not break Portico or the others. */
  function notify<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of [...listeners]) {
      try {
        listener(value)
      } catch {
        // the site's listener failed; Portico goes on
      }
    }
  }

  function load(): Promise<Portico> {
    if (kernel) return Promise.resolve(kernel)
    if (destroyed) return Promise.reject(new BaseError('This Portico instance was destroyed'))
    loading ??= Promise.all([import('../createPorticoKernel.js'), loadPlugins(options.plugins)])
      .then(([{ createPorticoKernel, StartupProbeError }]) => {
        if (kernel) return kernel
        if (destroyed) throw new BaseError('This Portico instance was destroyed')
        const created = createPorticoKernel(options, { validated: true, onEvent: (event: PorticoEvent) => notify(eventListeners, event), restoredAccounts: startup.accounts })
        kernel = created
        for (const failure of probes.failures.splice(0)) created.reportError(new StartupProbeError(failure), { action: 'startup' })
        for (const { error, context } of queuedErrors.splice(0)) created.reportError(error, context)
        created.subscribe('state', (state) => notify(stateListeners, state))
        // The kernel's first state may differ from the startup one (a stored network no longer offered).
        notify(stateListeners, created.getState())
        notify(loadListeners, created)
        return created
      })
      .catch((error: unknown) => {
        if (kernel) return kernel
        loading = undefined
        // Nothing is being restored any more: the buttons offer to connect again (a click retries the load).
        if (Object.values(startState.connections).some((c) => c.status === 'connecting')) {
          const connections: PorticoState['connections'] = {}
          for (const namespace of Object.keys(startState.connections)) connections[namespace] = { status: 'disconnected' }
          startState = { ...startState, connections }
          notify(stateListeners, startState)
        }
        throw error
      })
    return loading
  }

  const forwarded = {} as { [K in ForwardedAction]: Portico[K] }
  for (const name of forwardedActions) {
    ;(forwarded as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const loaded = await load()
      return (loaded[name] as (...a: unknown[]) => unknown)(...args)
    }
  }

  // The actions plugins lend (`actions`), likewise.
  lendPluginActions(forwarded, options.plugins, async (_plugin, name, args) => {
    const loaded = await load()
    return ((loaded as unknown as Record<string, (...a: unknown[]) => unknown>)[name] as (...a: unknown[]) => unknown)(...args)
  })
  const handle = {
    ...forwarded,
    version,
    options,
    endpoints: resolveEndpoints(options),
    sdkVersion: sdkVersionOf(options),
    restoring: startup.restoring,
    startupDuties: probes.wanted,
    get kernel() {
      return kernel
    },
    load,
    getState: () => kernel?.getState() ?? startState,
    subscribe(event, fn) {
      if (event !== 'state' && event !== 'event') throw new BaseError(`Unknown subscription "${String(event)}"`, { metaMessages: ['Subscribe to "state" or "event".'] })
      const listeners = (event === 'state' ? stateListeners : eventListeners) as Set<typeof fn>
      listeners.add(fn)
      return () => {
        listeners.delete(fn)
      }
    },
    onLoad(fn) {
      if (kernel) {
        fn(kernel)
        return () => {}
      }
      loadListeners.add(fn)
      return () => {
        loadListeners.delete(fn)
      }
    },
    getAccount(namespace) {
      if (kernel) return kernel.getAccount(namespace)
      const ns = namespace ?? startState.activeNamespace
      return { namespace: ns, status: startState.connections[ns]?.status ?? 'disconnected', isConnected: false }
    },
    getConnections: (namespace) => kernel?.getConnections(namespace) ?? [],
    ready: () => (kernel ? kernel.ready() : startup.restoring.length > 0 || probes.wanted.length > 0 ? load().then((loaded) => loaded.ready()) : Promise.resolve()),
    close: () => kernel?.close(),
    reportError(error, context) {
      if (kernel) kernel.reportError(error, context)
      else queuedErrors.push({ error, ...(context ? { context } : {}) })
    },
    async destroy() {
      destroyed = true
      const loaded = kernel ?? (loading ? await loading.catch(() => undefined) : undefined)
      stateListeners.clear()
      eventListeners.clear()
      loadListeners.clear()
      await loaded?.destroy()
    },
  } satisfies Omit<PorticoHandle, keyof PluginActions> as Omit<PorticoHandle, keyof PluginActions> as PorticoHandle
  // A returning visitor: restore at once, so the account shows as soon as the wallet answers; and
  // a plugin's start-time duty, likewise.
  if (startup.restoring.length > 0 || probes.wanted.length > 0) void load().catch(() => undefined)
  // Nothing stored: a restore cookie left over goes — after the page's own start-up code, which
  // may still read it for hydration (the server rendered from it).
  else if (options.restoreCookie) setTimeout(() => clearStaleRestoreCookie(handle), 0)
  return handle
}
