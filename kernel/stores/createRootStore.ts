import { AccountStore } from './AccountStore.js'
import { AlertStore } from './AlertStore.js'
import { ConnectionStore } from './ConnectionStore.js'
import { DirectoryStore } from './DirectoryStore.js'
import { ModalStore } from './ModalStore.js'
import { NetworkStore } from './NetworkStore.js'
import { OptionsStore } from './OptionsStore.js'
import { RouterStore } from './RouterStore.js'
import { ToastStore } from './ToastStore.js'
import { WalletStore } from './WalletStore.js'
import type { PorticoOptions } from '../types/options.js'
import type { Network } from '../types/network.js'
import type { DirectoryWallet } from '../types/wallet.js'
import type { HttpClient } from '../services/createHttpClient.js'

export type Clock = {
  now: () => number
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export type RootStore = {
  options: OptionsStore
  modal: ModalStore
  router: RouterStore
  connections: ConnectionStore
  networks: NetworkStore
  wallets: WalletStore
  directory: DirectoryStore
  accounts: AccountStore
  toasts: ToastStore
  alerts: AlertStore
}

export type CreateRootStoreParameters = {
  options: PorticoOptions
  initialNetwork: Network
  recentWallets: readonly DirectoryWallet[]
  clock: Clock
  /** Called when the router asks to close (back with one view left). */
  close: () => void
  reloadAuth?: () => void
  /** The wallet directory's client. */
  api: HttpClient
  onDirectoryError?: (error: unknown) => void
}

/**
 * Builds and wires every kernel store with its dependencies injected (no React, no DOM).
 *
 * @example
 * const stores = createRootStore({ options, initialNetwork: options.networks[0], recentWallets: [], clock, close, api })
 */
export function createRootStore({ options, initialNetwork, recentWallets, clock, close, reloadAuth, api, onDirectoryError }: CreateRootStoreParameters): RootStore {
  const networks = new NetworkStore({ networks: options.networks, initial: initialNetwork })
  const connections = new ConnectionStore(networks.namespaces)
  const router = new RouterStore({
    isConnected: () => connections.isConnected(networks.activeNamespace),
    close,
    schedule: (fn, ms) => {
      clock.setTimeout(fn, ms)
    },
    ...(reloadAuth ? { reloadAuth } : {}),
  })
  return {
    options: new OptionsStore(options),
    modal: new ModalStore(),
    router,
    connections,
    networks,
    wallets: new WalletStore(recentWallets),
    directory: new DirectoryStore({
      api,
      chains: () => networks.networks.map((n) => n.caipNetworkId),
      ...(options.includeWalletIds ? { includeWalletIds: options.includeWalletIds } : {}),
      ...(options.excludeWalletIds ? { excludeWalletIds: options.excludeWalletIds } : {}),
      ...(options.featuredWalletIds ? { featuredWalletIds: options.featuredWalletIds } : {}),
      ...(onDirectoryError ? { onError: onDirectoryError } : {}),
    }),
    accounts: new AccountStore(),
    toasts: new ToastStore({ setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout }),
    alerts: new AlertStore(Boolean(options.debug)),
  }
}
