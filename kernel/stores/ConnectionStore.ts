import { makeAutoObservable } from 'mobx'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { ConnectionAccount, ConnectionChannel, ConnectionsSnapshot, ConnectionStatus } from '../types/connection.js'

export type NamespaceConnection = {
  status: ConnectionStatus
  connectorId?: string
  accounts: ConnectionAccount[]
  caipNetworkId?: CaipNetworkId
  /** The wallet's own name, when its connector reaches many wallets (WalletConnect). */
  walletName?: string
  /** While a stored connection is restored: the account stored with it (`restoreCookie: { account: true }`), shown until the wallet answers. */
  restoring?: CaipAddress
}

/**
 * A connection kept alive beside the active one of its namespace (multi-wallet, spec §6): the
 * wallet stays connected and becomes active again through `switchConnection`.
 */
export type KeptConnection = {
  connectorId: string
  accounts: ConnectionAccount[]
  caipNetworkId: CaipNetworkId
  walletName?: string
}

const keptKey = (namespace: ChainNamespace, connectorId: string) => `${namespace}\u0000${connectorId}`

/** Connection status per namespace: disconnected, connecting, connected (spec §4). */
export class ConnectionStore {
  connections: Record<string, NamespaceConnection> = {}
  /** Per namespace, the connections kept beside the active one, most recently active first (multi-wallet). */
  kept: Record<string, KeptConnection[]> = {}
  /**
   * Per namespace, the plugin holding its connection until the visitor completes a step (a
   * required sign-in): connected for the kernel and the plugins, but the page's buttons show it
   * as still connecting (`snapshot[namespace].held`). Cleared when the namespace resets.
   */
  held: Record<string, string> = {}
  /** The channel of each connected namespace whose connector returned one (not observable: a function holder). */
  readonly channels = new Map<ChainNamespace, ConnectionChannel>()
  /** The channels of kept connections, by namespace and connector (not observable). */
  readonly keptChannels = new Map<string, ConnectionChannel>()

  constructor(namespaces: readonly ChainNamespace[]) {
    for (const namespace of namespaces) {
      this.connections[namespace] = { status: 'disconnected', accounts: [] }
      this.kept[namespace] = []
    }
    makeAutoObservable(this, { channels: false, keptChannels: false }, { autoBind: true })
  }

  /** The connections kept beside the active one of `namespace`. */
  keptOf(namespace: ChainNamespace): readonly KeptConnection[] {
    return this.kept[namespace] ?? []
  }

  /** The kept connection of `connectorId` in `namespace`, if any. */
  findKept(namespace: ChainNamespace, connectorId: string): KeptConnection | undefined {
    return this.keptOf(namespace).find((c) => c.connectorId === connectorId)
  }

  /**
   * Keeps a live connection beside the active one (it replaces an older entry of the same
   * connector, and goes first). Its channel, if any, is kept with it.
   */
  keep(namespace: ChainNamespace, connection: KeptConnection, channel?: ConnectionChannel): void {
    const rest = this.keptOf(namespace).filter((c) => c.connectorId !== connection.connectorId)
    this.kept[namespace] = [
      { connectorId: connection.connectorId, accounts: connection.accounts.map((a) => ({ ...a })), caipNetworkId: connection.caipNetworkId, ...(connection.walletName ? { walletName: connection.walletName } : {}) },
      ...rest,
    ]
    if (channel) this.keptChannels.set(keptKey(namespace, connection.connectorId), channel)
    else this.keptChannels.delete(keptKey(namespace, connection.connectorId))
  }

  /** Updates a kept connection's accounts or chain (its wallet reported a change while not active). */
  updateKept(namespace: ChainNamespace, connectorId: string, patch: Partial<Pick<KeptConnection, 'accounts' | 'caipNetworkId'>>): void {
    this.kept[namespace] = this.keptOf(namespace).map((c) =>
      c.connectorId === connectorId ? { ...c, ...(patch.accounts ? { accounts: patch.accounts.map((a) => ({ ...a })) } : {}), ...(patch.caipNetworkId ? { caipNetworkId: patch.caipNetworkId } : {}) } : c,
    )
  }

  /** Removes a kept connection and returns it with its channel. */
  takeKept(namespace: ChainNamespace, connectorId: string): { connection: KeptConnection; channel?: ConnectionChannel } | undefined {
    const connection = this.findKept(namespace, connectorId)
    if (!connection) return undefined
    this.kept[namespace] = this.keptOf(namespace).filter((c) => c.connectorId !== connectorId)
    const channel = this.keptChannels.get(keptKey(namespace, connectorId))
    this.keptChannels.delete(keptKey(namespace, connectorId))
    return { connection, ...(channel ? { channel } : {}) }
  }

  /** Forgets every kept connection of `namespace`. */
  clearKept(namespace: ChainNamespace): void {
    for (const connection of this.keptOf(namespace)) this.keptChannels.delete(keptKey(namespace, connection.connectorId))
    this.kept[namespace] = []
  }

