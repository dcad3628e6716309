import { compareStructural, reaction, runInAction } from 'mobx'
import { closeModal } from './actions/closeModal.js'
import { connect, type ConnectParameters } from './actions/connect.js'
import { disconnect } from './actions/disconnect.js'
import { deleteConnection, type DeleteConnectionParameters } from './actions/deleteConnection.js'
import { getConnections } from './actions/getConnections.js'
import { switchConnection, type SwitchConnectionParameters } from './actions/switchConnection.js'
import { discoverWallets } from './actions/discoverWallets.js'
import { fetchBalance } from './actions/fetchBalance.js'
import { fetchNfts } from './actions/fetchNfts.js'
import { fetchProfile, type FetchProfileParameters } from './actions/fetchProfile.js'
import { resolveName } from './actions/resolveName.js'
import { fetchTokenBalances } from './actions/fetchTokenBalances.js'
import { fetchTransactions } from './actions/fetchTransactions.js'
import { getAccount, type GetAccountReturnType } from './actions/getAccount.js'
import { handleAccountsChanged } from './actions/handleAccountsChanged.js'
import { handleChainChanged } from './actions/handleChainChanged.js'
import { handleWalletDisconnected } from './actions/handleWalletDisconnected.js'
import { openModal, type OpenModalParameters } from './actions/openModal.js'
import { requestClose } from './actions/requestClose.js'
import { request, type RequestParameters } from './actions/request.js'
import { restoreConnections } from './actions/restoreConnections.js'
import { selectNetwork } from './actions/selectNetwork.js'
import { estimateSendFee } from './actions/estimateSendFee.js'
import { send, type SendParameters } from './actions/send.js'
import { sendMemoRule } from './actions/sendMemoRule.js'
import { signIn } from './actions/signIn.js'
import { selectAccount } from './actions/selectAccount.js'
import { signMessage, type SignMessageParameters } from './actions/signMessage.js'
import { switchNetwork } from './actions/switchNetwork.js'
import { sendTransaction, type SendTransactionParameters } from './actions/sendTransaction.js'
import { tapBlockchainApi } from './actions/tapBlockchainApi.js'
import type { FetchUserOperationReceiptParameters } from './actions/fetchUserOperationReceipt.js'
import type { GetCallsStatusParameters } from './actions/getCallsStatus.js'
import type { GetCapabilitiesParameters } from './actions/getCapabilities.js'
import { refreshSmartAccount } from './actions/refreshSmartAccount.js'
import type { SendCallsParameters } from './actions/sendCalls.js'
import type { ShowCallsStatusParameters } from './actions/showCallsStatus.js'
import type { SwitchAccountTypeParameters, SwitchableAccountType } from './actions/switchAccountType.js'
import type { WaitForCallsStatusParameters } from './actions/waitForCallsStatus.js'
import type { CallsApi } from './plugin/callsApi.js'
import type { CallsStatus, SendCallsResult, UserOperationReceipt, WalletCapabilitiesByChain } from './types/calls.js'
import { BaseError } from './errors/BaseError.js'
import { PluginRequiredError, PluginSetupError } from './errors/plugin.js'
import { createPluginContext, type PluginContext } from './plugin/createPluginContext.js'
import { PluginHookRegistry } from './registries/PluginHookRegistry.js'
import { createHooks, type Hooks } from './hooks/createHooks.js'
import { validateOptions } from './options/validateOptions.js'
import { validatePlugins } from './options/validatePlugins.js'
import { resolveEndpoints, sdkVersionOf } from './options/resolveEndpoints.js'
import { AddressValidatorRegistry } from './registries/AddressValidatorRegistry.js'
import { AccountActionRegistry } from './registries/AccountActionRegistry.js'
import { AccountBadgeRegistry } from './registries/AccountBadgeRegistry.js'
import { ConnectMethodRegistry } from './registries/ConnectMethodRegistry.js'
import { ExplorerRegistry } from './registries/ExplorerRegistry.js'
import { BuiltinWalletRegistry } from './registries/BuiltinWalletRegistry.js'
import { MessageRegistry } from './registries/MessageRegistry.js'
import { SignInVerifierRegistry } from './registries/SignInVerifierRegistry.js'
import { ViewRegistry } from './registries/ViewRegistry.js'
import { createAnalytics, type Analytics } from './services/createAnalytics.js'
import { createHttpClient, type HttpClient } from './services/createHttpClient.js'
import { createStorage, type PorticoStorage } from './services/createStorage.js'
import { defaultStorage } from './services/defaultStorage.js'
import { storageKeys, isStoredConnections, isDirectoryWalletList } from './services/storageKeys.js'
import { configureMobx } from './stores/configureMobx.js'
import { createRootStore, type Clock, type RootStore } from './stores/createRootStore.js'
import type { CaipNetworkId, ChainNamespace } from './types/caip.js'
import type { ConnectionAccount, ConnectionsSnapshot, ReportOptions, WalletConnection } from './types/connection.js'
import type { PorticoEvent } from './types/events.js'
import type { Nft, TokenBalance, Transaction } from './types/account.js'
import type { BalanceResult, ProfileResult, ResolveNameResult, SendFeeEstimate } from './types/hooks.js'
import type { Network } from './types/network.js'
import type { Endpoints, PorticoOptions } from './types/options.js'
import type { Disposer, Plugin, SendMemoRule } from './types/plugin.js'
import type { View } from './types/view.js'
import type { WalletConnector } from './types/wallet.js'
import { version } from './version.js'

