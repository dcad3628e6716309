import { reaction, runInAction } from 'mobx'
import {
  BaseError,
  ProviderRpcError,
  type AccountType,
  type ConnectionAccount,
  type CaipNetworkId,
  type ChainNamespace,
  type ConnectionChannel,
  type ConnectRequest,
  type ConnectResult,
  type Disposer,
  type PluginContext,
  type WalletConnector,
} from '../../../kernel/kernel.js'
import type { AuthEnvironment, AuthOptions, AuthSettings } from '../auth.js'
import { authLogo } from '../logo.js'
import type { FrameDocument } from '../client/mountFrame.js'
import type { OpenFrameReturnType } from '../client/openFrame.js'
import { authConnectorId, authNamespaces, authViews, authWalletMethods } from '../constants.js'
import { AuthConnectorNotFoundError, AuthFrameError, NotConnectedToAuthError } from '../errors.js'
import type { ApprovalState, AuthAccounts, AuthState, SocialCallbackMessage } from '../protocol.js'
import { AuthStore } from '../store/AuthStore.js'
import { detectTelegramPlatform, filterSocials } from '../utils/filterSocials.js'
import { readSocialMessage } from '../utils/readSocialMessage.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

const pluginName = 'auth'

/** Maps a frame error on a wallet request to the provider codes the chain plugins understand. */
function toProviderError(error: unknown): unknown {
  if (!(error instanceof AuthFrameError)) return error
  if (error.code === 'USER_REJECTED') return new ProviderRpcError({ code: 4001, message: error.shortMessage, cause: error })
  if (error.code === 'UNSUPPORTED_METHOD') return new ProviderRpcError({ code: 4200, message: error.shortMessage, cause: error })
  if (error.code === 'NOT_LOGGED_IN') return new ProviderRpcError({ code: 4100, message: 'Not connected to email or social', cause: error })
  return error
}

/**
 * The auth plugin's `setup`, loaded with the kernel (`auth(…).load()`), not with the page: the
 * login's MobX store and the views' settings, one `AUTH` connector per approved namespace the site
 * configured, their connect / reconnect / disconnect / switchNetwork taps over the wallet frame,
 * the Connect view's email and social sections, the Account view's rows and the views'
 * descriptors. The frame itself still loads on first use of email or a social login, or to restore
 * a stored auth connection.
 *
 * @param portico - the plugin's context
 * @param options - the site's {@link AuthOptions}
 * @param environment - test and host seams, see {@link AuthEnvironment}
 * @returns the disposer
 * @example
 * const dispose = setupAuth(context, { walletOrigin: 'https://wallet.example.com' }, {})
 */
