import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { pluginContextPorticoMembers, type PluginContext } from '../types/pluginContext.js'
export type { AccountDetails, PluginContext } from '../types/pluginContext.js'
import { walletRequest, type WalletRequestParameters, type WalletRequestReturnType } from '../actions/walletRequest.js'
import type { DeclaredHooks, PluginHookRegistry } from '../registries/PluginHookRegistry.js'
import { storageKeys } from '../services/storageKeys.js'
import type { CloseGuard } from '../stores/ModalStore.js'
import { readonlyStores, type ReadonlyRootStore } from '../stores/readonlyStores.js'
import type { ToastLink, ToastVariant } from '../stores/ToastStore.js'
import type { BalanceResult } from '../types/hooks.js'
import type { ChainNamespace } from '../types/caip.js'
import type { AccountState } from '../stores/AccountStore.js'
import type { RouteData, View } from '../types/view.js'
import type { DirectoryWallet, WalletConnector } from '../types/wallet.js'

/**
 * Builds one plugin's context over a Portico instance.
 *
 * @param portico - the instance
 * @param pluginName - the plugin the context is for
 * @param pluginHooks - the instance's registry of plugin-declared hooks
 * @returns the context `setup` receives
 */
export function createPluginContext(portico: PorticoBase, pluginName: string, pluginHooks: PluginHookRegistry): PluginContext {
  const shared = Object.fromEntries(pluginContextPorticoMembers.map((name) => [name, portico[name]])) as Pick<PorticoBase, (typeof pluginContextPorticoMembers)[number]>
  const { wallets, router, toasts, modal, connections } = portico.stores
  return {
    ...shared,
    stores: readonlyStores(portico.stores),
    addConnectors: (connectors) => runInAction(() => wallets.addConnectors(connectors)),
    updateAccount: (namespace, details) =>
      runInAction(() => {
        if ('smartAccountDeployed' in details) portico.stores.accounts.update(namespace, { smartAccountDeployed: details.smartAccountDeployed })
        if (details.held === false) connections.release(namespace)
        else if (details.held === true && connections.get(namespace).status === 'connected') connections.hold(namespace, pluginName)
      }),
    rememberRecentWallet(wallet) {
      runInAction(() => wallets.addRecent({ ...wallet }))
      portico.services.storage.set(storageKeys.recentWallets, wallets.recent.map((w) => ({ ...w })))
    },
    pushView: (view, data) => runInAction(() => router.push(view, data)),
    replaceView: (view, data) => runInAction(() => router.replace(view, data)),
    resetView: (view, data) => runInAction(() => router.reset(view, data)),
    showToast: ({ variant, message, link }) => runInAction(() => toasts.show({ variant, message, ...(link ? { link } : {}) })),
    addCloseGuard: (guard) => modal.addCloseGuard(guard),
    walletRequest: (parameters) => walletRequest(portico, parameters),
    declareHooks: (hooks) => pluginHooks.declare(pluginName, hooks),
    pluginHooks: (plugin, names) => pluginHooks.get(plugin, pluginName, names),
  }
}

/** Where a context member belongs in docs/kernel/plugin-context.md. */
export type PluginContextGroup = 'Identity' | 'Hooks' | 'Registries' | 'State (read only)' | 'Services' | 'Actions' | 'Plugin actions' | 'Plugin hooks'

/**
 * Every member of {@link PluginContext} with its group and one line (typed as complete: a new
 * member without an entry does not compile); docs/kernel/plugin-context.md is generated from it.
 */