/** The public state contract: a plain snapshot the UI and site owners read. */
/** Made by `createPortico`'s handle for a probe that failed, once the kernel has loaded (not in a page's first bytes). */
export { StartupProbeError } from './errors/startup.js'

export type PorticoState = {
  open: boolean
  view: View
  history: View[]
  loading: boolean
  activeNamespace: ChainNamespace
  activeNetworkId: CaipNetworkId | undefined
  connections: ConnectionsSnapshot
}

export type SubscribeEvents = {
  state: (state: PorticoState) => void
  event: (event: PorticoEvent) => void
}

export type PorticoServices = {
  /** Wallet directory and project configuration. */
  api: HttpClient
  /** Blockchain API and RPC proxy. */
  blockchainApi: HttpClient
  storage: PorticoStorage
  analytics: Analytics
}

/** One Portico instance: the kernel's stores, hooks and actions. */
export type Portico = {
  readonly version: string
  readonly options: PorticoOptions
  readonly plugins: readonly Plugin<PluginContext>[]
  readonly hooks: Hooks
  readonly stores: RootStore
  readonly views: ViewRegistry
  readonly addressValidators: AddressValidatorRegistry
  /** Block-explorer links, filled by chain plugins. */
  readonly explorers: ExplorerRegistry
  /** Portico's built-in wallets of the installed chain plugins' namespaces (the directory's fallback, Get Wallet). */
  readonly builtinWallets: BuiltinWalletRegistry
  /** The Account view's buttons that feature plugins add (Buy, Swap …), listed by `order`. */
  readonly accountActions: AccountActionRegistry
  /** The Account view's status badges that plugins add ("Signed in" …), shown while they hold. */
  readonly accountBadges: AccountBadgeRegistry
  /** The Connect view's sections that plugins add per connect method (an email field, social buttons). */
  readonly connectMethods: ConnectMethodRegistry
  /** Sign-in message verifiers per namespace, filled by chain plugins. */
  readonly signInVerifiers: SignInVerifierRegistry
  /** The plugins' English strings (`definePlugin({ messages })`), read by the UI's translator. */
  readonly messages: MessageRegistry
  readonly services: PorticoServices
  readonly endpoints: Required<Endpoints>
  /** `sv`: `react-<chain plugins>-<version>`. */
  readonly sdkVersion: string
  readonly isMobile: boolean
  readonly clock: Clock

  /** Opens the modal (spec §2 order). */
  open(options?: OpenModalParameters): Promise<void>
  /** Closes the modal (always). */
  close(): void
  /** Esc or overlay: closes unless the current view forbids it (then the modal shakes). */
  requestClose(): boolean
  /** The back button. */
  back(): void
  connect(parameters: ConnectParameters): Promise<ConnectionsSnapshot[string]>
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** The wallet connections of a namespace, active first; several only with the `multiWallet` feature on (spec §6). */
  getConnections(namespace?: ChainNamespace): WalletConnection[]
  /** Makes a kept connection the active one (multi-wallet); with the feature off, the 'Multi-Wallet Not Enabled' notice. */
  switchConnection(parameters: SwitchConnectionParameters): Promise<void>
  /** Disconnects one wallet of a namespace (multi-wallet); with the feature off, the 'Multi-Wallet Not Enabled' notice. */
  deleteConnection(parameters: DeleteConnectionParameters): Promise<void>
  switchNetwork(network: Network | CaipNetworkId): Promise<void>
  /** The Networks view's choice: routes to SwitchNetwork or SwitchActiveChain. */
  selectNetwork(network: Network): void
  signMessage(parameters: SignMessageParameters): Promise<string>
  /** Makes another account the wallet shared the active one, where the namespace's plugin allows it (`selectAccount` hook). */
  selectAccount(address: string, namespace?: ChainNamespace): Promise<void>
  /**
   * Sends one wallet request over the namespace's connection channel (a connector such as
   * WalletConnect returns one); chain plugins encode their namespace's requests with it.
   */
  request(parameters: RequestParameters): Promise<unknown>
  /** Whether the namespace's connection is a channel (its connector returned one), and what it approved. */
  channel(namespace: ChainNamespace): { connectorId: string; chains?: readonly CaipNetworkId[]; supports(method: string, chainId: CaipNetworkId): boolean } | undefined
  signIn(): Promise<unknown>
  send(parameters: SendParameters): Promise<string>
  /** Sends a transaction a feature plugin built (a swap, an approval) from the connected account, through the chain plugin's `sendTransaction` tap. */
  sendTransaction(parameters: SendTransactionParameters): Promise<string>
  /** What the wallet can do for an account, per chain (EIP-5792 `wallet_getCapabilities`); `address` defaults to the connected account. */
  getCapabilities(parameters?: GetCapabilitiesParameters): Promise<WalletCapabilitiesByChain>
  /** Sends one batch of calls from the connected account (EIP-5792 `wallet_sendCalls`), with an optional sequential fallback. */
  sendCalls(parameters: SendCallsParameters): Promise<SendCallsResult>
  /** The state of a batch (`wallet_getCallsStatus`, the bundler route, or receipts for `sequential:` ids). */
  getCallsStatus(id: string, parameters?: GetCallsStatusParameters): Promise<CallsStatus>
  /** Polls `getCallsStatus` until the batch is no longer pending (default every 1 s, up to 60 s). */
  waitForCallsStatus(id: string, parameters?: WaitForCallsStatusParameters): Promise<CallsStatus>
  /** Asks the wallet to show a batch (`wallet_showCallsStatus`). */
  showCallsStatus(id: string, parameters?: ShowCallsStatusParameters): Promise<void>
  /** A user operation's receipt through the server's bundler route; `null` while not included. */
  fetchUserOperationReceipt(userOpHash: string, parameters?: FetchUserOperationReceiptParameters): Promise<UserOperationReceipt | null>
  /** Makes an account of the other type (`eoa` / `smartAccount`) the active one, where the connection offers it (spec §4; needs `portico/calls`). */
  switchAccountType(type: SwitchableAccountType, parameters?: SwitchAccountTypeParameters): Promise<void>
  /** The most a send will cost in network fees, from the namespace's `estimateSendFee` tap (undefined when none answers). */
  estimateSendFee(parameters: SendParameters): Promise<SendFeeEstimate | undefined>
  /** Whether a send on the namespace (the active one by default) may carry a memo, and its limit: the chain plugin's `meta.sendMemo`. */
  sendMemo(namespace?: ChainNamespace): SendMemoRule | undefined
  /** The native balance through the namespace's plugin, cached 30 s (`force` asks again). */
  fetchBalance(namespace?: ChainNamespace, options?: { force?: boolean }): Promise<BalanceResult | undefined>
  /** Token balances through the `fetchTokenBalances` hook (blockchain API by default; cached 30 s, 30 s retry gate). */
  fetchTokenBalances(namespace?: ChainNamespace, options?: { force?: boolean }): Promise<TokenBalance[]>
  /** Activity through the `fetchTransactions` hook (blockchain API by default); `cursor` loads the next page. */
  fetchTransactions(namespace?: ChainNamespace, options?: { cursor?: string }): Promise<Transaction[]>
  fetchNfts(namespace?: ChainNamespace): Promise<Nft[]>
  /** The account's name and avatar through the `fetchProfile` hook (a name service plugin), kept in the account store. */
  fetchProfile(namespace?: ChainNamespace, options?: FetchProfileParameters): Promise<ProfileResult | undefined>
  /** The address a name points to through the `resolveName` hook (undefined when nobody knows it). */
  resolveName(name: string, namespace?: ChainNamespace): Promise<ResolveNameResult | undefined>
  discoverWallets(namespace?: ChainNamespace): Promise<WalletConnector[]>
  getAccount(namespace?: ChainNamespace): GetAccountReturnType
  getState(): PorticoState
  subscribe<E extends keyof SubscribeEvents>(event: E, fn: SubscribeEvents[E]): () => void
  /**
   * Calls `onChange` whenever what `read` returns from the stores changes (compared as JSON), so
   * code outside the kernel (the UI's hooks) follows the stores without importing MobX itself.
   *
   * @returns the disposer
   */
  watch(read: () => unknown, onChange: () => void): () => void
  /** Resolves once stored connections have been restored (or dropped). */
  ready(): Promise<void>
  /** Undoes every plugin's setup and every reaction. */
  destroy(): Promise<void>
  isAddress(address: unknown, namespace?: ChainNamespace): boolean

  /** For plugins: reports an analytics event to subscribers and analytics. */
  emit(event: Omit<PorticoEvent, 'timestamp'>): void
  /** For plugins: reports an error to the `error` hook and subscribers. */
  reportError(error: unknown, context?: { namespace?: ChainNamespace; action?: string }): BaseError
  /** For plugins: the wallet's accounts changed (an empty list disconnects); `connectorId` says which connection, when several are kept (multi-wallet). */
  reportAccountsChanged(namespace: ChainNamespace, accounts: readonly (string | ConnectionAccount)[], options?: ReportOptions): void
  /** For plugins: the wallet moved to another chain; `connectorId` as above. */
  reportChainChanged(namespace: ChainNamespace, caipNetworkId: CaipNetworkId, options?: ReportOptions): void
  /** For plugins: the wallet ended the connection; `connectorId` as above. */
  reportDisconnected(namespace: ChainNamespace, options?: ReportOptions): void
  /** For plugins: registers a plugin's own store, by the plugin's name. */
  registerStore<T>(name: string, store: T): T
  getStore<T = unknown>(name: string): T | undefined
  /** Marks the first user action (analytics may send from now on). */
  markUserAction(): void
}

