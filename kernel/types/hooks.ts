import type { BaseError } from '../errors/BaseError.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'
import type { Nft, TokenBalance, Transaction } from './account.js'
import type { ConnectResult } from './connection.js'
import type { Network } from './network.js'
import type { View, ViewDescriptor } from './view.js'
import type { WalletConnector } from './wallet.js'

export type DiscoverWalletsContext = {
  namespace: ChainNamespace
  /** Adds a wallet the plugin can offer; merged with others of the same name. */
  add(wallet: WalletConnector): void
}

export type ConnectRequest = { namespace: ChainNamespace; connectorId: string; network?: Network }
export type DisconnectRequest = { namespace: ChainNamespace; connectorId: string }
export type ReconnectRequest = { namespace: ChainNamespace; connectorId: string; network?: Network }
export type SwitchNetworkRequest = { namespace: ChainNamespace; connectorId: string; network: Network }
/** `true` when the wallet is now on the network. */
export type SwitchNetworkResult = { caipNetworkId: CaipNetworkId }

/** The site asks to make another of the connection's accounts the active one (a wallet that signs for each account it shared). */
export type SelectAccountRequest = { namespace: ChainNamespace; connectorId: string; address: string }
export type SignMessageRequest = {
  namespace: ChainNamespace
  connectorId: string
  address: string
  caipNetworkId: CaipNetworkId
  message: string
}
export type SignMessageResult = { signature: string }

/** One raw wallet request for a connection that has no channel: the chain plugin holding the wallet's provider sends it as it is. */
export type WalletRequest = {
  namespace: ChainNamespace
  connectorId: string
  method: string
  params?: unknown
  chainId: CaipNetworkId
}
/** The wallet's raw answer, boxed so that an answer of `undefined` still counts as answered. */
export type WalletRequestResult = { result: unknown }

/** One JSON-RPC request to a configured network's nodes (its `rpcUrls`), not to the wallet: the namespace's chain plugin sends it with its own RPC client. */
export type RpcRequest = {
  namespace: ChainNamespace
  network: Network
  method: string
  params?: unknown
}
/** The node's raw answer, boxed as a wallet's is ({@link WalletRequestResult}). */
export type RpcRequestResult = { result: unknown }

export type SignInState = {
  namespace: ChainNamespace
  caipAddress: CaipAddress
  network: Network
  message?: string
  signature?: string
  session?: unknown
}

export type FetchBalanceRequest = { namespace: ChainNamespace; address: string; network: Network }
export type BalanceResult = {
  /** Decimal string in whole units, e.g. "1.5". */
  balance: string
  symbol: string
  decimals?: number
}

export type SendRequest = {
  namespace: ChainNamespace
  connectorId: string
  from: string
  network: Network
  to: string
  /** Decimal string in the token's units. */
  amount: string
  /** CAIP-10 token address, or absent for the native currency. */
  token?: CaipAddress
  decimals?: number
  /** The fee speed the visitor chose, when the plugin offered speeds (`SendFeeEstimate.speeds`). */
  feeSpeed?: SendFeeSpeed
  /** A memo to store with the transfer, only for a namespace whose plugin declares `meta.sendMemo` (checked against its `maxBytes` of UTF-8 first). */
  memo?: string
}
export type SendResult = { hash: string }
/**
 * A transaction a feature plugin built (a swap, an approval) for the connected account to send as
 * it is: `to`, `data` (hex), `value` and `gas` in the native currency's base units (decimal strings).
 */
export type SendTransactionRequest = {
  namespace: ChainNamespace
  connectorId: string
  from: string
  network: Network
  transaction: { to: string; data?: string; value?: string; gas?: string }
}
/** How soon a transaction should confirm, for networks whose fee buys priority (Bitcoin's fee rate tiers). */
export type SendFeeSpeed = 'slow' | 'normal' | 'fast'
/** One fee speed: its fee (a decimal in the native currency) and, where the plugin has a handier unit, the fee in it (`1,240 sats`), shown instead. */
export type SendFeeOption = { speed: SendFeeSpeed; fee: string; detail?: string }
/**
 * What a send will cost in the network's fee, known before the wallet is asked: at most `fee` (a
 * decimal in `symbol`, the native currency) at the requested speed; `speeds` when the visitor can
 * choose (the send review then offers them, and the send carries the choice as `feeSpeed`).
 */
export type SendFeeEstimate = { fee: string; symbol: string; speeds?: readonly SendFeeOption[]; /** The speed `fee` is for (the plugin's default when the send named none). */ speed?: SendFeeSpeed }
/** A submitted transaction to follow until the chain settles it. */
export type WaitForTransactionRequest = { namespace: ChainNamespace; network: Network; hash: string }
/**
 * How the chain settled it: `confirmed`, or `failed` (reverted, or an error on chain); `hash` when
 * the chain knows it by another hash than the one followed (a Safe's send returns the safeTxHash;
 * the owners' execution is the transaction on chain).
 */
export type WaitForTransactionResult = { status: 'confirmed' | 'failed'; hash?: string }

/** What an account-data tap is asked: the connected account, its chain (CAIP-2) and, when configured, the network. */
export type AccountDataRequest = { namespace: ChainNamespace; address: string; caipNetworkId: CaipNetworkId; network?: Network }
export type FetchTokenBalancesRequest = AccountDataRequest & { force: boolean }
export type FetchTransactionsRequest = AccountDataRequest & { cursor?: string }
/** One page of activity; `next` is the cursor of the following page, or null. */
export type TransactionsPage = { data: Transaction[]; next: string | null }
export type FetchNftsRequest = AccountDataRequest
/** What a profile tap is asked: the connected account and its chain. */
export type FetchProfileRequest = AccountDataRequest
/** An account's name (`alice.portico.id`, `bob.eth`) and avatar URL; `null` for none. */
export type ProfileResult = { name: string | null; avatar: string | null }
/** A name typed where an address goes (the send form's receiver), on the namespace's active chain. */
export type ResolveNameRequest = { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; name: string; network?: Network }
/** The address a name points to, with the name as resolved and its avatar when known. */
export type ResolveNameResult = { address: string; name: string; avatar?: string | null }
export type { Nft, TokenBalance, Transaction }

export type ViewRegistryLike = { register(view: ViewDescriptor): void; has(id: View): boolean }

export type ConnectedEvent = { namespace: ChainNamespace; connectorId: string; caipAddress: CaipAddress; result: ConnectResult }
export type DisconnectedEvent = { namespace: ChainNamespace }
export type AccountChangedEvent = { namespace: ChainNamespace; address: string; caipAddress: CaipAddress }
export type NetworkChangedEvent = { namespace: ChainNamespace; network: Network }
export type ErrorEvent = { error: BaseError; namespace?: ChainNamespace; action?: string }
