import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

export type ConnectionAccount = { address: string; type?: AccountType }

/** What a plugin's `connect` / `reconnect` tap returns. */
export type ConnectResult = {
  connectorId: string
  accounts: readonly ConnectionAccount[]
  /** The chain the wallet is on now. */
  caipNetworkId: CaipNetworkId
  /** How the visitor reached the wallet, for analytics (default `browser`). */
  method?: ConnectionMethod
}

/** How a connection was made: an extension in this browser, a QR code, a phone app, a web wallet. */
export type ConnectionMethod = 'browser' | 'qrcode' | 'mobile' | 'web'

/** The public view of one namespace's connection (`getState().connections[namespace]`). */
export type ConnectionSnapshot = {
  status: ConnectionStatus
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
}

export type ConnectionsSnapshot = Record<string, ConnectionSnapshot>
