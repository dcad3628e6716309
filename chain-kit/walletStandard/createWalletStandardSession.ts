import type { WalletAccount } from '@wallet-standard/base'

import { ProviderRpcError } from '../../kernel/errors/index.js'
import type { CaipNetworkId, ChainAdapter, ChainNamespace, ConnectResult, Network, PluginContext } from '../../kernel/index.js'
import type { CreateWalletStandardDiscoveryReturnType, DiscoveredStandardWallet } from './createWalletStandardDiscovery.js'

export type CreateWalletStandardSessionParameters = {
  portico: PluginContext
  namespace: ChainNamespace
  /** The namespace's name in messages, e.g. `Solana`. */
  chainLabel: string
  isAddress(address: unknown): boolean
  /** Whether the wallet can be used on the network. */
  supports(wallet: DiscoveredStandardWallet, caipNetworkId: CaipNetworkId): boolean
  /** The CAIP-2 id of a wallet chain named in a `change` event, for when no configured network fits. */
  fromWalletChain?(chain: string): CaipNetworkId | undefined
  /** The plugin's error for a wallet that lacks a feature. */
  featureError(feature: string, wallet: string): Error
  /** The plugin's discovery: the wallets `discoverWallets` lists and `connect` finds. */
  discovery: CreateWalletStandardDiscoveryReturnType
  /** How long a reconnect waits on load for the previous wallet to register (default 1500 ms). */
  reconnectTimeoutMs?: number
  /**
   * How a wallet is listed (default `ANNOUNCED`, an installed wallet): `EXTERNAL` for one the plugin
   * registered itself that reaches wallet apps elsewhere (Solana Mobile Wallet Adapter), which is
   * not a wallet injected into this browser.
   */
  connectorType?(wallet: DiscoveredStandardWallet): 'ANNOUNCED' | 'EXTERNAL'
}

export type WalletStandardSession = {
  /**
   * `standard:connect` (with `{ silent: true }` on a reconnect), keeps the accounts the plugin accepts
   * and follows the wallet's `change` events from then on.
   * @returns the connection, or undefined for a silent connect the wallet declines
   */
  connect(wallet: DiscoveredStandardWallet, network: Network | undefined, silent: boolean): Promise<ConnectResult | undefined>
  /** The connected wallet when it is `connectorId`'s. */
  activeWallet(connectorId: string): DiscoveredStandardWallet | undefined
  /** The connected wallet and account that sign for `address`, when `connectorId` is the connected wallet. */
  signingAccount(connectorId: string, address: string): { wallet: DiscoveredStandardWallet; account: WalletAccount } | undefined
  /** Stops following the wallet's events. */
  detach(): void
  /**
   * The connection half of a {@link ChainAdapter}: `discoverWallets`, `connect`, `reconnect`,
   * `disconnect` and `switchNetwork` (Wallet Standard wallets have no network switch: a network the
   * wallet offers is simply used), and `dispose`. Watches for late registrations from the call on.
   */
  connectionMethods(): Pick<ChainAdapter, 'discoverWallets' | 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork'> & { dispose(): void }
  /**
   * Taps the namespace's `discoverWallets`, `connect`, `reconnect`, `disconnect` and `switchNetwork`
   * (Wallet Standard wallets have no network switch: a network the wallet offers is simply used)
   * and lists late registrations.
   * @returns a disposer that stops watching, detaches and disposes the discovery
   */
  tapConnectionHooks(): () => void
}

/**
 * The connection half every Wallet Standard chain plugin shares: the connection hooks
 * (`tapConnectionHooks`), connect and silent reconnect,
 * the wallet's `standard:events` `change` followed (accounts reported, an empty list disconnects, a
 * chain change that leaves the connected network moves to one the wallet offers), and the signing
 * account for later requests. Namespace-free: the plugin says which addresses and networks fit.
 *
 * @param parameters the plugin context, namespace and the plugin's rules
 * @returns the session
 * @example
 * const session = createWalletStandardSession({ portico, namespace: 'sui', chainLabel: 'Sui', isAddress, supports, featureError, discovery })
 * const dispose = session.tapConnectionHooks()
 */
