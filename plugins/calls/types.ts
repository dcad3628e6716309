import type { AsyncSeriesBailHook, CaipNetworkId, ChainNamespace, ConnectionAccount, HookMap, Network, PluginContext } from '../../kernel/kernel.js'
import type { FetchUserOperationReceiptParameters } from './actions/fetchUserOperationReceipt.js'
import type { GetCallsStatusParameters } from './actions/getCallsStatus.js'
import type { GetCapabilitiesParameters } from './actions/getCapabilities.js'
import type { SendCallsParameters } from './actions/sendCalls.js'
import type { ShowCallsStatusParameters } from './actions/showCallsStatus.js'
import type { SwitchAccountTypeParameters, SwitchableAccountType } from './actions/switchAccountType.js'
import type { WaitForCallsStatusParameters } from './actions/waitForCallsStatus.js'

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

type NamespaceHook<Request, Result> = HookMap<AsyncSeriesBailHook<[Request], Result | undefined>>

/**
 * The hooks the calls plugin declares (`context.pluginHooks<CallsHooks>('calls')`), per namespace
 * (HookMap · AsyncSeriesBail, `@since 0.4.0`): the calls plugin answers them for eip155 wallets,
 * another plugin may for its namespace or its connector.
 */
export type CallsHooks = {
  /** What the wallet can do for an account, per chain (EIP-5792 `wallet_getCapabilities`). */
  getCapabilities: NamespaceHook<GetCapabilitiesRequest, WalletCapabilitiesByChain>
  /** Send a batch of calls from the connected account (EIP-5792 `wallet_sendCalls`). */
  sendCalls: NamespaceHook<SendCallsRequest, SendCallsResult>
  /** The state of a batch (EIP-5792 `wallet_getCallsStatus`). */
  getCallsStatus: NamespaceHook<GetCallsStatusRequest, CallsStatus>
  /** Ask the wallet to show a batch (EIP-5792 `wallet_showCallsStatus`); `true` when it did. */
  showCallsStatus: NamespaceHook<ShowCallsStatusRequest, true>
  /** Whether a smart account has code on the chain. */
  smartAccount: NamespaceHook<SmartAccountRequest, SmartAccountResult>
  /** A connector that creates accounts answers with the accounts, the chosen type first. */
  switchAccountType: NamespaceHook<SwitchAccountTypeRequest, ConnectionAccount[]>
}

/** What the calls plugin's actions run on: the plugin's context and its hooks. */
export type CallsContext = PluginContext & { readonly callsHooks: CallsHooks }

/** The actions `portico/calls` lends the instance and the handle (`actions`). */
export type CallsActions = {
  /** What the wallet can do for an account, per chain (EIP-5792 `wallet_getCapabilities`); `address` defaults to the connected account. */
  getCapabilities(parameters?: GetCapabilitiesParameters): Promise<WalletCapabilitiesByChain>
  /** Sends one batch of calls from the connected account (EIP-5792 `wallet_sendCalls`), with an optional sequential fallback. */
  sendCalls(parameters: SendCallsParameters): Promise<SendCallsResult>
  /** The state of a batch (`wallet_getCallsStatus`, the bundler route, or receipts for `sequential:` ids). */
  getCallsStatus(id: string, parameters?: GetCallsStatusParameters): Promise<CallsStatus>
  /** Polls `getCallsStatus` until the batch is no longer pending (default every 1 s, up to 60 s). */
  waitForCallsStatus(id: string, parameters?: WaitForCallsStatusParameters): Promise<CallsStatus>
  /** Asks the wallet to show a batch (`wallet_showCallsStatus`). */
  showCallsStatus(id: string, parameters?: ShowCallsStatusParameters): Promise<void>
  /** A user operation's receipt through the server's bundler route; `null` while not included. */
  fetchUserOperationReceipt(userOpHash: string, parameters?: FetchUserOperationReceiptParameters): Promise<UserOperationReceipt | null>
  /** Makes an account of the other type (`eoa` / `smartAccount`) the active one, where the connection offers it (spec §4). */
  switchAccountType(type: SwitchableAccountType, parameters?: SwitchAccountTypeParameters): Promise<void>
}

declare module '../../kernel/types/portico.js' {
  // The handle's and the kernel's EIP-5792 actions, typed once a site imports `portico/calls`.
  interface PluginActions extends CallsActions {}
}
