import type { DirectoryWallet } from '../types/wallet.js'

/** Every key Portico stores (under the `@portico/` prefix). */
export const storageKeys = {
  /** `{ [namespace]: { connectorId } }`: what to restore on load. */
  connections: 'connections',
  activeNetwork: 'active_network_id',
  activeNamespace: 'active_namespace',
  recentWallets: 'recent_wallets',
} as const

/** A connection kept beside the active one (multi-wallet), as stored: checked again on load. */
export type StoredKeptConnection = { connectorId: string; caipNetworkId: string; addresses: string[]; walletName?: string }

/** `caipAddress`: with `restoreCookie: { account: true }`, the account to show while the connection is restored (checked again on load). */
export type StoredConnections = Record<string, { connectorId: string; caipAddress?: string; kept?: StoredKeptConnection[] }>

/**
 * Guard for the stored connections map: plain object of `{ connectorId: string, kept?: [] }`
 * (each kept entry is checked on its own when restored; a bad one is dropped, not the map).
 */
export function isStoredConnections(value: unknown): value is StoredConnections {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.entries(value).every(
    ([namespace, entry]) =>
      /^[-a-z0-9]{3,8}$/.test(namespace) &&
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { connectorId?: unknown }).connectorId === 'string' &&
      (entry as { connectorId: string }).connectorId.length > 0 &&
      (entry as { connectorId: string }).connectorId.length <= 200 &&
      ((entry as { kept?: unknown }).kept === undefined || (Array.isArray((entry as { kept?: unknown }).kept) && ((entry as { kept: unknown[] }).kept.length <= 10))),
  )
}

/** Guard for the recent wallets list: at most a few entries with string ids and names. */
export function isDirectoryWalletList(value: unknown): value is DirectoryWallet[] {
  return (
    Array.isArray(value) &&
    value.length <= 10 &&
    value.every(
      (w) => typeof w === 'object' && w !== null && typeof (w as DirectoryWallet).id === 'string' && typeof (w as DirectoryWallet).name === 'string',
    )
  )
}