export function createWalletStandardSession(parameters: CreateWalletStandardSessionParameters): WalletStandardSession {
  const { portico, namespace, isAddress, supports } = parameters
  let active: { wallet: DiscoveredStandardWallet; accounts: readonly WalletAccount[]; off: () => void } | undefined

  const detach = () => {
    active?.off()
    active = undefined
  }
  const runReport = (report: () => void) => {
    try {
      report()
    } catch (error) {
      portico.reportError(error, { namespace, action: 'walletEvent' })
    }
  }
  const onChange = (wallet: DiscoveredStandardWallet, properties: unknown) => {
    if (active?.wallet.wallet !== wallet.wallet) return
    const { accounts, chains } = (properties ?? {}) as { accounts?: unknown; chains?: unknown }
    // A malformed event (accounts that are not a list) is ignored; an empty list ends the connection.
    if (Array.isArray(accounts)) {
      const list = (accounts as WalletAccount[]).filter((a) => isAddress(a?.address))
      active.accounts = list
      if (list.length === 0) {
        detach()
        runReport(() => portico.reportDisconnected(namespace))
        return
      }
      runReport(() => portico.reportAccountsChanged(namespace, list.map((a) => a.address)))
    }
    if (chains !== undefined) {
      const connection = portico.stores.connections.get(namespace)
      if (connection.status !== 'connected' || !connection.caipNetworkId || supports(wallet, connection.caipNetworkId)) return
      const next = portico.stores.networks.networksOf(namespace).find((n) => supports(wallet, n.caipNetworkId))
      const fallback = Array.isArray(chains) && parameters.fromWalletChain ? chains.map((c) => parameters.fromWalletChain?.(String(c))).find((id) => id !== undefined) : undefined
      const target = next?.caipNetworkId ?? fallback
      if (target) runReport(() => portico.reportChainChanged(namespace, target))
    }
  }
  const attach = (wallet: DiscoveredStandardWallet, accounts: readonly WalletAccount[]) => {
    detach()
    const events = (wallet.wallet.features as Record<string, { on?: unknown } | undefined>)['standard:events']
    let off = () => {}
    if (typeof events?.on === 'function') {
      try {
        const result = (events.on as (event: string, listener: (properties: unknown) => void) => unknown)('change', (properties) => onChange(wallet, properties))
        if (typeof result === 'function') off = result as () => void
      } catch {
        // a wallet without working events still connects; changes are then not followed
      }
    }
    active = { wallet, accounts, off }
  }

  const session: WalletStandardSession = {
    async connect(wallet, network, silent) {
      const feature = (wallet.wallet.features as Record<string, { connect?: unknown } | undefined>)['standard:connect']
      if (typeof feature?.connect !== 'function') throw parameters.featureError('standard:connect', wallet.name)
      const output = (await (feature.connect as (input?: { silent?: boolean }) => Promise<unknown>)(silent ? { silent: true } : undefined)) as { accounts?: unknown } | undefined
      const listed = Array.isArray(output?.accounts) ? output.accounts : wallet.wallet.accounts
      const accounts = (Array.isArray(listed) ? (listed as WalletAccount[]) : []).filter((a) => isAddress(a?.address))
      if (accounts.length === 0) {
        if (silent) return undefined
        throw new ProviderRpcError({ code: 4100, message: 'The wallet returned no account' })
      }
      const candidates = [network, portico.stores.networks.activeOf(namespace), ...portico.stores.networks.networksOf(namespace)].filter((n): n is Network => n !== undefined)
      const chosen = candidates.find((n) => supports(wallet, n.caipNetworkId))
      if (!chosen) throw new ProviderRpcError({ code: 4901, message: `${wallet.name} supports none of the configured ${parameters.chainLabel} networks` })
      attach(wallet, accounts)
      return { connectorId: wallet.id, accounts: accounts.map((a) => ({ address: a.address, type: 'eoa' as const })), caipNetworkId: chosen.caipNetworkId }
    },
    activeWallet: (connectorId) => (active?.wallet.id === connectorId ? active.wallet : undefined),
    signingAccount(connectorId, address) {
      if (!active || active.wallet.id !== connectorId) return undefined
      const account = active.accounts.find((a) => a.address === address) ?? active.wallet.wallet.accounts.find((a) => a.address === address)
      return account ? { wallet: active.wallet, account } : undefined
    },
    detach,
    connectionMethods() {
      const { discovery } = parameters
      const walletOf = (connectorId: string) => session.activeWallet(connectorId) ?? discovery.get(connectorId)
      // Wallets that register late still appear.
      const stopWatching = discovery.onChange(() => {
        void portico.discoverWallets(namespace)
      })
      return {
        async discoverWallets(context) {
          for (const wallet of discovery.wallets()) {
            context.add({ id: wallet.id, name: wallet.name, namespace, type: parameters.connectorType?.(wallet) ?? 'ANNOUNCED', ...(wallet.icon ? { imageUrl: wallet.icon } : {}) })
          }
        },
        async connect(request) {
          const wallet = discovery.get(request.connectorId)
          return wallet ? session.connect(wallet, request.network, false) : undefined
        },
        async reconnect(request) {
          const wallet = await discovery.waitFor(request.connectorId, parameters.reconnectTimeoutMs ?? 1_500)
          return wallet ? session.connect(wallet, request.network, true) : undefined
        },
        async disconnect(request) {
          const wallet = walletOf(request.connectorId)
          detach()
          const feature = wallet ? (wallet.wallet.features as Record<string, { disconnect?: unknown } | undefined>)['standard:disconnect'] : undefined
          if (typeof feature?.disconnect === 'function') await (feature.disconnect as () => Promise<void>)()
        },
        async switchNetwork(request) {
          const wallet = walletOf(request.connectorId)
          if (!wallet || !supports(wallet, request.network.caipNetworkId)) return undefined
          return { caipNetworkId: request.network.caipNetworkId }
        },
        dispose() {
          stopWatching()
          detach()
          discovery.dispose()
        },
      }
    },
    tapConnectionHooks() {
      const { hooks } = portico
      const methods = session.connectionMethods()
      hooks.discoverWallets.for(namespace).tapPromise(namespace, methods.discoverWallets)
      hooks.connect.for(namespace).tapPromise(namespace, methods.connect)
      hooks.reconnect.for(namespace).tapPromise(namespace, methods.reconnect)
      hooks.disconnect.for(namespace).tapPromise(namespace, methods.disconnect)
      hooks.switchNetwork.for(namespace).tapPromise(namespace, methods.switchNetwork)
      return methods.dispose
    },
  }
  return session
}
