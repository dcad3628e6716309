import { BaseError, type BaseErrorParameters } from '../../kernel/kernel.js'

const docs = '/plugins/sui.md'

/** The amount cannot be sent as given (not a positive decimal, too many decimals, more than the balance with the gas). */
export class SuiAmountError extends BaseError {
  override name = 'SuiAmountError'
  override code = 'SUI_AMOUNT'
  constructor(shortMessage: string, { details }: { details?: string } = {}) {
    super(shortMessage, { docsPath: `${docs}#suiamounterror`, ...(details ? { details } : {}) })
  }
}

/** The wallet lacks the Wallet Standard feature the action needs. */
export class SuiWalletFeatureError extends BaseError {
  override name = 'SuiWalletFeatureError'
  override code = 'SUI_WALLET_FEATURE'
  constructor({ feature, wallet }: { feature: string; wallet: string }) {
    super(`${wallet} does not support ${feature}`, { docsPath: `${docs}#suiwalletfeatureerror` })
  }
}

/** The network's Sui node (GraphQL RPC, or a site's full-node JSON-RPC) failed, answered an error or something that is not a valid answer. */
export class SuiRpcRequestError extends BaseError {
  override name = 'SuiRpcRequestError'
  override code: string | number = 'SUI_RPC'
  constructor({ method, message, code, cause }: { method: string; message: string; code?: number; cause?: unknown }) {
    super(`The Sui node failed on ${method}: ${message.slice(0, 300)}`, { cause, docsPath: `${docs}#suirpcrequesterror` })
    if (code !== undefined) this.code = code
  }
}

/** The transaction was executed but failed on chain (its gas was paid). */
export class SuiTransactionFailedError extends BaseError {
  override name = 'SuiTransactionFailedError'
  override code = 'SUI_TRANSACTION_FAILED'
  readonly digest: string
  constructor({ digest, error }: { digest: string; error: string }) {
    super('The transaction failed on chain', { details: error.slice(0, 300), docsPath: `${docs}#suitransactionfailederror` })
    this.digest = digest
  }
}

/** A site's call to the Sui signer (`portico.getSigner('sui')`) is malformed: refused before any wallet is asked. */
export class SuiSignerInputError extends BaseError {
  override name = 'SuiSignerInputError'
  override code = 'SUI_SIGNER_INPUT'
  constructor(shortMessage: string, parameters: Pick<BaseErrorParameters, 'details' | 'cause'> = {}) {
    super(shortMessage, { ...parameters, docsPath: `${docs}#suisignerinputerror` })
  }
}
