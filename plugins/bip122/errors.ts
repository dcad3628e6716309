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
