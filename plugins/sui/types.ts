// The Sui signer's public types (`portico.getSigner('sui')`, `useSigner('sui')`), and their place in
// the kernel's `PorticoSigners` once a site imports `portico/sui`.
import type { ChainNotSupportedError, NotConnectedError, ProviderRpcError } from '../../kernel/errors/index.js'
import type { SuiRpcRequestError, SuiSignerInputError, SuiTransactionFailedError, SuiWalletFeatureError } from './errors.js'

/** A Wallet Standard Sui chain (`sui:mainnet`, `sui:localnet`, …); the draft's `sui:35834a8a` form is accepted too. */
export type SuiChain = `sui:${string}`

/**
 * A transaction for the signer, as dapp-kit's hooks take it: a `Transaction` of `@mysten/sui` (or
 * anything with its `toJSON()`), or its serialized form, TransactionData JSON or base64 BCS bytes.
 * A transaction that names no sender gets the connected account.
 */
export type SuiTransactionInput = string | { toJSON(): Promise<string>; setSenderIfNotSet?(sender: string): void }

export type SuiSignTransactionParameters = {
  transaction: SuiTransactionInput
  /** The chain it is for; refused before the wallet is asked when it is not the connection's. Default: the connection's. */
  chain?: SuiChain
}
/** The signed transaction, as Wallet Standard's `sui:signTransaction` answers it. */
export type SuiSignTransactionReturnType = {
  /** The BCS `TransactionData` the wallet signed (with the gas it chose), base64. */
  bytes: string
  /** The serialized signature (flag, signature, public key), base64. */
  signature: string
}

export type SuiSignAndExecuteTransactionParameters = SuiSignTransactionParameters
/** The executed transaction, as Wallet Standard's `sui:signAndExecuteTransaction` answers it. */
export type SuiSignAndExecuteTransactionReturnType = SuiSignTransactionReturnType & {
  digest: string
  /** BCS `TransactionEffects`, base64, when the wallet or the network's node gave them. */
  effects?: string
}

export type SuiSignPersonalMessageParameters = {
  /** The message's bytes, UTF-8 text (WalletConnect's `sui_signPersonalMessage` carries text). */
  message: Uint8Array
  chain?: SuiChain
}
/** The signed message, as Wallet Standard's `sui:signPersonalMessage` answers it. */
export type SuiSignPersonalMessageReturnType = {
  /** The message, base64. */
  bytes: string
  /** The serialized signature, base64 (`verifyPersonalMessageSignature` of `@mysten/sui/verify` checks it). */
  signature: string
}

/**
 * The connected Sui account's signer for the site's own transactions (`portico.getSigner('sui')`),
 * in the shapes of Sui's Wallet Standard features and dapp-kit's hooks. Every member reads the
 * connection when it is called: it follows the visitor's account and network, refuses with
 * `NotConnectedError` while nothing is connected and with `ChainNotSupportedError` a `chain` other
 * than the connection's, before the wallet is asked; it signs through whichever connector holds
 * the connection (a Wallet Standard wallet, WalletConnect).
 */
export type SuiSigner = {
  readonly namespace: 'sui'
  /** The connected account's address (`0x` + 64 hex). */
  toSuiAddress(): string
  /** Has the wallet sign a transaction without executing it. */
  signTransaction(parameters: SuiSignTransactionParameters): Promise<SuiSignTransactionReturnType>
  /**
   * Has the wallet sign and execute a transaction; resolves once the chain ran it successfully.
   * A transaction the chain ran but failed is a `SuiTransactionFailedError` (its reason in `details`, its `digest` kept).
   */
  signAndExecuteTransaction(parameters: SuiSignAndExecuteTransactionParameters): Promise<SuiSignAndExecuteTransactionReturnType>
  /** Has the wallet sign a personal message (`sui:signPersonalMessage`). */
  signPersonalMessage(parameters: SuiSignPersonalMessageParameters): Promise<SuiSignPersonalMessageReturnType>
}

/**
 * What the signer's calls throw: `NotConnectedError`, `ChainNotSupportedError`,
 * `SuiSignerInputError` (malformed input, before any wallet is asked), `ProviderRpcError` (the
 * wallet's refusal, 4001 for the visitor saying no, or its failure with the node's reason),
 * `SuiWalletFeatureError`, `SuiTransactionFailedError` and `SuiRpcRequestError`.
 */
export type SuiSignerErrorType = NotConnectedError | ChainNotSupportedError | SuiSignerInputError | ProviderRpcError | SuiWalletFeatureError | SuiTransactionFailedError | SuiRpcRequestError

declare module '../../kernel/types/signer.js' {
  // `portico.getSigner('sui')` and `useSigner('sui')` are typed once a site imports `portico/sui`.
  interface PorticoSigners {
    sui: SuiSigner
  }
}