export const pluginContextCatalogue: Record<keyof PluginContext, { group: PluginContextGroup; doc: string }> = {
  options: { group: 'Identity', doc: "The site owner's validated options." },
  plugins: { group: 'Identity', doc: 'Every installed plugin, in order.' },
  hooks: { group: 'Hooks', doc: "The kernel's hooks (docs/kernel/hooks.md): tap them with the plugin's name." },
  chains: { group: 'Registries', doc: "The chain adapters by namespace (`registerChainAdapter` fills it): `has(namespace, method)` and `call(namespace, method, request)` for the adapter methods the kernel calls directly (`request`, `rpcRequest`, `sendTransaction`, `estimateSendFee`, `waitForTransaction`, `selectAccount`)." },
  explorers: { group: 'Registries', doc: 'Block-explorer links per namespace.' },
  accountActions: { group: 'Registries', doc: "The Account view's buttons a feature plugin adds (`register({ id, owner, label, view, icon?, order?, namespaces?, placement?, shows? })`, or `run(account)` instead of `view` for one that acts in place, such as an account-type switch; spec order onramp 10, swaps 20, receive 30, send 40)." },
  accountBadges: { group: 'Registries', doc: "The Account view's status badges a plugin adds under the balance (`register({ id, owner, label, shows(account), icon?, order?, namespaces? })`; `shows` may read observables)." },
  connectMethods: { group: 'Registries', doc: "The Connect view's sections a connector plugin adds per connect method (`register({ method: 'email' | 'social', owner, load })`), shown in the site's connect-method order when the remote feature is on." },
  signInVerifiers: { group: 'Registries', doc: 'Sign-in message verifiers per namespace.' },
  stores: { group: 'State (read only)', doc: "The kernel's MobX stores, read-only (`ReadonlyRootStore`): read them in views and reactions; changing methods are absent and throw `StoreIsReadOnlyError`." },
  getStore: { group: 'State (read only)', doc: "A plugin's registered store, by the plugin's name." },
  watch: { group: 'State (read only)', doc: 'Calls `onChange` whenever what `read` returns from the stores changes (compared as JSON); returns the disposer.' },
  services: { group: 'Services', doc: 'HTTP clients (api, blockchainApi), storage and analytics.' },
  clock: { group: 'Services', doc: 'now / setTimeout / clearTimeout (tests replace it).' },
  open: { group: 'Actions', doc: 'Opens the modal.' },
  close: { group: 'Actions', doc: 'Closes the modal.' },
  connect: { group: 'Actions', doc: 'Connects a wallet (the `connect` hook).' },
  disconnect: { group: 'Actions', doc: 'Disconnects a namespace (or all).' },
  switchNetwork: { group: 'Actions', doc: 'Switches the network.' },
  signMessage: { group: 'Actions', doc: 'Signs a message with the connected wallet.' },
  request: { group: 'Actions', doc: "Sends one wallet request over the namespace's connection channel." },
  channel: { group: 'Actions', doc: "The namespace's connection channel, if its connector returned one." },
  signIn: { group: 'Actions', doc: 'Runs the `signIn` hook.' },
  send: { group: 'Actions', doc: 'Sends native coins or tokens.' },
  sendTransaction: { group: 'Actions', doc: "Sends a transaction a feature plugin built (a swap, an approval) through the namespace's chain adapter." },
  discoverWallets: { group: 'Actions', doc: 'Runs `discoverWallets` for a namespace.' },
  isAddress: { group: 'Actions', doc: "Validates an address with the namespace's validator." },
  markUserAction: { group: 'Actions', doc: 'Marks the first user action (analytics may send).' },
  emit: { group: 'Plugin actions', doc: 'Reports an analytics event to subscribers and analytics.' },
  reportError: { group: 'Plugin actions', doc: 'Reports an error to the `error` hook and subscribers.' },
  reportAccountsChanged: { group: 'Plugin actions', doc: "The wallet's accounts changed (an empty list disconnects)." },
  reportChainChanged: { group: 'Plugin actions', doc: 'The wallet moved to another chain.' },
  reportDisconnected: { group: 'Plugin actions', doc: 'The wallet ended the connection.' },
  registerStore: { group: 'Plugin actions', doc: "Registers the plugin's own store under its name." },
  addConnectors: { group: 'Plugin actions', doc: "Lists a connector plugin's wallet connectors in the connect views." },
  updateAccount: { group: 'Plugin actions', doc: "Records what the plugin learned about a namespace's account: `{ smartAccountDeployed }` (`portico/calls`), `{ held }` (a required sign-in not signed yet, `portico/siwx`: the page's buttons keep showing \"Connecting…\"; `getState().connections[namespace].held`)." },
  rememberRecentWallet: { group: 'Plugin actions', doc: 'Records a wallet as recently used and persists the list.' },
  pushView: { group: 'Plugin actions', doc: "Shows a view on top of the current one (back returns), e.g. a login moving from Connect to its code entry." },
  replaceView: { group: 'Plugin actions', doc: "Replaces the modal's current view (e.g. a connector moving to its QR view)." },
  resetView: { group: 'Plugin actions', doc: "Starts the modal's history afresh at a view (e.g. Connect after a failed sign-in)." },
  showToast: { group: 'Plugin actions', doc: 'Shows a toast (a message key or text; success, error, loading or info; an optional link).' },
  addCloseGuard: { group: 'Plugin actions', doc: 'Adds a guard that may forbid closing the modal; returns its remover.' },
  walletRequest: { group: 'Plugin actions', doc: "Sends one request to a given wallet (`{ connectorId, chainId, method, params? }`), also while it connects: through the chain adapter holding its provider (its `request`), else the namespace's channel when it is that wallet's and approved the method; `{ result }`, or `undefined` when nothing can carry it." },
  declareHooks: { group: 'Plugin hooks', doc: "Declares the plugin's own hooks, once, in `setup`." },
  pluginHooks: { group: 'Plugin hooks', doc: "Another plugin's declared hooks, by its name, typed by the asker and checked by name (`PluginHooksNotFoundError`)." },
}
