import type { ConnectResult } from '../types/connection.js'
import type {
  AccountChangedEvent,
  BalanceResult,
  ConnectedEvent,
  ConnectRequest,
  DisconnectedEvent,
  DisconnectRequest,
  DiscoverWalletsContext,
  ErrorEvent,
  FetchBalanceRequest,
  FetchNftsRequest,
  FetchProfileRequest,
  ProfileResult,
  ResolveNameRequest,
  ResolveNameResult,
  FetchTokenBalancesRequest,
  FetchTransactionsRequest,
  Nft,
  TokenBalance,
  TransactionsPage,
  NetworkChangedEvent,
  ReconnectRequest,
  SendRequest,
  SendResult,
  SignInState,
  SignMessageRequest,
  SignMessageResult,
  SwitchNetworkRequest,
  SwitchNetworkResult,
  ViewRegistryLike,
} from '../types/hooks.js'
import {
  AsyncParallelHook,
  AsyncSeriesBailHook,
  AsyncSeriesHook,
  AsyncSeriesWaterfallHook,
  HookMap,
  SyncHook,
} from './hookClasses.js'

/**
 * Builds the kernel's extension surface: one frozen object of hooks. Namespace-keyed hooks are
 * `HookMap`s keyed by CAIP-2 namespace. Only the kernel calls `.call` / `.promise`; plugins tap,
 * always with their own name. The one-line contract, kind and version of each hook are below
 * and in {@link hookCatalogue}, from which `docs/kernel/hooks.md` is generated.
 *
 * @returns the frozen hook catalogue of one Portico instance
 * @example
 * portico.hooks.connect.for('eip155').tapPromise('eip155', async (request) => { … })
 */
