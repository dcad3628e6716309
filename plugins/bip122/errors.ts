import { BaseError } from '../../kernel/kernel.js'

const docs = '/plugins/bip122.md'

/** The amount cannot be sent: not a positive decimal of at most 8 decimals, below the dust limit, or more than the balance with the fee. Raised before the wallet is asked. */
export class BitcoinAmountError extends BaseError {
  override name = 'BitcoinAmountError'
  override code = 'BITCOIN_AMOUNT'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#bitcoinamounterror` })
  }
}

/** The Esplora API failed or answered something invalid. */
export class BitcoinApiError extends BaseError {
  override name = 'BitcoinApiError'
  override code = 'BITCOIN_API'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#bitcoinapierror` })
  }
}

/** The wallet lacks what the action needs (no PSBT signing nor `sendTransfer`, no message signing). */
export class BitcoinWalletFeatureError extends BaseError {
  override name = 'BitcoinWalletFeatureError'
  override code = 'BITCOIN_WALLET_FEATURE'
  constructor({ feature, wallet }: { feature: string; wallet: string }) {
    super(`${wallet} does not support ${feature}`, { docsPath: `${docs}#bitcoinwalletfeatureerror` })
  }
}

/**
 * What a site asked the signer (`portico.getSigner('bip122')`) is malformed, caught before any
 * wallet is asked: not a PSBT, an input index out of range or without the output it spends, an
 * address that is not a Bitcoin address or does not pay the input it should sign, a sighash type the
 * input cannot use, a message that is not text; or, after signing, an input left unsigned that
 * `finalize` needs.
 */
export class BitcoinSignRequestError extends BaseError {
  override name = 'BitcoinSignRequestError'
  override code = 'BITCOIN_SIGN_REQUEST'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#bitcoinsignrequesterror` })
  }
}

/**
 * The network refused a signed transaction: `reason` is the node's reject reason as Esplora relays
 * bitcoind's (`bad-txns-inputs-missingorspent`, `min relay fee not met, 110 < 141`, …) and `rpcCode`
 * its RPC code (-25 missing or spent inputs, -26 refused by policy or script checks, -27 already in
 * the chain), when the API said so.
 */
export class BitcoinTransactionRejectedError extends BaseError {
  override name = 'BitcoinTransactionRejectedError'
  override code = 'BITCOIN_TRANSACTION_REJECTED'
  /** The node's reject reason. */
  reason: string
  /** bitcoind's RPC error code, when the API gave it. */
  rpcCode: number | undefined
  constructor({ reason, rpcCode, network }: { reason: string; rpcCode?: number; network: string }) {
    super(`${network} refused the transaction: ${reason}`, { docsPath: `${docs}#bitcointransactionrejectederror` })
    this.reason = reason
    this.rpcCode = rpcCode
  }
}
