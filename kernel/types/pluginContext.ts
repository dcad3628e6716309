import type { WalletRequestParameters, WalletRequestReturnType } from './actions.js'
import type { DeclaredHooks } from '../registries/PluginHookRegistry.js'
import type { AccountState } from '../stores/AccountStore.js'
import type { CloseGuard } from '../stores/ModalStore.js'
import type { ReadonlyRootStore } from '../stores/readonlyStores.js'
import type { ToastLink, ToastVariant } from '../stores/ToastStore.js'
import type { ChainNamespace } from './caip.js'
import type { PorticoBase } from './portico.js'
import type { RouteData, View } from './view.js'
import type { DirectoryWallet, WalletConnector } from './wallet.js'

/**
 * What a plugin may record about an account ({@link PluginContext.updateAccount}): a smart account's
 * deployment, and `held` — the account has a step to complete before it counts for the visitor (a
 * required sign-in): the page's buttons keep showing "Connecting…" instead of the account until it
 * is released (`held: false`) or the namespace disconnects; holding a namespace that is not
 * connected does nothing (`getState().connections[namespace].held`). A key left out is left as it is.
 */
export type AccountDetails = Partial<Pick<AccountState, 'smartAccountDeployed'>> & { held?: boolean }

/**
 * The members of `Portico` a plugin's context carries: a chosen list, not the whole instance.
 * The site owner's UI actions (back, the Networks view's choice, multi-wallet switching, the
 * account-data reads the views make) are not here: a plugin's views call them on `usePortico()`.
 */
export const pluginContextPorticoMembers = [
  'options', 'plugins', 'hooks', 'chains', 'explorers',
  'accountActions', 'accountBadges', 'connectMethods', 'signInVerifiers', 'services', 'clock',
  'open', 'close', 'connect', 'disconnect', 'switchNetwork', 'signMessage', 'request', 'channel',
  'signIn', 'send', 'sendTransaction', 'discoverWallets', 'isAddress', 'watch', 'getStore', 'markUserAction',
  'emit', 'reportError', 'reportAccountsChanged', 'reportChainChanged', 'reportDisconnected', 'registerStore',
] as const satisfies readonly (keyof PorticoBase)[]

/**
 * What a plugin's `setup(context)` receives: the kernel's hooks, registries, services and the
 * actions plugins use ({@link pluginContextPorticoMembers}), plus what only plugins do — register
 * a store, declare hooks of their own and find other plugins' hooks, and the actions that change
 * kernel state. Plugins read kernel stores (`context.stores`) but never write them: each change
 * has an action here.
 */
export type PluginContext = Pick<PorticoBase, (typeof pluginContextPorticoMembers)[number]> & {
  /**
   * The kernel's stores, read-only: their state, computed values and readers (observable, for
   * views and reactions). Changing methods are absent from the type and throw
   * `StoreIsReadOnlyError`: each change has an action here.
   */
  readonly stores: ReadonlyRootStore
  /** Lists wallet connectors (a connector plugin's wallets) in the connect views. */
  addConnectors(connectors: readonly WalletConnector[]): void
  /** Records a wallet as recently used (listed first next time) and persists the list. */
  rememberRecentWallet(wallet: DirectoryWallet): void
  /** Records what a plugin learned about a namespace's account (a smart account's deployment, `portico/calls`; a hold until a required sign-in, `portico/siwx`): see {@link AccountDetails}. */
  updateAccount(namespace: ChainNamespace, details: AccountDetails): void
  /** Shows a view on top of the current one (a history entry: back returns), e.g. a login moving from Connect to its code entry. */
  pushView(view: View, data?: RouteData): void
  /** Replaces the modal's current view (no history entry), e.g. a connector moving to its own view. */
  replaceView(view: View, data?: RouteData): void
  /** Starts the modal's history afresh at `view` (e.g. back to Connect after a failed sign-in). */
  resetView(view: View, data?: RouteData): void
  /**
   * Shows a toast; `message` is a message key (the UI translates it) or text from a wallet or
   * server. One toast at a time: a new one replaces the old.
   */
  showToast(toast: { variant: ToastVariant; message: string; link?: ToastLink }): void
  /**
   * Adds a guard that may forbid closing the modal (the modal shakes instead); returns its
   * remover, to call in the plugin's disposer.
   */
  addCloseGuard(guard: CloseGuard): () => void
  /**
   * Sends one request to a given wallet (`connectorId`) of the `chainId`'s namespace, also while it
   * connects: through the chain adapter holding its provider (its `request`), else over the
   * namespace's channel when it is that wallet's and approved the method. `undefined` when nothing
   * can carry it (a feature plugin's tap then passes).
   * @throws BaseError for a malformed request; the wallet's error (ProviderRpcError with its code)
   */
  walletRequest(parameters: WalletRequestParameters): Promise<WalletRequestReturnType>
  /** Declares this plugin's own hooks (once, in `setup`); other plugins tap or call them. */
  declareHooks<H extends DeclaredHooks>(hooks: H): Readonly<H>
  /**
   * The hooks another plugin declared, typed as `H` and checked by name.
   * @throws PluginHooksNotFoundError when that plugin is not installed or lacks one of `names`
   */
  pluginHooks<H extends DeclaredHooks>(plugin: string, names?: readonly (keyof H & string)[]): H
}

