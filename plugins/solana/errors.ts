import { BaseError } from '../../kernel/kernel.js'

const docs = '/plugins/solana.md'

/** The amount cannot be sent as given (not a number, too many decimals, more than the balance). */
export class SolanaAmountError extends BaseError {
  override name = 'SolanaAmountError'
  override code = 'SOLANA_AMOUNT'
  constructor(shortMessage: string, { details }: { details?: string } = {}) {
    super(shortMessage, { docsPath: `${docs}#solanaamounterror`, ...(details ? { details } : {}) })
  }
}

/**
 * A transfer of SOL to an account that does not exist yet is below the rent-exempt minimum, so
 * the chain would refuse it; raised before the wallet is asked to sign.
 */
export class SolanaRentExemptError extends BaseError {
  override name = 'SolanaRentExemptError'
  override code = 'SOLANA_RENT_EXEMPT_MINIMUM'
  readonly minimumLamports: bigint
  constructor({ minimum, minimumLamports }: { minimum: string; minimumLamports: bigint }) {
    super(`The recipient is a new account: send at least ${minimum} SOL (the rent-exempt minimum)`, {
      docsPath: `${docs}#solanarentexempterror`,
      metaMessages: ['A Solana account must hold the rent-exempt minimum; a smaller first transfer would fail on chain.'],
    })
    this.minimumLamports = minimumLamports
  }
}

/** The token to send is not an SPL token mint on this network. */
export class SolanaTokenError extends BaseError {
  override name = 'SolanaTokenError'
  override code = 'SOLANA_TOKEN'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#solanatokenerror` })
  }
}

/** The wallet has no feature for what was asked (e.g. neither signAndSendTransaction nor signTransaction). */
export class SolanaWalletFeatureError extends BaseError {
  override name = 'SolanaWalletFeatureError'
  override code = 'SOLANA_WALLET_FEATURE'
  constructor({ feature, wallet }: { feature: string; wallet: string }) {
    super(`${wallet} does not support ${feature}`, { docsPath: `${docs}#solanawalletfeatureerror` })
  }
}

/** The Solana JSON-RPC answered an error or something that is not a valid answer. */
export class SolanaRpcRequestError extends BaseError {
  override name = 'SolanaRpcRequestError'
  override code: string | number = 'SOLANA_RPC'
  constructor({ method, message, code, cause }: { method: string; message: string; code?: number; cause?: unknown }) {
    super(`The Solana RPC failed on ${method}: ${message.slice(0, 300)}`, { cause, docsPath: `${docs}#solanarpcrequesterror` })
    if (code !== undefined) this.code = code
  }
}

/** The transaction landed but failed on chain (its fee was paid). */
export class SolanaTransactionFailedError extends BaseError {
  override name = 'SolanaTransactionFailedError'
  override code = 'SOLANA_TRANSACTION_FAILED'
  readonly signature: string
  constructor({ signature, err }: { signature: string; err: unknown }) {
    super('The transaction failed on chain', { details: JSON.stringify(err)?.slice(0, 300) ?? 'unknown error', docsPath: `${docs}#solanatransactionfailederror` })
    this.signature = signature
  }
}

/**
 * What was given to the solana signer cannot be signed by the connected account: not a
 * transaction's bytes, a transaction that does not read as one or is too large, one the account
 * does not sign, a message that is not bytes, or a kit signer taken for an account that is no
 * longer the connected one. Raised before any wallet is asked.
 */
export class SolanaSignerInputError extends BaseError {
  override name = 'SolanaSignerInputError'
  override code = 'SOLANA_SIGNER_INPUT'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#solanasignerinputerror` })
  }
}
