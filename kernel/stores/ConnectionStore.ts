import { makeAutoObservable } from 'mobx'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { ConnectionAccount, ConnectionChannel, ConnectionsSnapshot, ConnectionStatus } from '../types/connection.js'

export type NamespaceConnection = {
  status: ConnectionStatus
  connectorId?: string
  accounts: ConnectionAccount[]
  caipNetworkId?: CaipNetworkId
}

/** Connection status per namespace: disconnected, connecting, connected (spec §4). */
export class ConnectionStore {
  connections: Record<string, NamespaceConnection> = {}
  /** The channel of each connected namespace whose connector returned one (not observable: a function holder). */
  readonly channels = new Map<ChainNamespace, ConnectionChannel>()

  constructor(namespaces: readonly ChainNamespace[]) {
    for (const namespace of namespaces) this.connections[namespace] = { status: 'disconnected', accounts: [] }
    makeAutoObservable(this, { channels: false }, { autoBind: true })
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

  get snapshot(): ConnectionsSnapshot {
    const out: ConnectionsSnapshot = {}
    for (const namespace of Object.keys(this.connections)) {
      const connection = this.get(namespace)
      const address = this.address(namespace)
      const caipAddress = this.caipAddress(namespace)
      out[namespace] = {
        status: connection.status,
        ...(address ? { address } : {}),
        ...(caipAddress ? { caipAddress } : {}),
        ...(connection.connectorId && connection.status !== 'disconnected' ? { connectorId: connection.connectorId } : {}),
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

  setConnecting(namespace: ChainNamespace, connectorId: string): void {
    this.connections[namespace] = { ...this.get(namespace), status: 'connecting', connectorId }
  }

  setConnected(namespace: ChainNamespace, connection: { connectorId: string; accounts: readonly ConnectionAccount[]; caipNetworkId: CaipNetworkId }): void {
    this.connections[namespace] = {
      status: 'connected',
      connectorId: connection.connectorId,
      accounts: connection.accounts.map((a) => ({ ...a })),
      caipNetworkId: connection.caipNetworkId,
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
    this.connections[namespace] = { status: 'disconnected', accounts: [] }
  }

  resetAll(): void {
    for (const namespace of Object.keys(this.connections)) this.reset(namespace)
  }
}
