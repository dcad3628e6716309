import { compareStructural, reaction } from 'mobx'
import { closeModal } from './actions/closeModal.js'
import { connect } from './actions/connect.js'
import { disconnect } from './actions/disconnect.js'
import { deleteConnection } from './actions/deleteConnection.js'
import { getConnections } from './actions/getConnections.js'
import { switchConnection } from './actions/switchConnection.js'
import { discoverWallets } from './actions/discoverWallets.js'
import { fetchBalance } from './actions/fetchBalance.js'
import { fetchNfts } from './actions/fetchNfts.js'
import { fetchProfile } from './actions/fetchProfile.js'
import { resolveName } from './actions/resolveName.js'
import { lookupName } from './actions/lookupName.js'
import { fetchTokenBalances } from './actions/fetchTokenBalances.js'
import { fetchTransactions } from './actions/fetchTransactions.js'
import { getAccount } from './actions/getAccount.js'
import { handleAccountsChanged } from './actions/handleAccountsChanged.js'
import { handleChainChanged } from './actions/handleChainChanged.js'
import { handleWalletDisconnected } from './actions/handleWalletDisconnected.js'
import { openModal } from './actions/openModal.js'
import { requestClose } from './actions/requestClose.js'
import { request } from './actions/request.js'
import { restoreConnections } from './actions/restoreConnections.js'
import { selectNetwork } from './actions/selectNetwork.js'
import { estimateSendFee } from './actions/estimateSendFee.js'
import { send } from './actions/send.js'
import { sendMemoRule } from './actions/sendMemoRule.js'
import { signIn } from './actions/signIn.js'
import { selectAccount } from './actions/selectAccount.js'
import { getSigner } from './actions/getSigner.js'
import { signMessage } from './actions/signMessage.js'
import { switchNetwork } from './actions/switchNetwork.js'
import { sendTransaction } from './actions/sendTransaction.js'
import { tapBlockchainApi } from './actions/tapBlockchainApi.js'
import { BaseError } from './errors/BaseError.js'
import { PluginRequiredError, PluginSetupError } from './errors/plugin.js'
import { createPluginContext } from './plugin/createPluginContext.js'
import { lendPluginActions } from './plugin/lendPluginActions.js'
import { PluginHookRegistry } from './registries/PluginHookRegistry.js'
import { createHooks } from './hooks/createHooks.js'
import { validateOptions } from './options/validateOptions.js'
import { validatePlugins } from './options/validatePlugins.js'
import { refuseUnsupportedOptions } from './options/refuseUnsupportedOptions.js'
import { resolveEndpoints, sdkVersionOf } from './options/resolveEndpoints.js'
import { AddressValidatorRegistry } from './registries/AddressValidatorRegistry.js'
import { AccountActionRegistry } from './registries/AccountActionRegistry.js'
import { AccountBadgeRegistry } from './registries/AccountBadgeRegistry.js'
import { ConnectMethodRegistry } from './registries/ConnectMethodRegistry.js'
import { ExplorerRegistry } from './registries/ExplorerRegistry.js'
import { BuiltinWalletRegistry } from './registries/BuiltinWalletRegistry.js'
import { ChainAdapterRegistry } from './registries/ChainAdapterRegistry.js'
import { MessageRegistry } from './registries/MessageRegistry.js'
import { SignInVerifierRegistry } from './registries/SignInVerifierRegistry.js'
import { ViewRegistry } from './registries/ViewRegistry.js'
import { createAnalytics } from './services/createAnalytics.js'
import { createHttpClient } from './services/createHttpClient.js'
import { createStorage } from './services/createStorage.js'
import { defaultStorage } from './services/defaultStorage.js'
import { storageKeys, isStoredConnections, isDirectoryWalletList } from './services/storageKeys.js'
import { readRestoredAccounts } from './utils/readRestoredAccounts.js'
import type { CaipAddress, ChainNamespace } from './types/caip.js'
import { configureMobx } from './stores/configureMobx.js'
import { createRootStore, type Clock } from './stores/createRootStore.js'
import type { PorticoEvent } from './types/events.js'
import type { Network } from './types/network.js'
import type { PorticoOptions } from './types/options.js'
import type { Disposer } from './types/plugin.js'
import { version } from './version.js'