export function setupAuth(portico: PluginContext, options: AuthOptions, environment: AuthEnvironment): Disposer {
  const walletOrigin = new URL(options.walletOrigin).origin
  const projectId = options.projectId ?? portico.options.projectId
  const configured = new Set(portico.stores.networks.namespaces)
  const namespaces = authNamespaces.filter((ns) => configured.has(ns))
  const telegram = environment.telegramPlatform ?? detectTelegramPlatform(globalThis)
  const scope = globalThis as { document?: unknown; addEventListener?: unknown; removeEventListener?: unknown }

  let frame: Promise<Pick<OpenFrameReturnType, 'client' | 'place' | 'destroy'>> | undefined
  let opened: Pick<OpenFrameReturnType, 'client' | 'place' | 'destroy'> | undefined
  const stopEvents: (() => void)[] = []
  const openFrame = (): Promise<Pick<OpenFrameReturnType, 'client' | 'place' | 'destroy'>> => {
    if (environment.openFrame) return environment.openFrame()
    const document = environment.document ?? (scope.document as FrameDocument | undefined)
    if (!document) return Promise.reject(new BaseError('The wallet frame needs a browser page'))
    return import('../client/openFrame.js').then((m) => m.openFrame({ walletOrigin, ...(projectId ? { projectId } : {}), ...(options.messageApproval === 'skip' ? { skipMessageApproval: true } : {}), theme: portico.options.themeMode ?? 'light', clock: portico.clock, document }))
  }
  // The frame (and its code) loads on first use only; a failed load may be retried.
  const session = () =>
    (frame ??= openFrame().then(
      (value) => {
        opened = value
        stopEvents.push(
          value.client.on('stateChanged', onStateChanged),
          value.client.on('exportClosed', () => runInAction(() => store.exportClosed())),
          value.client.on('approval', onApproval),
        )
        return value
      },
      (error: unknown) => {
        frame = undefined
        throw error
      },
    ))

  const pageMessages = environment.messages ?? (typeof scope.addEventListener === 'function' ? (globalThis as unknown as NonNullable<AuthEnvironment['messages']>) : undefined)
  const store: AuthStore = portico.registerStore(
    pluginName,
    new AuthStore({
      client: async () => (await session()).client,
      clock: portico.clock,
      onLogin: (state) => connectAll(state),
      listenSocial(listener: (message: SocialCallbackMessage) => void) {
        if (!pageMessages) return () => undefined
        const onMessage = (event: { origin?: unknown; data?: unknown }) => {
          const message = readSocialMessage(event, walletOrigin)
          if (message) listener(message)
        }
        pageMessages.addEventListener('message', onMessage)
        return () => pageMessages.removeEventListener('message', onMessage)
      },
      placeFrame: (rect) => opened?.place(rect),
    }),
  )
  const settings: AuthSettings = Object.freeze({
    socials: () => filterSocials({ enabled: portico.stores.options.remoteFeatures.socials, ...(options.socials ? { chosen: options.socials } : {}), ...(telegram ? { telegram } : {}) }),
    email: () => options.email !== false && portico.stores.options.remoteFeatures.email === true,
    walletOrigin,
    navigate: (view, data) => portico.pushView(view, data),
    notify: (variant, message) => portico.showToast({ variant, message }),
  })
  portico.registerStore(`${pluginName}:settings`, settings)

  const ours = (request: { connectorId: string }) => request.connectorId === authConnectorId
  const connectors: WalletConnector[] = namespaces.map((namespace) => ({ id: authConnectorId, name: 'Email & Socials', namespace, type: 'AUTH', shared: true, imageUrl: authLogo }))
  // Listed from the start (no request): the kernel then knows the connection is shared.
  if (connectors.length) portico.addConnectors(connectors)

  function channelFor(namespace: ChainNamespace): ConnectionChannel {
    const methods = authWalletMethods[namespace] ?? []
    return {
      async request({ method, params, chainId }) {
        const { client } = await session()
        try {
          return await client.request('request', { chainId, method, ...(params === undefined ? {} : { params }) })
        } catch (error) {
          throw toProviderError(error)
        }
      },
      supports: (method) => methods.includes(method),
    }
  }

  /** The eip155 account type a new connection starts with (spec §6): the site's `defaultAccountTypes.eip155`, else the eip155 plugin's (`smartAccount`). */
  const preferredEip155Type = (): AccountType => portico.options.defaultAccountTypes?.eip155 ?? portico.plugins.find((p) => p.kind === 'chain' && p.namespace === 'eip155')?.meta?.defaultAccountType ?? 'eoa'

  /**
   * The connection's accounts: solana's one; on eip155 the EOA and, where the server offers one,
   * its smart account, `first` leading (the active account; the Account view's switch selects the
   * other, spec §4).
   */
  function accountsFor(namespace: ChainNamespace, accounts: AuthAccounts, first: AccountType): ConnectionAccount[] {
    if (namespace !== 'eip155') return [{ address: accounts[namespace as 'solana'], type: 'eoa' }]
    const eoa: ConnectionAccount = { address: accounts.eip155, type: 'eoa' }
    if (!accounts.eip155SmartAccount) return [eoa]
    const smart: ConnectionAccount = { address: accounts.eip155SmartAccount, type: 'smartAccount' }
    return first === 'smartAccount' ? [smart, eoa] : [eoa, smart]
  }

  function resultFor(namespace: ChainNamespace, state: AuthState, request: ConnectRequest): ConnectResult {
    const address = state.accounts?.[namespace as 'eip155' | 'solana']
    if (!state.user || !state.accounts || typeof address !== 'string' || address.length === 0) throw new NotConnectedToAuthError()
    const network = request.network ?? portico.stores.networks.activeOf(namespace) ?? portico.stores.networks.networks.find((n) => n.chainNamespace === namespace)
    if (!network) throw new AuthConnectorNotFoundError({ namespace })
    const { user } = state
    return {
      connectorId: authConnectorId,
      accounts: accountsFor(namespace, state.accounts, preferredEip155Type()),
      caipNetworkId: network.caipNetworkId as CaipNetworkId,
      method: 'web',
      channel: channelFor(namespace),
      user: { provider: user.provider, ...(user.email ? { email: user.email } : {}), ...(user.handle ? { handle: user.handle } : {}), ...(user.name ? { name: user.name } : {}) },
    }
  }

  /** The frame's session, asked once per page load (reconnects of both namespaces share it). */
  let status: Promise<AuthState> | undefined
  const currentState = async (): Promise<AuthState> => {
    if (store.loggedIn) return { user: store.user, accounts: store.accounts }
    status ??= session()
      .then(({ client }) => client.request('status'))
      .then((state) => {
        runInAction(() => store.setSession(state))
        return state
      })
      .finally(() => {
        status = undefined
      })
    return status
  }

  /** After a login: the active namespace first, then every other auth namespace (like the incumbent's connectInactiveNamespaces). */
  async function connectAll(state: AuthState): Promise<void> {
    runInAction(() => store.setSession(state))
    const active = portico.stores.networks.activeNamespace
    const ordered = [...namespaces].sort((a, b) => (a === active ? -1 : b === active ? 1 : 0))
    if (ordered.length === 0) throw new AuthConnectorNotFoundError()
    let first = true
    for (const namespace of ordered) {
      try {
        // The visitor's active network stays active; the other namespaces connect alongside.
        await portico.connect({ namespace, connectorId: authConnectorId, activate: first })
      } catch (error) {
        if (first) throw error
      }
      first = false
    }
    const { router, modal } = portico.stores
    const loginViews: string[] = ['Connect', authViews.emailLogin, authViews.connectingSocial, authViews.connectingFarcaster]
    if (modal.open && store.exportPhase !== 'reauth' && loginViews.includes(router.view)) portico.close()
  }

  /**
   * The frame shows (or took away) its approval screen: the modal hosts it in the
   * ApproveTransaction view (opened for it, or pushed over the current view), whose area the frame
   * covers; when the screen goes, the view leaves (ApproveTransactionView goes back, or the modal
   * closes when it was opened for the approval).
   */
  function onApproval(state: ApprovalState): void {
    const { modal, router } = portico.stores
    if (state.pending) {
      const opening = !modal.open
      runInAction(() => store.approvalChanged(state, opening || (store.approval !== undefined && store.approvalOpenedModal)))
      if (opening) portico.open({ view: authViews.approve })
      else if (router.view !== authViews.approve) portico.pushView(authViews.approve)
      return
    }
    const close = store.approvalOpenedModal
    runInAction(() => store.approvalChanged(state))
    if (close && modal.open && router.view === authViews.approve) portico.close()
  }

  function onStateChanged(state: AuthState): void {
    const { connections } = portico.stores
    const live = namespaces.filter((ns) => connections.status(ns) === 'connected' && connections.get(ns).connectorId === authConnectorId)
    if (!state?.user || !state.accounts) {
      runInAction(() => store.reset())
      for (const ns of live) portico.reportDisconnected(ns)
      return
    }
    runInAction(() => store.setSession(state))
    for (const ns of live) {
      // The active account keeps its type (the visitor's switch holds across a login change).
      const accounts = accountsFor(ns, state.accounts, connections.get(ns).accounts[0]?.type ?? 'eoa')
      const current = connections.get(ns).accounts
      if (accounts.length !== current.length || accounts.some((a, i) => a.address !== current[i]?.address)) portico.reportAccountsChanged(ns, accounts)
    }
  }

  const { hooks } = portico
  for (const namespace of namespaces) {
    const connector = connectors.find((c) => c.namespace === namespace) as WalletConnector
    hooks.discoverWallets.for(namespace).tapPromise(pluginName, async (context) => context.add(connector))
    const tap = { name: pluginName, stage: -10 }
    hooks.connect.for(namespace).tapPromise(tap, async (request) => (ours(request) ? resultFor(namespace, await currentState(), request) : undefined))
    hooks.reconnect.for(namespace).tapPromise(tap, async (request) => {
      if (!ours(request)) return undefined
      const state = await currentState()
      return state.user && state.accounts ? resultFor(namespace, state, request) : undefined
    })
    hooks.disconnect.for(namespace).tapPromise(tap, async (request) => {
      if (!ours(request) || !frame) return
      // One logout ends every auth namespace; the kernel then resets each of them.
      if (store.loggedIn) {
        runInAction(() => store.reset())
        const { client } = await session()
        await client.request('logout')
      }
    })
    // After the chain plugin's tap, which asks the frame to switch over the channel first.
    hooks.switchNetwork.for(namespace).tapPromise({ name: pluginName, stage: 10 }, async (request) => (ours(request) ? { caipNetworkId: request.network.caipNetworkId } : undefined))
  }
  for (const namespace of configured) {
    if (namespaces.includes(namespace)) continue
    // Not an approved namespace for the auth wallet (spec §5): say so instead of "no plugin".
    hooks.connect.for(namespace).tapPromise({ name: pluginName, stage: 10 }, async (request) => {
      if (ours(request)) throw new AuthConnectorNotFoundError({ namespace })
      return undefined
    })
  }

  if (namespaces.length) {
    if (options.email !== false) portico.connectMethods.register({ method: 'email', owner: pluginName, load: () => import('../views/EmailSection.js').then((m) => m.EmailSection) })
    portico.connectMethods.register({ method: 'social', owner: pluginName, load: () => import('../views/SocialSection.js').then((m) => m.SocialSection) })
    portico.accountActions.register({
      id: 'auth.profile',
      owner: pluginName,
      label: 'auth.account.profile',
      view: authViews.embeddedWalletProfile,
      icon: 'person',
      placement: 'row',
      namespaces,
      shows: () => store.loggedIn && portico.stores.connections.get(portico.stores.networks.activeNamespace).connectorId === authConnectorId,
    })
    // Spec §2: UpdateEmailWallet, straight from the Account view for an email login.
    portico.accountActions.register({
      id: 'auth.updateEmail',
      owner: pluginName,
      label: 'auth.profile.updateEmail',
      view: authViews.updateEmail,
      icon: 'mail',
      placement: 'row',
      order: 41,
      namespaces,
      shows: () => store.loggedIn && store.user?.provider === 'email' && portico.stores.connections.get(portico.stores.networks.activeNamespace).connectorId === authConnectorId,
    })
  }
  hooks.registerViews.tap(pluginName, (registry) => {
    const social = () => import('../views/ConnectingSocialView.js').then((m) => m.ConnectingSocialView)
    registry.register({ id: authViews.emailLogin, title: 'auth.emailLogin.title', load: () => import('../views/EmailLoginView.js').then((m) => m.EmailLoginView), owner: pluginName })
    registry.register({ id: authViews.connectingSocial, title: 'auth.social.title', load: social, owner: pluginName })
    registry.register({ id: authViews.connectingFarcaster, title: 'auth.social.title', load: social, owner: pluginName })
    registry.register({ id: authViews.updateEmail, title: 'auth.updateEmail.title', load: () => import('../views/UpdateEmailWalletView.js').then((m) => m.UpdateEmailWalletView), owner: pluginName })
    registry.register({ id: authViews.embeddedWalletProfile, title: 'auth.profile.title', load: () => import('../views/EmbeddedWalletProfileView.js').then((m) => m.EmbeddedWalletProfileView), owner: pluginName })
    registry.register({ id: authViews.exportKey, title: 'auth.export.title', load: () => import('../views/ExportPrivateKeyView.js').then((m) => m.ExportPrivateKeyView), owner: pluginName })
    registry.register({ id: authViews.approve, title: 'auth.approve.title', load: () => import('../views/ApproveTransactionView.js').then((m) => m.ApproveTransactionView), owner: pluginName })
  })
  // Leaving the social view or closing the modal drops a login in progress; the export screen hides.
  hooks.modalClosed.tap(pluginName, () => {
    runInAction(() => store.cancelSocial())
    if (store.exportPhase !== 'hidden') void store.closeExport()
    // Closing the modal while the frame asks is the visitor's "no": the frame rejects (4001).
    if (store.approval !== undefined) void store.cancelApproval()
  })
  // The Account view shows the new email after a change.
  const stopUserReaction = reaction(
    () => store.user?.email,
    (email, previous) => {
      if (!store.loggedIn || previous === undefined || email === previous) return
      for (const ns of namespaces) {
        const connection = portico.stores.connections.get(ns)
        if (connection.status === 'connected' && connection.connectorId === authConnectorId) void portico.connect({ namespace: ns, connectorId: authConnectorId, activate: false }).catch(() => undefined)
      }
    },
  )

  return () => {
    stopUserReaction()
    for (const stop of stopEvents.splice(0)) stop()
    opened?.destroy()
    if (namespaces.length) {
      for (const method of ['email', 'social'] as const) if (portico.connectMethods.get(method)?.owner === pluginName) portico.connectMethods.remove(method)
      portico.accountActions.remove('auth.profile')
      portico.accountActions.remove('auth.updateEmail')
    }
  }
}
