/** An ADR-36 / amino signature as Keplr returns it. */
export type CosmosStdSignature = { pub_key: { type: string; value: string }; signature: string }

/** An amino `StdSignDoc`. */
export type CosmosAminoSignDoc = {
  chain_id: string
  account_number: string
  sequence: string
  fee: { amount: { denom: string; amount: string }[]; gas: string }
  msgs: { type: string; value: unknown }[]
  memo: string
}

/**
 * What the plugin's own send (the Send view's transfer) needs of a wallet, whatever carries the
 * requests: the injected Keplr API or a WalletConnect session (`cosmos_getAccounts`,
 * `cosmos_signDirect`, `cosmos_signAmino`). The site's own transactions use `CosmosSigner` instead.
 */
export type CosmosTransferSigner = {
  /** The account's compressed secp256k1 public key, and whether only amino signing works (hardware wallets). */
  account(): Promise<{ publicKey: Uint8Array; aminoOnly: boolean }>
  /** Signs a SignDoc; the wallet may have changed the fee, so the signed body and auth info come back. */
  signDirect?(doc: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }): Promise<{ bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signature: Uint8Array }>
  signAmino(doc: CosmosAminoSignDoc): Promise<{ signed: CosmosAminoSignDoc; signature: Uint8Array }>
}
