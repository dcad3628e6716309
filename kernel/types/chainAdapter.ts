import type { AddressValidator } from '../registries/AddressValidatorRegistry.js'
import type { BuiltinWalletLoader } from '../registries/BuiltinWalletRegistry.js'
import type { ExplorerUrlBuilder } from '../registries/ExplorerRegistry.js'
import type { SignInVerifier } from '../registries/SignInVerifierRegistry.js'
import type { ChainNamespace } from './caip.js'
import type { ConnectResult } from './connection.js'
import type { NamespaceSigner, SignerContext } from './signer.js'
import type {
  BalanceResult,
  ConnectRequest,
  DisconnectRequest,
  DiscoverWalletsContext,
  FetchBalanceRequest,
  FetchTokenBalancesRequest,
  ReconnectRequest,
  RpcRequest,
  RpcRequestResult,
  SelectAccountRequest,
  SendFeeEstimate,
  SendRequest,
  SendResult,
  SendTransactionRequest,
  SignMessageRequest,
  SignMessageResult,
  SwitchNetworkRequest,
  SwitchNetworkResult,
  TokenBalance,
  WaitForTransactionRequest,
  WaitForTransactionResult,
  WalletRequest,
  WalletRequestResult,
} from './hooks.js'

/**
 * What every chain plugin must provide, as one typed object (the model is wagmi's
 * `createConnector`): a chain plugin's `setup` builds it and hands it to `registerChainAdapter`,
 * which taps the namespace's hooks with it. A missing required member is a compile error.
 *
 * Most methods answer the hook of the same name for the adapter's namespace and may answer
 * `undefined` to pass (another connector's connection, such as WalletConnect's, is then answered
 * by that connector). The hooks stay the kernel's public surface: other plugins still tap them to
 * observe or wrap what the adapter does. The methods only the namespace's chain plugin answers
 * ({@link ChainAdapterMethodName}: `request`, `rpcRequest`, `sendTransaction`, `estimateSendFee`,
 * `waitForTransaction`, `selectAccount`) are no hooks: the kernel calls them directly.
 */
export type ChainAdapter = {
  /** The CAIP-2 namespace, e.g. `eip155`. */
  readonly namespace: ChainNamespace
  /** Whether a string is an address of this namespace (the send form, the connection's accounts). */
  isAddress: AddressValidator
  /** Links to an address and a transaction on a network's block explorer. */
  explorers: ExplorerUrlBuilder
  /** Portico's built-in wallets of this namespace (the Connect view's fallback, Get Wallet), loaded when first shown. */
  builtinWallets?: BuiltinWalletLoader
  /**
   * The namespace's SLIP-44 coin type (eip155 `60`, solana `501`, bip122 `0`, …): wallets that name
   * a chain by it, such as Trust Wallet's in-app browser link (`coin_id`), open on this namespace.
   */
  slip44?: number

  /** Adds the wallets found in the page (`discoverWallets`). */
  discoverWallets(context: DiscoverWalletsContext): Promise<void>
  /** Connects one of them, asking the visitor (`connect`). */
  connect(request: ConnectRequest): Promise<ConnectResult | undefined>
  /** Restores a stored connection without asking (`reconnect`); `undefined` when it cannot. */
  reconnect(request: ReconnectRequest): Promise<ConnectResult | undefined>
  /** Ends the wallet's connection (`disconnect`). */
  disconnect(request: DisconnectRequest): Promise<void>
  /** Moves the wallet to another network (`switchNetwork`). */
  switchNetwork(request: SwitchNetworkRequest): Promise<SwitchNetworkResult | undefined>
  /** Signs a plain message with the connected account (`signMessage`). */
  signMessage(request: SignMessageRequest): Promise<SignMessageResult | undefined>

  /** The native balance of an account (`fetchBalance`). */
  fetchBalance(request: FetchBalanceRequest): Promise<BalanceResult | undefined>
  /** The most a transfer will cost, shown before the wallet is asked (`portico.estimateSendFee`; called directly). */
  estimateSendFee(request: SendRequest): Promise<SendFeeEstimate | undefined>
  /** Submits a transfer through the wallet (`send`). */
  send(request: SendRequest): Promise<SendResult | undefined>
  /** Follows a submitted transaction until it is confirmed or failed (the send and swap plugins' toasts; called directly). */
  waitForTransaction(request: WaitForTransactionRequest): Promise<WaitForTransactionResult | undefined>

  // Optional capabilities: present when the chain has them, read from which members exist.

  /** Sends one raw request to the wallet the plugin holds (`portico.request`, `context.walletRequest`; bridges such as `portico/wagmi`; called directly). */
  request?(request: WalletRequest): Promise<WalletRequestResult | undefined>
  /** Sends one JSON-RPC request to a network's nodes through the plugin's RPC client (other plugins ask it with `context.chains.call(namespace, 'rpcRequest', …)`). */
  rpcRequest?(request: RpcRequest): Promise<RpcRequestResult | undefined>
  /** Sends a transaction another plugin built, unchanged (`portico.sendTransaction`; swaps, approvals; called directly). */
  sendTransaction?(request: SendTransactionRequest): Promise<SendResult | undefined>
  /** `true` when the wallet signs for every account it shared, so the site may pick another (`portico.selectAccount`; called directly). */
  selectAccount?(request: SelectAccountRequest): Promise<true | undefined>
  /**
   * Token balances read from the chain itself (`fetchTokenBalances`, tapped at stage 20, after the
   * blockchain API's stage 10): for the networks the API does not serve.
   */
  fetchTokenBalances?(request: FetchTokenBalancesRequest): Promise<TokenBalance[] | undefined>
  /** Verifies this namespace's sign-in signatures (SIWX). */
  signInVerifier?: SignInVerifier
  /**
   * Builds the namespace's signer for the site's own transactions (`portico.getSigner`), in the
   * shape its ecosystem's main SDK takes, once per instance; may load its code lazily. It signs
   * through `context.request` in the namespace's WalletConnect method vocabulary, which every
   * connector carries, and which the adapter's own `request` answers for the wallets it holds.
   */
  createSigner?(context: SignerContext): NamespaceSigner | Promise<NamespaceSigner>

  /** Stops what the adapter started (discovery, listeners, RPC clients). */
  dispose?(): void
}

/** The adapter's methods the kernel calls directly (through `portico.chains`), not through a hook. */
export type ChainAdapterMethodName = 'request' | 'rpcRequest' | 'sendTransaction' | 'estimateSendFee' | 'waitForTransaction' | 'selectAccount'

/** The adapter's methods that answer a namespace-keyed hook of the same name. */
export type ChainAdapterHookName = Exclude<
  { [Key in keyof ChainAdapter]-?: ChainAdapter[Key] extends ((...args: never[]) => Promise<unknown>) | undefined ? Key : never }[keyof ChainAdapter],
  'dispose' | 'createSigner' | ChainAdapterMethodName
>
