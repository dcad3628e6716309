import type { ConnectParameters, DeleteConnectionParameters, FetchProfileParameters, GetAccountReturnType, OpenModalParameters, RequestParameters, SendParameters, SendTransactionParameters, SignMessageParameters, SwitchConnectionParameters } from './actions.js'
import type { BaseError } from '../errors/BaseError.js'
import type { Hooks } from '../hooks/createHooks.js'
import type { PluginContext } from './pluginContext.js'
import type { AccountActionRegistry } from '../registries/AccountActionRegistry.js'
import type { AccountBadgeRegistry } from '../registries/AccountBadgeRegistry.js'
import type { AddressValidatorRegistry } from '../registries/AddressValidatorRegistry.js'
import type { BuiltinWalletRegistry } from '../registries/BuiltinWalletRegistry.js'
import type { ConnectMethodRegistry } from '../registries/ConnectMethodRegistry.js'
import type { ChainAdapterRegistry } from '../registries/ChainAdapterRegistry.js'
import type { ExplorerRegistry } from '../registries/ExplorerRegistry.js'
import type { MessageRegistry } from '../registries/MessageRegistry.js'
import type { SignInVerifierRegistry } from '../registries/SignInVerifierRegistry.js'
import type { ViewRegistry } from '../registries/ViewRegistry.js'
import type { Analytics } from '../services/createAnalytics.js'
import type { HttpClient } from '../services/createHttpClient.js'
import type { PorticoStorage } from '../services/createStorage.js'
import type { Clock, RootStore } from '../stores/createRootStore.js'
import type { Nft, TokenBalance, Transaction } from './account.js'
import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { ConnectionAccount, ConnectionsSnapshot, ReportOptions, WalletConnection } from './connection.js'
import type { PorticoEvent } from './events.js'
import type { BalanceResult, ProfileResult, ResolveNameResult, SendFeeEstimate } from './hooks.js'
import type { Network } from './network.js'
import type { Endpoints, PorticoOptions } from './options.js'
import type { Plugin, SendMemoRule } from './plugin.js'
import type { View } from './view.js'
import type { SignerOf } from './signer.js'
import type { WalletConnector } from './wallet.js'

/** The public state contract: a plain snapshot the UI and site owners read. */
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

/** One Portico instance as the kernel builds it: its stores, hooks and actions (without what plugins lend, {@link PluginActions}). */
export type PorticoBase = {
  readonly version: string
  readonly options: PorticoOptions
  readonly plugins: readonly Plugin<PluginContext>[]
  readonly hooks: Hooks
  readonly stores: RootStore
  readonly views: ViewRegistry
  readonly addressValidators: AddressValidatorRegistry
  /** The chain adapters by namespace (`registerChainAdapter`): the adapter methods the kernel calls directly, and whether a namespace has one (`has(namespace, 'selectAccount')`). */
  readonly chains: ChainAdapterRegistry
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
  /** Makes another account the wallet shared the active one, where the namespace's plugin allows it (its chain adapter's `selectAccount`). */
  selectAccount(address: string, namespace?: ChainNamespace): Promise<void>
  /**
   * Sends one wallet request over the namespace's connection channel (a connector such as
   * WalletConnect returns one); chain plugins encode their namespace's requests with it.
   */
  request(parameters: RequestParameters): Promise<unknown>
  /**
   * The connected account's signer of a namespace for the site's own transactions, in the shape
   * its ecosystem's SDK takes (typed once the site imports the chain plugin); it follows account
   * and network switches and signs through whichever connector holds the connection.
   */
  getSigner<N extends ChainNamespace>(namespace: N): Promise<SignerOf<N>>
  /** Whether the namespace's connection is a channel (its connector returned one), and what it approved. */
  channel(namespace: ChainNamespace): { connectorId: string; chains?: readonly CaipNetworkId[]; supports(method: string, chainId: CaipNetworkId): boolean } | undefined
  signIn(): Promise<unknown>
  send(parameters: SendParameters): Promise<string>
  /** Sends a transaction a feature plugin built (a swap, an approval) from the connected account, through the chain adapter's `sendTransaction`. */
  sendTransaction(parameters: SendTransactionParameters): Promise<string>
  /** The most a send will cost in network fees, from the namespace's chain adapter (`estimateSendFee`; undefined when none answers). */
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
  /** The name registered for any address through the `fetchProfile` hook (undefined when none); nothing is stored. */
  lookupName(address: string, namespace?: ChainNamespace): Promise<string | undefined>
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

/**
 * The actions plugins lend the instance (and `createPortico`'s handle): empty in the kernel. A
 * plugin names them in `actions` and provides them as members of its store
 * (`registerStore(name, …)`); its entry adds their types here by declaration merging, e.g.
 * `portico/calls`:
 *
 * @example
 * declare module 'portico' {
 *   interface PluginActions { sendCalls(parameters: SendCallsParameters): Promise<SendCallsResult> }
 * }
 */
export interface PluginActions {}

/** One Portico instance: the kernel's stores, hooks and actions, and the actions its plugins lend. */
export type Portico = PorticoBase & PluginActions
