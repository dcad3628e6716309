import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { Network } from './network.js'

/**
 * One call of a batch (EIP-5792 `wallet_sendCalls`): the contract or account it goes `to`, its
 * `data` (hex) and `value` in the native currency's base units (a decimal string, as
 * `portico.sendTransaction` takes it).
 */
export type Call = { to: string; data?: string; value?: string }

/**
 * What a wallet can do for an account on one chain (EIP-5792 `wallet_getCapabilities`), by
 * capability key (spec §9: `atomic`, `flow-control`, `paymasterService`, `sessionKeys`,
 * `auxiliaryFunds`, …). Values are the wallet's own objects, e.g. `atomic: { status: 'supported' }`.
 */
export type WalletCapabilities = Record<string, unknown>

/** Every chain's capabilities, keyed by CAIP-2 network id (the wallet's hex chain ids translated). */
export type WalletCapabilitiesByChain = Record<CaipNetworkId, WalletCapabilities>

/**
 * The state of a batch (EIP-5792 `wallet_getCallsStatus`, version 2.0.0): `pending` (100),
 * `success` (200: every call included and none reverted), `failure` (400 off chain, 500 reverted on
 * chain), `partial` (600: some calls included). `statusCode` is the wallet's number.
 */
export type CallsStatus = {
  id: string
  caipNetworkId: CaipNetworkId
  status: 'pending' | 'success' | 'failure' | 'partial'
  statusCode: number
  /** Whether the calls ran in one transaction (a smart account's user operation). */
  atomic: boolean
  receipts: readonly CallReceipt[]
}

/** One receipt of a batch: the transaction that carried (some of) its calls. */
export type CallReceipt = {
  transactionHash: string
  status: 'success' | 'reverted'
  blockNumber: string
  gasUsed: string
}

/**
 * A user operation's receipt as an ERC-4337 bundler returns it (`eth_getUserOperationReceipt`),
 * read through the server's bundler route (spec §7); quantities as decimal strings.
 */
export type UserOperationReceipt = {
  userOpHash: string
  entryPoint: string
  sender: string
  nonce: string
  success: boolean
  actualGasCost: string
  actualGasUsed: string
  /** The bundle transaction that included it. */
  transactionHash: string
  blockNumber: string
}

// ---- hook requests (chain plugins tap these per namespace) ----

export type GetCapabilitiesRequest = { namespace: ChainNamespace; connectorId: string; address: string; network: Network; /** The chains asked about (CAIP-2); all the wallet knows when absent. */ caipNetworkIds?: readonly CaipNetworkId[] }
export type SendCallsRequest = {
  namespace: ChainNamespace
  connectorId: string
  from: string
  network: Network
  calls: readonly Call[]
  /** The batch must run atomically (all or nothing): a wallet that cannot answers 5760. */
  atomicRequired: boolean
  /** Capabilities the site asks for (`paymasterService: { url }`, …), passed to the wallet as they are. */
  capabilities?: WalletCapabilities
  /** The site's own id for the batch; the wallet makes one when absent. */
  id?: string
}
export type SendCallsResult = { id: string; capabilities?: WalletCapabilities }
export type GetCallsStatusRequest = { namespace: ChainNamespace; connectorId: string; id: string; network: Network }
export type ShowCallsStatusRequest = GetCallsStatusRequest

/** The active account's smart-account facts (spec §3 `preferredAccountType`, `smartAccountDeployed`). */
export type SmartAccountRequest = { namespace: ChainNamespace; connectorId: string; address: string; network: Network }
/** `deployed`: the account has code on the chain (a counterfactual one gets it with its first user operation). */
export type SmartAccountResult = { deployed: boolean }

/**
 * The site asks for the other account type (spec §4): a connector that creates accounts (an
 * embedded wallet) answers with the connection's accounts, the chosen type first.
 */
export type SwitchAccountTypeRequest = { namespace: ChainNamespace; connectorId: string; type: 'eoa' | 'smartAccount' }
