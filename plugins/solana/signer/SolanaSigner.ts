import type { CaipNetworkId } from '../../../kernel/kernel.js'
import type { SolanaWalletStandardChain } from '../utils/walletStandardChains.js'

/**
 * The network a request is for: a Wallet Standard chain (`solana:localnet`, `solana:mainnet`, …)
 * or a CAIP-2 id (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). Another network than the
 * connection's is refused before the wallet is asked.
 */
export type SolanaSignerChain = SolanaWalletStandardChain | CaipNetworkId

/** `solana:signTransaction`'s input, for the connected account: the wire bytes of one transaction (legacy or version 0). */
export type SolanaSignTransactionInput = {
  transaction: Uint8Array
  chain?: SolanaSignerChain
}
/** `solana:signTransaction`'s output: the transaction with the account's signature in its slot (a wallet may have changed it, e.g. its priority fee). */
export type SolanaSignTransactionOutput = { signedTransaction: Uint8Array }

/**
 * How the wallet sends (WalletConnect's `sendOptions`, the node's `sendTransaction` config):
 * `preflightCommitment` defaults to `'confirmed'`.
 */
export type SolanaSendOptions = {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  skipPreflight?: boolean
  maxRetries?: number
  minContextSlot?: number
}
/** `solana:signAndSendTransaction`'s input: one transaction the wallet signs and sends. */
export type SolanaSignAndSendTransactionInput = SolanaSignTransactionInput & { options?: SolanaSendOptions }
/** `solana:signAndSendTransaction`'s output: the transaction's signature (its id), 64 bytes. */
export type SolanaSignAndSendTransactionOutput = { signature: Uint8Array }

/** `solana:signMessage`'s input: the bytes to sign, 1 to 2048 (WalletConnect carries them in base58). */
export type SolanaSignMessageInput = { message: Uint8Array }
/**
 * `solana:signMessage`'s output: the ed25519 signature and the bytes it covers, which are the
 * message itself, or the message wrapped as a Solana off-chain message (what a Ledger signs).
 */
export type SolanaSignMessageOutput = { signedMessage: Uint8Array; signature: Uint8Array }

// @solana/kit's nominal types, written out: kit brands its strings and bytes with string-keyed
// markers, so these are its own types, and a site passes the kit signer to kit unchanged.
type KitNominal<Key extends string, Marker extends string> = { readonly [K in `__${Key}:@solana/kit`]: Marker }
/** kit's `Address`: a base58 address, branded. */
export type SolanaKitAddress<TAddress extends string = string> = KitNominal<'brand', 'Address'> & KitNominal<'stringEncoding', 'base58'> & TAddress
/** kit's `SignatureBytes`. */
export type SolanaKitSignatureBytes = KitNominal<'brand', 'SignatureBytes'> & Uint8Array
/** kit's `ReadonlyUint8Array`. */
export type SolanaKitReadonlyBytes = Omit<Uint8Array, 'copyWithin' | 'fill' | 'reverse' | 'set' | 'sort'> & { readonly [n: number]: number }
/** kit's `TransactionBlockhashLifetime` or `TransactionDurableNonceLifetime`. */
export type SolanaKitLifetime =
  | { blockhash: KitNominal<'brand', 'Blockhash'> & KitNominal<'stringEncoding', 'base58'> & string; lastValidBlockHeight: bigint }
  | { nonce: KitNominal<'brand', 'Nonce'> & string; nonceAccountAddress: SolanaKitAddress }
/** kit's `Transaction` (compiled message bytes and its signatures by signer, in slot order), maybe with its lifetime. */
export type SolanaKitTransaction = Readonly<{
  messageBytes: KitNominal<'brand', 'TransactionMessageBytes'> & SolanaKitReadonlyBytes
  signatures: Readonly<Record<SolanaKitAddress, SolanaKitSignatureBytes | null>>
  lifetimeConstraint?: SolanaKitLifetime
}>
/** A transaction the wallet signed, as kit's signers return it: within the size limit, with its lifetime. */
export type SolanaKitSignedTransaction = SolanaKitTransaction & KitNominal<'transactionSize', 'withinLimit'> & { readonly lifetimeConstraint: SolanaKitLifetime }

/**
 * The connected account as an `@solana/kit` signer: both a `TransactionModifyingSigner` (kit's
 * `signTransactionMessageWithSigners`; the wallet may change the transaction before it signs) and a
 * `TransactionSendingSigner` (`signAndSendTransactionMessageWithSigners`; the wallet signs and
 * sends). It signs for `address` only: once the visitor is on another account it refuses
 * (`SolanaSignerInputError`); take a new one with `getKitSigner()`.
 */
export type SolanaKitSigner<TAddress extends string = string> = Readonly<{
  address: SolanaKitAddress<TAddress>
  modifyAndSignTransactions(transactions: readonly SolanaKitTransaction[], config?: { abortSignal?: AbortSignal }): Promise<readonly SolanaKitSignedTransaction[]>
  signAndSendTransactions(transactions: readonly SolanaKitTransaction[], config?: { abortSignal?: AbortSignal; minContextSlot?: bigint }): Promise<readonly SolanaKitSignatureBytes[]>
}>

/**
 * The solana signer (`portico.getSigner('solana')`, `useSigner('solana')`): the connected
 * account's `solana:signTransaction`, `signAllTransactions`, `solana:signAndSendTransaction` and
 * `solana:signMessage` in the Wallet Standard shapes, and an `@solana/kit` signer. Every member
 * reads the connection when it is called, so it follows the visitor's account and network; with
 * nothing connected it throws `NotConnectedError`, and a `chain` other than the connection's is
 * refused with `ChainNotSupportedError`, both before any wallet is asked. It signs through the
 * connector that holds the connection (a Wallet Standard wallet, WalletConnect, a Ledger, the
 * embedded wallet); a refusal in the wallet is a `ProviderRpcError` 4001.
 */
export type SolanaSigner = {
  readonly namespace: 'solana'
  /** The connected account's address (base58). */
  getAddress(): string
  /** Has the wallet sign one transaction, without sending it. */
  signTransaction(input: SolanaSignTransactionInput): Promise<SolanaSignTransactionOutput>
  /** Has the wallet sign several transactions at once (one approval where the wallet offers it), without sending them. */
  signAllTransactions(inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]>
  /** Has the wallet sign one transaction and send it; resolves once the node took it (confirm it yourself). */
  signAndSendTransaction(input: SolanaSignAndSendTransactionInput): Promise<SolanaSignAndSendTransactionOutput>
  /** Has the wallet sign bytes with the account's key. */
  signMessage(input: SolanaSignMessageInput): Promise<SolanaSignMessageOutput>
  /** The connected account as an `@solana/kit` transaction signer (see {@link SolanaKitSigner}). */
  getKitSigner(): SolanaKitSigner
}

declare module '../../../kernel/types/signer.js' {
  // `portico.getSigner('solana')` and `useSigner('solana')` are typed once a site imports `portico/solana`.
  interface PorticoSigners {
    solana: SolanaSigner
  }
}