/** Made by `createPortico`'s handle for a probe that failed, once the kernel has loaded (not in a page's first bytes). */
export { StartupProbeError } from './errors/startup.js'
import type { Portico, PorticoBase, PorticoState, SubscribeEvents } from './types/portico.js'
export type { PluginActions, Portico, PorticoBase, PorticoServices, PorticoState, SubscribeEvents } from './types/portico.js'

export type CreatePorticoKernelParameters = PorticoOptions
export type CreatePorticoKernelReturnType = Portico

/** What `createPortico`'s handle passes to the kernel it creates. */
export type KernelStartup = {
  /** The options were validated already (by the handle): not again. */
  validated?: boolean
  /** Receives every event from the first (`MODAL_CREATED` is emitted during creation). */
  onEvent?: (event: PorticoEvent) => void
  /** The stored accounts being restored, as the handle read them (`readStartupState`); else the kernel reads them itself. */
  restoredAccounts?: Partial<Record<ChainNamespace, CaipAddress>>
}

/**
 * Creates the kernel at once: validates the options, builds the stores and hooks, runs every
 * plugin's `setup` in order, and starts restoring a previous connection (the only thing that
 * may reach the network before the visitor acts). Every plugin's code must be loaded first
 * (`await loadPlugins(plugins)`, for a plugin with a `load`): a site calls `createPortico`, whose
 * `load()` does both; tests, servers and hosts that want the kernel synchronously call this.
 *
 * @param options - networks, plugins, endpoints, features, …
 * @returns the kernel
 * @throws on invalid options (see `validateOptions`, `validatePlugins` and `refuseUnsupportedOptions`), and `PluginSetupError` for a plugin whose code is not loaded
 * @example
 * await loadPlugins([eip155()])
 * const portico = createPorticoKernel({ projectId: 'demo', networks: [devnetA], plugins: [eip155()],
 *   endpoints: { api: 'http://127.0.0.1:4700' } })
 */