export type CreatePorticoKernelParameters = PorticoOptions
export type CreatePorticoKernelReturnType = Portico

function detectMobile(): boolean {
  const nav = (globalThis as { navigator?: { userAgent?: string } }).navigator
  return typeof nav?.userAgent === 'string' && /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent)
}

/** What `createPortico`'s handle passes to the kernel it creates. */
export type KernelStartup = {
  /** The options were validated already (by the handle): not again. */
  validated?: boolean
  /** Receives every event from the first (`MODAL_CREATED` is emitted during creation). */
  onEvent?: (event: PorticoEvent) => void
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
 * @throws on invalid options (see `validateOptions` and `validatePlugins`), and `PluginSetupError` for a plugin whose code is not loaded
 * @example
 * await loadPlugins([eip155()])
 * const portico = createPorticoKernel({ projectId: 'demo', networks: [devnetA], plugins: [eip155()],
 *   endpoints: { api: 'http://127.0.0.1:4700' } })
 */
export function createPorticoKernel(options: CreatePorticoKernelParameters, startup: KernelStartup = {}): CreatePorticoKernelReturnType {
  if (!startup.validated) validateOptions(options)
  validatePlugins(options.plugins)
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
  const callsApi = (action: string): CallsApi => {
    const api = pluginStores.get('calls') as CallsApi | undefined
    if (!api) throw new PluginRequiredError({ plugin: 'calls', action })
    return api
  }
  const addressValidators = new AddressValidatorRegistry()
  let readyPromise: Promise<void> | undefined

  portico = {
    version,
    options,
    plugins: options.plugins as readonly Plugin<PluginContext>[],
    hooks: createHooks(),
    stores,
    views,
    addressValidators,
    explorers: new ExplorerRegistry(),
    builtinWallets: new BuiltinWalletRegistry(),
    accountActions: new AccountActionRegistry(),
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
    isMobile: options.isMobile ?? detectMobile(),
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
    // EIP-5792 batches and the account-type switch come with `portico/calls` (its store): without it, PluginRequiredError.
    getCapabilities: async (parameters) => callsApi('getCapabilities').getCapabilities(portico, parameters),
    sendCalls: async (parameters) => callsApi('sendCalls').sendCalls(portico, parameters),
    getCallsStatus: async (id, parameters) => callsApi('getCallsStatus').getCallsStatus(portico, id, parameters),
    waitForCallsStatus: async (id, parameters) => callsApi('waitForCallsStatus').waitForCallsStatus(portico, id, parameters),
    showCallsStatus: async (id, parameters) => callsApi('showCallsStatus').showCallsStatus(portico, id, parameters),
    fetchUserOperationReceipt: async (userOpHash, parameters) => callsApi('fetchUserOperationReceipt').fetchUserOperationReceipt(portico, userOpHash, parameters),
    switchAccountType: async (type, parameters) => callsApi('switchAccountType').switchAccountType(portico, type, parameters),
    sendMemo: (namespace) => sendMemoRule(portico, namespace),
    fetchBalance: (namespace, options) => fetchBalance(portico, namespace, options),
    fetchTokenBalances: (namespace, options) => fetchTokenBalances(portico, namespace, options),
    fetchTransactions: (namespace, options) => fetchTransactions(portico, namespace, options),
    fetchNfts: (namespace) => fetchNfts(portico, namespace),
    fetchProfile: (namespace, options) => fetchProfile(portico, namespace, options),
    resolveName: (name, namespace) => resolveName(portico, name, namespace),
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
    for (const [namespace, stored] of Object.entries(storedConnections)) {
      if (stores.networks.namespaces.includes(namespace)) stores.connections.setConnecting(namespace, stored.connectorId)
    }
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
  // The active account's type and, for a smart account, whether it is deployed: on connect, account
  // change and network change (spec §3 preferredAccountType / smartAccountDeployed).
  for (const namespace of stores.networks.namespaces) {
    disposers.push(
      reaction(
        () => {
          const connection = stores.connections.get(namespace)
          const first = connection.accounts[0]
          return connection.status === 'connected' && first ? `${connection.caipNetworkId ?? ''}|${first.address}|${first.type ?? ''}` : ''
        },
        (key) => {
          if (key) void refreshSmartAccount(portico, namespace)
          else runInAction(() => stores.accounts.update(namespace, { preferredAccountType: undefined, smartAccountDeployed: undefined }))
        },
        { fireImmediately: true },
      ),
    )
  }
  // Switching the active network clears the send form (spec §4).
  portico.hooks.registerViews.call(views)
  portico.emit({ type: 'track', event: 'MODAL_CREATED' })

  void portico.ready()
  return portico
}
