/** What a Bitcoin account is for (spec §3): `payment` pays and receives BTC, `ordinal` holds inscriptions. */
export type BitcoinAccountPurpose = 'payment' | 'ordinal'

export type BitcoinWalletAccount = { address: string; purpose: BitcoinAccountPurpose; publicKey?: string }

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
  signMessage(input: { address: string; message: string }): Promise<{ signature: string }>
  /** Pays `amount` sats to `address` from the payment account; resolves the txid. */
  sendTransfer?(input: { address: string; amount: bigint }): Promise<string>
  /** Signs a PSBT (base64) for the given inputs of `address`; resolves the signed PSBT (base64). */
  signPsbt?(input: { psbt: string; address: string; inputs: number[] }): Promise<string>
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
