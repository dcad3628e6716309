import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/** One account of a connection; `name` is what the wallet calls it ("Savings"), when it says. */
export type ConnectionAccount = { address: string; type?: AccountType; name?: string }

/** One request over a connection: a wallet method, its params, and the chain it is for (CAIP-2). */
export type ConnectionRequest = { method: string; params?: unknown; chainId: CaipNetworkId }

/**
 * A connection as a channel (EIP-1193-like, namespace-agnostic): a connector that carries
 * requests for any namespace (WalletConnect: a session request) returns one; the namespace's
 * chain plugin encodes the requests and decodes the answers.
 */
export type ConnectionChannel = {
  /** Sends one request to the wallet; rejects with a typed error. */
  request(request: ConnectionRequest): Promise<unknown>
  /** The chains the wallet approved for this connection (absent: any the site configured). */
  chains?(): readonly CaipNetworkId[]
  /** Whether the wallet approved `method` on `chainId` (absent: assume it did). */
  supports?(method: string, chainId: CaipNetworkId): boolean
  /** The session's properties the wallet shared (WalletConnect `sessionProperties`, e.g. `bundler_name`), when it did. */
  properties?(): Readonly<Record<string, string>>
}

/** What a plugin's `connect` / `reconnect` tap returns. */
export type ConnectResult = {
  connectorId: string
  accounts: readonly ConnectionAccount[]
  /** The chain the wallet is on now. */
  caipNetworkId: CaipNetworkId
  /** How the visitor reached the wallet, for analytics (default `browser`). */
  method?: ConnectionMethod
  /** The connection's channel, when the connector carries requests for the namespace's chain plugin to encode. */
  channel?: ConnectionChannel
  /** Who logged in, when the connector is an embedded wallet reached by email or a social login (spec §3 `user`). */
  user?: ConnectionUser
  /** The wallet's own name, when the connector reaches many wallets (WalletConnect: the phone wallet's metadata). */
  walletName?: string
}

/**
 * The person behind an embedded-wallet connection (spec §3 `user` and `socialProvider`): how they
 * logged in (`email`, or a social provider's id such as `google`), and what the Account view may
 * show of them. No secret.
 */
export type ConnectionUser = {
  /** `email`, or the social provider's id (`google`, `github`, …). */
  provider: string
  email?: string
  /** The social handle (`@alice`), when the provider has one. */
  handle?: string
  name?: string
}

/** How a connection was made: an extension in this browser, a QR code, a phone app, a web wallet. */
export type ConnectionMethod = 'browser' | 'qrcode' | 'mobile' | 'web'

/** The public view of one namespace's connection (`getState().connections[namespace]`). */
export type ConnectionSnapshot = {
  status: ConnectionStatus
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
  /**
   * Connected, but a plugin holds the connection until the visitor completes a step (a required
   * sign-in not signed yet): the page's buttons show it as still connecting.
   */
  held?: true
}

export type ConnectionsSnapshot = Record<string, ConnectionSnapshot>

/**
 * One wallet connection of a namespace (`portico.getConnections`): the active one and, with the
 * `multiWallet` feature on, the ones kept connected beside it (spec §6).
 */
export type WalletConnection = {
  namespace: ChainNamespace
  connectorId: string
  /** The wallet's own name (a phone wallet behind WalletConnect), else its connector's, and the connector's logo (absent when it is not offered now). */
  name?: string
  imageUrl?: string
  /** The connection's first account. */
  address: string
  caipAddress: CaipAddress
  accounts: readonly ConnectionAccount[]
  caipNetworkId: CaipNetworkId
  /** Whether this connection signs now (the namespace's active one). */
  active: boolean
}

/** Which connection a wallet event is about (default: the namespace's active one). */
export type ReportOptions = { connectorId?: string }
