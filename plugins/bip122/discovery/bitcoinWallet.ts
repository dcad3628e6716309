/** What a Bitcoin account is for (spec §3): `payment` pays and receives BTC, `ordinal` holds inscriptions. */
export type BitcoinAccountPurpose = 'payment' | 'ordinal'

export type BitcoinWalletAccount = { address: string; purpose: BitcoinAccountPurpose; publicKey?: string }

/** One input of a PSBT to sign: the address whose key signs it, its index, and the sighash types its signature may use (the wallet's default when absent). */
export type BitcoinSignInput = { address: string; index: number; sighashTypes?: readonly number[] }

/** How a message is signed: BIP-322 (simple), or the legacy "Bitcoin Signed Message" ECDSA signature (BIP-137). */
export type BitcoinMessageProtocol = 'bip322' | 'ecdsa'

/** The injection style a wallet was found through. */
export type BitcoinWalletStyle = 'wbip004' | 'unisat' | 'okx' | 'phantom' | 'walletStandard'

/**
 * One Bitcoin wallet, whatever its injection style, with the calls the plugin needs. Every call
 * rejects with `{ code, message }` as the wallet answered (4001: the visitor said no).
 */
export type BitcoinWallet = {
  /** Stable per wallet: the WBIP004 id, `unisat`, `okx`, `phantom`, or the Wallet Standard name. */
  id: string
  name: string
  icon?: string
  style: BitcoinWalletStyle
  /**
   * Asks for the accounts (prompts unless the site is already allowed). `silent`: a reconnect on
   * load, which a wallet with a no-prompt read (Unisat's `getAccounts`) answers without asking.
   */
  connect(options?: { silent?: boolean }): Promise<BitcoinWalletAccount[]>
  /** Signs a message (BIP-322 unless `protocol` says `ecdsa`; a wallet without it refuses with `BitcoinWalletFeatureError`). */
  signMessage(input: { address: string; message: string; protocol?: BitcoinMessageProtocol }): Promise<{ signature: string }>
  /** Pays `amount` sats to `address` from the payment account; resolves the txid. */
  sendTransfer?(input: { address: string; amount: bigint }): Promise<string>
  /** Signs the given inputs of a PSBT (base64), each with its address's key; resolves the signed PSBT (base64), not broadcast. */
  signPsbt?(input: { psbt: string; inputs: readonly BitcoinSignInput[] }): Promise<string>
  /**
   * The wallet's account request opens its prompt every time (Leather's `getAddresses`): a reload
   * reconnects from the accounts it shared before, which the plugin keeps, as `@stacks/connect` does.
   */
  promptsOnConnect?: boolean
  disconnect?(): Promise<void>
  /**
   * Follows the wallet's own account changes: `listener` gets the new accounts, or an empty list
   * when the wallet disconnected the site. Returns the unsubscribe. Absent when the wallet has no
   * such events (plain WBIP004 has none).
   */
  onAccountsChanged?(listener: (accounts: BitcoinWalletAccount[]) => void): () => void
}