export function createPorticoKernel(options: CreatePorticoKernelParameters, startup: KernelStartup = {}): CreatePorticoKernelReturnType {
  if (!startup.validated) validateOptions(options)
  validatePlugins(options.plugins)
  refuseUnsupportedOptions(options)
  configureMobx()

  const clock: Clock = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
  const eventListeners = new Set<SubscribeEvents['event']>()
  const disposers: Disposer[] = []
  const pluginStores = new Map<string, unknown>()
  let destroyed = false
  let portico!: Portico

  const reportStorageError = (error: BaseError) => {
    portico?.hooks.error.call({ error, action: 'storage' })
  }
  const storage = createStorage({
    backend: options.storage === undefined ? defaultStorage() : options.storage,
    onError: (error) => reportStorageError(error),
  })

  const endpoints = resolveEndpoints(options)
  const sdkVersion = sdkVersionOf(options)
  const httpDefaults = { projectId: options.projectId, sdkType: 'portico', sdkVersion, ...(options.fetch ? { fetch: options.fetch } : {}) }

  const storedNetworkId = storage.get(storageKeys.activeNetwork, (v): v is string => typeof v === 'string')
  const initialNetwork =
    options.networks.find((n) => n.caipNetworkId === storedNetworkId) ?? options.defaultNetwork ?? (options.networks[0] as Network)

  const apiClient = createHttpClient({ ...httpDefaults, baseUrl: endpoints.api })
  const stores = createRootStore({
    options,
    initialNetwork,
    recentWallets: storage.get(storageKeys.recentWallets, isDirectoryWalletList) ?? [],
    clock,
    close: () => portico.close(),
    api: apiClient,
    onDirectoryError: (error) => {
      stores.alerts.raise('APKT003')
      portico.reportError(error, { action: 'fetchWallets' })
    },
  })

  const analyticsHttp = createHttpClient({ ...httpDefaults, baseUrl: endpoints.analytics, retries: 0 })
  const analytics = createAnalytics({
    http: analyticsHttp,
    enabled: () => stores.options.analyticsEnabled,
    onForbidden: () => stores.alerts.raise('APKT002'),
  })

  const views = new ViewRegistry()
  const addressValidators = new AddressValidatorRegistry()
  const builtinWallets = new BuiltinWalletRegistry()
  let readyPromise: Promise<void> | undefined

  const base: PorticoBase = {
    version,
    options,
    plugins: options.plugins as PorticoBase['plugins'],
    hooks: createHooks(),
    stores,
    views,
    addressValidators,
    chains: new ChainAdapterRegistry({ addressValidators, builtinWallets }),
    explorers: new ExplorerRegistry(),
    builtinWallets,
    accountActions: new AccountActionRegistry(() => stores.options.features.walletFeaturesOrder),
    accountBadges: new AccountBadgeRegistry(),
    connectMethods: new ConnectMethodRegistry(),
    signInVerifiers: new SignInVerifierRegistry(),
    messages: new MessageRegistry(),
    services: {
      api: apiClient,
      // No automatic retries: after a failure the 30 s retry gate decides (spec §4).
      blockchainApi: createHttpClient({ ...httpDefaults, baseUrl: endpoints.blockchainApi, retries: 0 }),
      storage,
      analytics,
    },
    endpoints,
    sdkVersion,
    isMobile: stores.options.isMobile,
    clock,

    open: (parameters) => openModal(portico, parameters),
    close: () => closeModal(portico),
    requestClose: () => requestClose(portico),
    back: () => stores.router.goBack(),
    connect: (parameters) => connect(portico, parameters),
    disconnect: (namespace) => disconnect(portico, namespace),
    getConnections: (namespace) => getConnections(portico, namespace),
    switchConnection: (parameters) => switchConnection(portico, parameters),
    deleteConnection: (parameters) => deleteConnection(portico, parameters),
    switchNetwork: (network) => switchNetwork(portico, network),
    selectNetwork: (network) => selectNetwork(portico, network),
    signMessage: (parameters) => signMessage(portico, parameters),
    selectAccount: (address, namespace) => selectAccount(portico, address, namespace),
    request: (parameters) => request(portico, parameters),
    getSigner: (namespace) => getSigner(portico, namespace),
    channel(namespace) {
      const channel = stores.connections.channel(namespace)
      const connectorId = stores.connections.get(namespace).connectorId
      if (!channel || !connectorId) return undefined
      const chains = channel.chains?.()
      return { connectorId, ...(chains ? { chains: [...chains] } : {}), supports: (method, chainId) => channel.supports?.(method, chainId) ?? true }
    },
    signIn: () => signIn(portico),
    send: (parameters) => send(portico, parameters),
    sendTransaction: (parameters) => sendTransaction(portico, parameters),
    estimateSendFee: (parameters) => estimateSendFee(portico, parameters),
    sendMemo: (namespace) => sendMemoRule(portico, namespace),
    fetchBalance: (namespace, options) => fetchBalance(portico, namespace, options),
    fetchTokenBalances: (namespace, options) => fetchTokenBalances(portico, namespace, options),
    fetchTransactions: (namespace, options) => fetchTransactions(portico, namespace, options),
    fetchNfts: (namespace) => fetchNfts(portico, namespace),
    fetchProfile: (namespace, options) => fetchProfile(portico, namespace, options),
    resolveName: (name, namespace) => resolveName(portico, name, namespace),
    lookupName: (address, namespace) => lookupName(portico, address, namespace),
    discoverWallets: (namespace) => discoverWallets(portico, namespace),
    getAccount: (namespace) => getAccount(portico, namespace),
    getState: () => snapshot(),
    subscribe(event, fn) {
      if (event === 'state') {
        const dispose = reaction(snapshot, (state) => (fn as SubscribeEvents['state'])(state), { equals: compareStructural })
        disposers.push(dispose)
        return dispose
      }
      if (event === 'event') {
        eventListeners.add(fn as SubscribeEvents['event'])
        return () => eventListeners.delete(fn as SubscribeEvents['event'])
      }
      throw new BaseError(`Unknown subscription "${String(event)}"`, { metaMessages: ['Subscribe to "state" or "event".'] })
    },
    watch(read, onChange) {
      const dispose = reaction(() => JSON.stringify(read()) ?? 'undefined', () => onChange())
      disposers.push(dispose)
      return dispose
    },
    ready: () => (readyPromise ??= restoreConnections(portico)),
    async destroy() {
      if (destroyed) return
      destroyed = true
      stores.toasts.dispose()
      eventListeners.clear()
      for (const dispose of disposers.splice(0).reverse()) {
        try {
          await dispose()
        } catch (error) {
          portico.reportError(error, { action: 'destroy' })
        }
      }
    },
    isAddress: (address, namespace) => addressValidators.isAddress(address, namespace ?? stores.networks.activeNamespace),

    emit(event) {
      const full: PorticoEvent = { ...event, timestamp: clock.now() }
      analytics.track(full)
      for (const listener of [...(startup.onEvent ? [startup.onEvent] : []), ...eventListeners]) {
        try {
          listener(full)
        } catch {
          // a site owner's listener must not break Portico
        }
      }
    },
    reportError(error, context = {}) {
      const typed = error instanceof BaseError ? error : new BaseError('Unexpected error', { cause: error })
      try {
        portico.hooks.error.call({ error: typed, ...context })
      } catch {
        // an error tap must not throw back into the action that failed
      }
      portico.emit({ type: 'error', event: 'ERROR', properties: { message: typed.shortMessage, code: typed.code, ...(context.action ? { action: context.action } : {}) } })
      // `debug: true`: the site owner sees every reported error, with its cause, in the console.
      if (options.debug) console.error(`[portico] ${context.action ?? 'error'}:`, typed)
      return typed
    },
    reportAccountsChanged: (namespace, accounts, options) => handleAccountsChanged(portico, namespace, accounts, options),
    reportChainChanged: (namespace, caipNetworkId, options) => handleChainChanged(portico, namespace, caipNetworkId, options),
    reportDisconnected: (namespace, options) => handleWalletDisconnected(portico, namespace, options),
    registerStore(name, store) {
      pluginStores.set(name, store)
      return store
    },
    getStore: <T>(name: string) => pluginStores.get(name) as T | undefined,
    markUserAction: () => analytics.markUserAction(),
  }
  // The actions plugins lend (`actions`): each runs the member of that name in the plugin's store.
  lendPluginActions(base, base.plugins, (plugin, name, args) => {
    const action = (pluginStores.get(plugin) as Record<string, unknown> | undefined)?.[name]
    if (typeof action !== 'function') throw new PluginRequiredError({ plugin, action: name })
    return (action as (...a: unknown[]) => unknown)(...args)
  })
  portico = base as Portico

  function snapshot(): PorticoState {
    const { modal, router, networks, connections } = stores
    return {
      open: modal.open,
      view: router.view,
      history: [...router.history],
      loading: modal.isLoading,
      activeNamespace: networks.activeNamespace,
      activeNetworkId: networks.activeNetwork?.caipNetworkId,
      connections: connections.snapshot,
    }
  }

  if (!options.projectId) stores.alerts.raise('APKT008')

  // Honest state: a namespace with a stored connection shows "connecting" from the first render.
  const storedConnections = storage.get(storageKeys.connections, isStoredConnections) ?? {}
  if (options.enableReconnect !== false) {
    const restoring = Object.fromEntries(Object.entries(storedConnections).filter(([namespace]) => stores.networks.namespaces.includes(namespace)))
    // With `restoreCookie: { account: true }`: the stored account shows while the wallet is asked again.
    const accounts = startup.restoredAccounts ?? readRestoredAccounts(options, restoring, (error) => portico.reportError(error, { action: 'storage' }))
    for (const [namespace, stored] of Object.entries(restoring)) stores.connections.setConnecting(namespace, stored.connectorId, accounts[namespace])
  }

  // The blockchain API is the default source of account data; plugins tap before (or after) it.
  tapBlockchainApi(portico, stores.networks.namespaces)
  const pluginHooks = new PluginHookRegistry(portico.plugins.map((p) => p.name))
  for (const plugin of portico.plugins) {
    try {
      if (plugin.messages !== undefined) portico.messages.register(plugin.name, plugin.messages)
      if (plugin.locales !== undefined) portico.messages.registerLocales(plugin.name, plugin.locales)
      const dispose = plugin.setup(createPluginContext(portico, plugin.name, pluginHooks))
      if (typeof dispose === 'function') disposers.push(dispose)
    } catch (cause) {
      throw new PluginSetupError({ plugin: plugin.name, cause })
    }
  }
  // A connected account's name and avatar, when a name service plugin taps `fetchProfile`.
  disposers.push(
    reaction(
      () => {
        const ns = stores.networks.activeNamespace
        return `${ns}|${stores.connections.get(ns).caipNetworkId ?? ''}|${stores.connections.address(ns) ?? ''}`
      },
      (key) => {
        const [ns, , address] = key.split('|')
        if (ns && address) void fetchProfile(portico, ns)
      },
      { fireImmediately: true },
    ),
  )
  portico.hooks.registerViews.call(views)
  portico.emit({ type: 'track', event: 'MODAL_CREATED' })

  void portico.ready()
  return portico
}