export function createHooks() {
  return Object.freeze({
    /** Each connector or chain plugin adds the wallets it can offer. Kind: HookMap · AsyncParallel. @since 0.1.0 */
    discoverWallets: new HookMap(() => new AsyncParallelHook<[DiscoverWalletsContext]>(['context'])),
    /** The first plugin that can connect the requested wallet returns the connection. Kind: HookMap · AsyncSeriesBail. @since 0.1.0 */
    connect: new HookMap(() => new AsyncSeriesBailHook<[ConnectRequest], ConnectResult | undefined>(['request'])),
    /** End a connection; every tap runs in order. Kind: HookMap · AsyncSeries. @since 0.1.0 */
    disconnect: new HookMap(() => new AsyncSeriesHook<[DisconnectRequest]>(['request'])),
    /** Restore a stored connection on load without prompting. Kind: HookMap · AsyncSeriesBail. @since 0.1.0 */
    reconnect: new HookMap(() => new AsyncSeriesBailHook<[ReconnectRequest], ConnectResult | undefined>(['request'])),
    /** Switch (or add, then switch) the wallet's network. Kind: HookMap · AsyncSeriesBail. @since 0.1.0 */
    switchNetwork: new HookMap(() => new AsyncSeriesBailHook<[SwitchNetworkRequest], SwitchNetworkResult | undefined>(['request'])),
    /** Sign a plain message with the connected account. Kind: HookMap · AsyncSeriesBail. @since 0.1.0 */
    signMessage: new HookMap(() => new AsyncSeriesBailHook<[SignMessageRequest], SignMessageResult | undefined>(['request'])),
    /** Build, sign and verify a sign-in message; each tap refines the state. Kind: AsyncSeriesWaterfall. @since 0.1.0 */
    signIn: new AsyncSeriesWaterfallHook<[SignInState]>(['state']),
    /** Native balance of an account. Kind: HookMap · AsyncSeriesBail. @since 0.1.0 */
    fetchBalance: new HookMap(() => new AsyncSeriesBailHook<[FetchBalanceRequest], BalanceResult | undefined>(['request'])),
    /** Token balances of an account; the blockchain API is the default tap. Kind: HookMap · AsyncSeriesBail. @since 0.2.0 */
    fetchTokenBalances: new HookMap(() => new AsyncSeriesBailHook<[FetchTokenBalancesRequest], TokenBalance[] | undefined>(['request'])),
    /** One page of an account's activity; the blockchain API is the default tap. Kind: HookMap · AsyncSeriesBail. @since 0.2.0 */
    fetchTransactions: new HookMap(() => new AsyncSeriesBailHook<[FetchTransactionsRequest], TransactionsPage | undefined>(['request'])),
    /** An account's NFTs; the blockchain API is the default tap. Kind: HookMap · AsyncSeriesBail. @since 0.2.0 */
    fetchNfts: new HookMap(() => new AsyncSeriesBailHook<[FetchNftsRequest], Nft[] | undefined>(['request'])),
    /** An account's name and avatar (a name service's reverse record). Kind: HookMap · AsyncSeriesBail. @since 0.3.0 */
    fetchProfile: new HookMap(() => new AsyncSeriesBailHook<[FetchProfileRequest], ProfileResult | undefined>(['request'])),
    /** The address a name points to (a name typed as a send's receiver). Kind: HookMap · AsyncSeriesBail. @since 0.3.0 */
    resolveName: new HookMap(() => new AsyncSeriesBailHook<[ResolveNameRequest], ResolveNameResult | undefined>(['request'])),
    /** Submit a transfer through the wallet. Kind: HookMap · AsyncSeriesBail. @since 0.1.0 */
    send: new HookMap(() => new AsyncSeriesBailHook<[SendRequest], SendResult | undefined>(['request'])),
    /** Plugins register their lazily loaded views. Kind: Sync. @since 0.1.0 */
    registerViews: new SyncHook<[ViewRegistryLike]>(['registry']),
    /** A namespace got connected. Kind: Sync. @since 0.1.0 */
    connected: new SyncHook<[ConnectedEvent]>(['event']),
    /** A namespace got disconnected. Kind: Sync. @since 0.1.0 */
    disconnected: new SyncHook<[DisconnectedEvent]>(['event']),
    /** The connected account of a namespace changed. Kind: Sync. @since 0.1.0 */
    accountChanged: new SyncHook<[AccountChangedEvent]>(['event']),
    /** The active network of a namespace changed. Kind: Sync. @since 0.1.0 */
    networkChanged: new SyncHook<[NetworkChangedEvent]>(['event']),
    /** The modal closed. Kind: Sync. @since 0.1.0 */
    modalClosed: new SyncHook<[]>([]),
    /** An action failed; the error is typed. Kind: Sync. @since 0.1.0 */
    error: new SyncHook<[ErrorEvent]>(['event']),
  })
}

export type Hooks = ReturnType<typeof createHooks>
export type HookName = keyof Hooks

export type HookDoc = {
  kind: string
  keyed: boolean
  contract: string
  arguments: string
  returns: string
  since: string
}

