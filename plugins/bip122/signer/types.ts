/** One address of the connected account, as the wallet shares it (`getAccountAddresses`). */
export type Bip122SignerAddress = {
  address: string
  /** `payment` pays and receives BTC; `ordinal` (the Taproot account of most wallets) holds inscriptions. */
  purpose: 'payment' | 'ordinal'
  /** The address's public key (hex) when the wallet gives it: a Taproot input's `tapInternalKey` is its x-only part. */
  publicKey?: string
}

export type Bip122SignPsbtParameters = {
  /** The PSBT (BIP-174) the site built, base64 or bytes (`@scure/btc-signer`'s `tx.toPSBT()`). */
  psbt: string | Uint8Array
  /** The inputs the wallet signs, by the address whose key signs them: `{ [address]: [input indexes] }`. */
  signInputs: Readonly<Record<string, readonly number[]>>
  /**
   * The sighash types an input's signature may use, by input index (default: `SIGHASH_ALL`, Taproot's
   * `SIGHASH_DEFAULT`). One type is also written into the PSBT input (`sighashType`, BIP-174's
   * `PSBT_IN_SIGHASH_TYPE`), which wallets that take no sighash parameter (sats-connect) read.
   */
  sighashTypes?: Readonly<Record<number, readonly number[]>>
  /** Finalize every input of the signed PSBT (each must be signed); implied by `broadcast`. Default `false`. */
  finalize?: boolean
  /** Finalize and broadcast through the network's Esplora API, and answer the txid. Default `false`. */
  broadcast?: boolean
  /** The network the PSBT is for (a CAIP-2 id or its reference): refused before the wallet is asked unless it is the connection's. */
  network?: string
}

export type Bip122SignPsbtReturnType = {
  /** The signed PSBT, base64 (finalized when `finalize` or `broadcast` was asked). */
  psbt: string
  /** The transaction id, when it was broadcast. */
  txid?: string
}

export type Bip122SendTransferParameters = {
  /** Who is paid, in sats (`bigint`, a safe integer, or a string of digits); at least 294 sats each (dust). */
  recipients: readonly { address: string; amount: bigint | number | string }[]
  /**
   * Fee rate in sat/vB. With it, or with several recipients, the plugin builds the PSBT (the payment
   * address's UTXOs, change back to it) and the wallet signs it; one recipient without it is the
   * wallet's own transfer (`sendTransfer`), whose fee the wallet sets.
   */
  feeRate?: number
  /** The network of the transfer (a CAIP-2 id or its reference): refused before the wallet is asked unless it is the connection's. */
  network?: string
}

export type Bip122SendTransferReturnType = { txid: string }

export type Bip122SignMessageParameters = {
  message: string
  /** The address that signs (default: the payment address). */
  address?: string
  /** `bip322` (BIP-322 simple, the default) or `ecdsa` (BIP-137 "Bitcoin Signed Message"), where the wallet offers it. */
  protocol?: 'bip322' | 'ecdsa'
}

export type Bip122SignMessageReturnType = {
  /** The address that signed. */
  address: string
  /** The signature as the wallet encodes it (base64 for BIP-322 and BIP-137 in the wallets Portico speaks). */
  signature: string
}

/**
 * The connected Bitcoin account's signer for the site's own transactions (`portico.getSigner('bip122')`,
 * `useSigner('bip122')`): a PSBT the site built with its own library (`@scure/btc-signer`,
 * bitcoinjs-lib) signed input by input, a transfer to several recipients, a message, and the
 * account's addresses. Every member reads the connection when called (account and network
 * switches are followed): `NotConnectedError` while nothing is connected, `ChainNotSupportedError`
 * for an address or `network` of another network, and a `BitcoinPsbtError` / `BitcoinAmountError`
 * for malformed arguments, all before the wallet is asked. It signs through whichever connector
 * holds the connection (an extension in its own dialect, WalletConnect's bip122 methods); a refusal
 * in the wallet is a `ProviderRpcError` with code 4001, a transaction the network refuses a
 * `BitcoinTransactionRejectedError` with the node's reason.
 */
export type Bip122Signer = {
  readonly namespace: 'bip122'
  /** The connected account's addresses, payment first (`getAccountAddresses`). */
  getAddresses(): Promise<Bip122SignerAddress[]>
  /** Has the wallet sign the PSBT's `signInputs`; finalizes and broadcasts it when asked. */
  signPsbt(parameters: Bip122SignPsbtParameters): Promise<Bip122SignPsbtReturnType>
  /** Pays one or several recipients from the payment address in one transaction. */
  sendTransfer(parameters: Bip122SendTransferParameters): Promise<Bip122SendTransferReturnType>
  /** Signs a message with one of the account's addresses. */
  signMessage(parameters: Bip122SignMessageParameters): Promise<Bip122SignMessageReturnType>
}

declare module '../../../kernel/types/signer.js' {
  // `portico.getSigner('bip122')` and `useSigner('bip122')` are typed once a site imports `portico/bip122`.
  interface PorticoSigners {
    bip122: Bip122Signer
  }
}
