// The parameters and answers of the kernel's actions that `Portico`'s type names: here, beside
// it, so that kernel/types/portico.ts imports no action (each action re-exports its own).
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'
import type { AccountType, ConnectionRequest, ConnectionStatus } from './connection.js'
import type { SendFeeSpeed, SendTransactionRequest } from './hooks.js'
import type { Network } from './network.js'
import type { RouteData, View } from './view.js'

export type ConnectParameters = {
  connectorId: string
  namespace?: ChainNamespace
  network?: Network
  /** Whether the namespace becomes the active one (default true); a connector that connects several namespaces at once activates only the first. */
  activate?: boolean
}

export type DeleteConnectionParameters = {
  connectorId: string
  /** Default: the active namespace. */
  namespace?: ChainNamespace
}

export type FetchProfileParameters = { force?: boolean }

export type GetAccountReturnType = {
  namespace: ChainNamespace
  status: ConnectionStatus
  isConnected: boolean
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
  /** The active account's type (`eoa`, `smartAccount`, …), once connected. */
  preferredAccountType?: AccountType
  /** For a smart account: whether it has code on the current chain; absent for an EOA or while unknown. */
  smartAccountDeployed?: boolean
}

export type OpenModalParameters = { view?: View; namespace?: ChainNamespace; uri?: string; data?: RouteData }

export type RequestParameters = ConnectionRequest & { namespace?: ChainNamespace }

export type SendParameters = {
  to: string
  /** A decimal string in the token's units, e.g. "0.5". */
  amount: string
  /** The token's CAIP-10 address as the balance API returns it; omitted for the native currency. */
  token?: CaipAddress
  namespace?: ChainNamespace
  /** The fee speed, where the namespace's plugin offers speeds (`estimateSendFee`'s `speeds`); the plugin's default otherwise. */
  feeSpeed?: SendFeeSpeed
  /**
   * A memo stored with the transfer, where the namespace's plugin takes one (`meta.sendMemo`):
   * at most its `maxBytes` of UTF-8; an empty memo is none. Refused on a namespace that takes none.
   */
  memo?: string
}

export type SendTransactionParameters = SendTransactionRequest['transaction'] & { namespace?: ChainNamespace }

export type SignMessageParameters = { message: string; namespace?: ChainNamespace }

export type SwitchConnectionParameters = {
  /** The connector of the kept connection to make active. */
  connectorId: string
  /** Default: the active namespace. */
  namespace?: ChainNamespace
}

export type WalletRequestParameters = {
  /** The wallet to ask: the connector of the connection (or the one being connected). */
  connectorId: string
  chainId: CaipNetworkId
  method: string
  params?: unknown
}

/** The wallet's raw answer, boxed, or `undefined` when nothing could carry the request. */
export type WalletRequestReturnType = { result: unknown } | undefined