/** The documented contract of every hook: the single source of `docs/kernel/hooks.md`. */
export const hookCatalogue: Record<HookName, HookDoc> = {
  discoverWallets: { kind: 'AsyncParallel', keyed: true, contract: 'Each connector or chain plugin adds the wallets it can offer.', arguments: '`context: { namespace, add(wallet) }`', returns: '—', since: '0.1.0' },
  connect: { kind: 'AsyncSeriesBail', keyed: true, contract: 'The first plugin that can connect the requested wallet returns the connection.', arguments: '`request: { namespace, connectorId, network? }`', returns: '`{ connectorId, accounts, caipNetworkId }` or `undefined` to pass', since: '0.1.0' },
  disconnect: { kind: 'AsyncSeries', keyed: true, contract: 'End a connection; every tap runs in order.', arguments: '`request: { namespace, connectorId }`', returns: '—', since: '0.1.0' },
  reconnect: { kind: 'AsyncSeriesBail', keyed: true, contract: 'Restore a stored connection on load without prompting.', arguments: '`request: { namespace, connectorId, network? }`', returns: 'the connection, or `undefined` when it cannot be restored', since: '0.1.0' },
  switchNetwork: { kind: 'AsyncSeriesBail', keyed: true, contract: "Switch (or add, then switch) the wallet's network.", arguments: '`request: { namespace, connectorId, network }`', returns: '`{ caipNetworkId }` or `undefined` to pass', since: '0.1.0' },
  signMessage: { kind: 'AsyncSeriesBail', keyed: true, contract: 'Sign a plain message with the connected account.', arguments: '`request: { namespace, connectorId, address, caipNetworkId, message }`', returns: '`{ signature }` or `undefined` to pass', since: '0.1.0' },
  signIn: { kind: 'AsyncSeriesWaterfall', keyed: false, contract: 'Build, sign and verify a sign-in message; each tap refines the state.', arguments: '`state: { namespace, caipAddress, network, message?, signature?, session? }`', returns: 'the refined state', since: '0.1.0' },
  fetchBalance: { kind: 'AsyncSeriesBail', keyed: true, contract: 'Native balance of an account.', arguments: '`request: { namespace, address, network }`', returns: '`{ balance, symbol, decimals? }` or `undefined` to pass', since: '0.1.0' },
  fetchTokenBalances: { kind: 'AsyncSeriesBail', keyed: true, contract: 'Token balances of an account; the blockchain API is the default tap (stage 10).', arguments: '`request: { namespace, address, caipNetworkId, network?, force }`', returns: '`TokenBalance[]`, or `undefined` to pass (nobody answering: "Token Balance Unavailable")', since: '0.2.0' },
  fetchTransactions: { kind: 'AsyncSeriesBail', keyed: true, contract: "One page of an account's activity; the blockchain API is the default tap (stage 10).", arguments: '`request: { namespace, address, caipNetworkId, network?, cursor? }`', returns: '`{ data: Transaction[], next }` or `undefined` to pass', since: '0.2.0' },
  fetchNfts: { kind: 'AsyncSeriesBail', keyed: true, contract: "An account's NFTs; the blockchain API is the default tap (stage 10).", arguments: '`request: { namespace, address, caipNetworkId, network? }`', returns: '`Nft[]` or `undefined` to pass', since: '0.2.0' },
  fetchProfile: { kind: 'AsyncSeriesBail', keyed: true, contract: "An account's name and avatar from a name service (a feature plugin such as names); the Account view and the account button show them.", arguments: '`request: { namespace, address, caipNetworkId, network? }`', returns: '`{ name, avatar }` (each `null` for none) or `undefined` to pass', since: '0.3.0' },
  resolveName: { kind: 'AsyncSeriesBail', keyed: true, contract: "The address a name points to on the namespace's active chain; the send form accepts a name as the receiver and shows this address before signing.", arguments: '`request: { namespace, caipNetworkId, name, network? }`', returns: '`{ address, name, avatar? }`, or `undefined` when this tap does not know the name', since: '0.3.0' },
  send: { kind: 'AsyncSeriesBail', keyed: true, contract: 'Submit a transfer through the wallet.', arguments: 'the prepared send request', returns: '`{ hash }` or `undefined` to pass', since: '0.1.0' },
  registerViews: { kind: 'Sync', keyed: false, contract: 'Plugins register their lazily loaded views.', arguments: '`registry: { register(view), has(id) }`', returns: '—', since: '0.1.0' },
  connected: { kind: 'Sync', keyed: false, contract: 'A namespace got connected.', arguments: '`event: { namespace, connectorId, caipAddress, result }`', returns: '—', since: '0.1.0' },
  disconnected: { kind: 'Sync', keyed: false, contract: 'A namespace got disconnected.', arguments: '`event: { namespace }`', returns: '—', since: '0.1.0' },
  accountChanged: { kind: 'Sync', keyed: false, contract: 'The connected account of a namespace changed.', arguments: '`event: { namespace, address, caipAddress }`', returns: '—', since: '0.1.0' },
  networkChanged: { kind: 'Sync', keyed: false, contract: 'The active network of a namespace changed.', arguments: '`event: { namespace, network }`', returns: '—', since: '0.1.0' },
  modalClosed: { kind: 'Sync', keyed: false, contract: 'The modal closed.', arguments: 'none', returns: '—', since: '0.1.0' },
  error: { kind: 'Sync', keyed: false, contract: 'An action failed; the error is typed.', arguments: '`event: { error, namespace?, action? }`', returns: '—', since: '0.1.0' },
}
