import type { CaipNetworkId } from '../../../kernel/index.js'

/**
 * A Clarity value in SIP-030's JSON representation, which is also the shape of
 * `@stacks/transactions`' values (`Cl.uint(5)`, `Cl.principal('ST…')`, `Cl.some(Cl.bufferFromUtf8('memo'))`):
 * the signer serializes it to the hex wallets take.
 */
export type StacksClarityValue =
  | { readonly type: 'int' | 'uint'; readonly value: bigint | number | string }
  | { readonly type: 'buffer'; readonly value: string }
  | { readonly type: 'true' | 'false' | 'none' }
  | { readonly type: 'address' | 'contract' | 'ascii' | 'utf8'; readonly value: string }
  | { readonly type: 'ok' | 'err' | 'some'; readonly value: StacksClarityValue }
  | { readonly type: 'list'; readonly value: readonly StacksClarityValue[] }
  | { readonly type: 'tuple'; readonly value: { readonly [key: string]: StacksClarityValue } }

/** A fungible comparison of a post condition: the principal sends exactly, more than, at least, … this amount. */
export type StacksFungibleComparator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte'

/**
 * A post condition in SIP-030's JSON representation, the shape `@stacks/transactions`' `Pc` builder
 * makes (`Pc.principal(sender).willSendEq(5n).ft('ST….token', 'token')`); `address` is a standard or
 * contract principal, or `origin`.
 */
export type StacksPostCondition =
  | { readonly type: 'stx-postcondition'; readonly address: string; readonly condition: StacksFungibleComparator; readonly amount: bigint | number | string }
  | { readonly type: 'ft-postcondition'; readonly address: string; readonly condition: StacksFungibleComparator; readonly asset: string; readonly amount: bigint | number | string }
  | { readonly type: 'nft-postcondition'; readonly address: string; readonly condition: 'sent' | 'not-sent' | 'maybe-sent'; readonly asset: string; readonly assetId: StacksClarityValue }

/**
 * Which network a call is for, checked against the connection's before the wallet is asked: a
 * CAIP-2 id (`stacks:2147483648`), a SIP-005 chain id (`2147483648`), or a `@stacks/network` object
 * (`STACKS_TESTNET`, whose `chainId` is read).
 */
export type StacksSignerNetwork = CaipNetworkId | number | { readonly chainId: number }

/** What SIP-030 wallets answer for a transaction they signed and broadcast. */
export type StacksTransactionResult = {
  /** The transaction id, hex without `0x` (as `@stacks/transactions`' `txid()`). */
  txid: string
  /** The signed transaction, hex, when the wallet returned it. */
  transaction?: string
}

export type StacksCallContractParameters = {
  /** `<address>.<contract-name>`. */
  contract: string
  functionName: string
  /** Clarity values (`Cl.uint(5)`, …) or their hex serialization. */
  functionArgs?: readonly (StacksClarityValue | string)[]
  /** Post conditions (`Pc…`) or their hex serialization. */
  postConditions?: readonly (StacksPostCondition | string)[]
  /** `deny` (the default): the transaction aborts when it moves an asset no post condition allows. */
  postConditionMode?: 'allow' | 'deny'
  network?: StacksSignerNetwork
}

export type StacksDeployContractParameters = {
  /** The contract's name; it is deployed at `<the connected address>.<name>`. */
  name: string
  /** The Clarity source. */
  clarityCode: string
  /** The Clarity version (1–4); the wallet's default when absent. */
  clarityVersion?: number
  network?: StacksSignerNetwork
}

export type StacksTransferStxParameters = {
  /** A Stacks address of the connection's network. */
  recipient: string
  /** µSTX. */
  amount: bigint | number | string
  /** At most 34 bytes of UTF-8. */
  memo?: string
  network?: StacksSignerNetwork
}

export type StacksSignTransactionParameters = {
  /** The unsigned (or partly signed) transaction: hex, or a `@stacks/transactions` transaction (its `serialize()`). */
  transaction: string | { serialize(): string }
  /** Whether the wallet broadcasts it after signing (default `false`: the site broadcasts). */
  broadcast?: boolean
}

export type StacksSignTransactionReturnType = {
  /** The signed transaction, hex without `0x`. */
  transaction: string
  /** Its id when the wallet broadcast it. */
  txid?: string
}

export type StacksSignMessageParameters = { message: string }
export type StacksSignMessageReturnType = {
  /** The recoverable signature (RSV), hex. */
  signature: string
  /** The signing key, when the wallet gave it. */
  publicKey?: string
}

/**
 * The connected Stacks account's signer (`portico.getSigner('stacks')`, `useSigner('stacks')`): the
 * SIP-030 / `@stacks/connect` `request` methods a site uses, signed by whichever connector holds the
 * connection (a SIP-030 extension such as Leather or Xverse, or WalletConnect). Each reads the
 * connection when it is called: it follows the visitor's account and network, refuses with
 * `NotConnectedError` while nothing is connected, with `StacksSignerError` malformed input and with
 * `ChainNotSupportedError` a transaction for another network, before the wallet is asked. A refusal
 * in the wallet is a `ProviderRpcError` with code 4001 (`isUserRejection`).
 */
export type StacksSigner = {
  readonly namespace: 'stacks'
  /** The connected address now (`ST…` / `SP…`). */
  getAddress(): string
  /** `stx_callContract`: the wallet builds, signs and broadcasts a contract call (a SIP-010 `transfer`, …). */
  callContract(parameters: StacksCallContractParameters): Promise<StacksTransactionResult>
  /** `stx_deployContract`: the wallet deploys a Clarity contract at the connected address. */
  deployContract(parameters: StacksDeployContractParameters): Promise<StacksTransactionResult>
  /** `stx_transferStx`: the wallet sends µSTX. */
  transferStx(parameters: StacksTransferStxParameters): Promise<StacksTransactionResult>
  /** `stx_signTransaction` (SIP-030): the wallet signs a transaction the site built with `@stacks/transactions`. */
  signTransaction(parameters: StacksSignTransactionParameters): Promise<StacksSignTransactionReturnType>
  /** `stx_signMessage`: a signature over the Stacks message hash. */
  signMessage(parameters: StacksSignMessageParameters): Promise<StacksSignMessageReturnType>
}

declare module '../../../kernel/types/signer.js' {
  // `portico.getSigner('stacks')` and `useSigner('stacks')`, typed once a site imports `portico/stacks`.
  interface PorticoSigners {
    stacks: StacksSigner
  }
}