  /** The channel of a connected namespace, if its connector returned one. */
  channel(namespace: ChainNamespace): ConnectionChannel | undefined {
    return this.get(namespace).status === 'connected' ? this.channels.get(namespace) : undefined
  }

  setChannel(namespace: ChainNamespace, channel: ConnectionChannel | undefined): void {
    if (channel) this.channels.set(namespace, channel)
    else this.channels.delete(namespace)
  }

  get(namespace: ChainNamespace): NamespaceConnection {
    return this.connections[namespace] ?? { status: 'disconnected', accounts: [] }
  }

  status(namespace: ChainNamespace): ConnectionStatus {
    return this.get(namespace).status
  }

  isConnected(namespace: ChainNamespace): boolean {
    return this.get(namespace).status === 'connected'
  }

  get connectedNamespaces(): ChainNamespace[] {
    return Object.keys(this.connections).filter((ns) => this.connections[ns]?.status === 'connected')
  }

  address(namespace: ChainNamespace): string | undefined {
    const connection = this.get(namespace)
    return connection.status === 'connected' ? connection.accounts[0]?.address : undefined
  }

  caipAddress(namespace: ChainNamespace): CaipAddress | undefined {
    const connection = this.get(namespace)
    const address = this.address(namespace)
    return address && connection.caipNetworkId ? (`${connection.caipNetworkId}:${address}` as CaipAddress) : undefined
  }

  /** Whether a plugin holds the namespace's connection (see {@link ConnectionStore.held}). */
  isHeld(namespace: ChainNamespace): boolean {
    return this.held[namespace] !== undefined
  }

  /** A plugin (`owner`) holds the namespace's connection until the visitor completes its step; `release` ends it. */
  hold(namespace: ChainNamespace, owner: string): void {
    this.held[namespace] = owner
  }

  /** Ends a hold on the namespace's connection. */
  release(namespace: ChainNamespace): void {
    delete this.held[namespace]
  }

  get snapshot(): ConnectionsSnapshot {
    const out: ConnectionsSnapshot = {}
    for (const namespace of Object.keys(this.connections)) {
      const connection = this.get(namespace)
      // Restoring: the kept account, until the wallet answers (connected, or reset).
      const restoring = connection.status === 'connecting' ? connection.restoring : undefined
      const address = restoring ? restoring.split(':')[2] : this.address(namespace)
      const caipAddress = restoring ?? this.caipAddress(namespace)
      out[namespace] = {
        status: connection.status,
        ...(address ? { address } : {}),
        ...(caipAddress ? { caipAddress } : {}),
        ...(connection.connectorId && connection.status !== 'disconnected' ? { connectorId: connection.connectorId } : {}),
        ...(connection.status === 'connected' && this.isHeld(namespace) ? { held: true as const } : {}),
      }
    }
    return out
  }

  /**
   * A wallet's status (spec §4): `connected` when it is the active connector of its namespace and
   * that namespace is active, `active` when it has a live connection, else `disconnected`.
   */
  connectorStatus(connectorId: string, namespace: ChainNamespace, activeNamespace: ChainNamespace): 'connected' | 'active' | 'disconnected' {
    const connection = this.get(namespace)
    if (connection.status !== 'connected' || connection.connectorId !== connectorId) return 'disconnected'
    return namespace === activeNamespace ? 'connected' : 'active'
  }

  /** `restoring`: the account stored with a connection being restored. */
  setConnecting(namespace: ChainNamespace, connectorId: string, restoring?: CaipAddress): void {
    const { restoring: _previous, ...connection } = this.get(namespace)
    this.connections[namespace] = { ...connection, status: 'connecting', connectorId, ...(restoring ? { restoring } : {}) }
  }

  setConnected(namespace: ChainNamespace, connection: { connectorId: string; accounts: readonly ConnectionAccount[]; caipNetworkId: CaipNetworkId; walletName?: string }): void {
    this.connections[namespace] = {
      status: 'connected',
      connectorId: connection.connectorId,
      accounts: connection.accounts.map((a) => ({ ...a })),
      caipNetworkId: connection.caipNetworkId,
      ...(connection.walletName ? { walletName: connection.walletName } : {}),
    }
  }

  setAccounts(namespace: ChainNamespace, accounts: readonly ConnectionAccount[]): void {
    const connection = this.get(namespace)
    this.connections[namespace] = { ...connection, accounts: accounts.map((a) => ({ ...a })) }
  }

  setNetwork(namespace: ChainNamespace, caipNetworkId: CaipNetworkId): void {
    this.connections[namespace] = { ...this.get(namespace), caipNetworkId }
  }

  reset(namespace: ChainNamespace): void {
    this.channels.delete(namespace)
    delete this.held[namespace]
    this.connections[namespace] = { status: 'disconnected', accounts: [] }
  }

  resetAll(): void {
    for (const namespace of Object.keys(this.connections)) {
      this.reset(namespace)
      this.clearKept(namespace)
    }
  }
}
