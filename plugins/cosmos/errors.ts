import { BaseError } from '../../kernel/kernel.js'

const docs = '/plugins/cosmos.md'

/** The amount cannot be sent as given (not a positive decimal, too many decimals, more than the balance with the fee). */
export class CosmosAmountError extends BaseError {
  override name = 'CosmosAmountError'
  override code = 'COSMOS_AMOUNT'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#cosmosamounterror` })
  }
}

/** The network is not a Cosmos network this plugin can use (no chain data, no REST URL). */
export class CosmosNetworkError extends BaseError {
  override name = 'CosmosNetworkError'
  override code = 'COSMOS_NETWORK'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#cosmosnetworkerror` })
  }
}

/** The chain's REST gateway failed or answered something that is not a valid answer. */
export class CosmosRestRequestError extends BaseError {
  override name = 'CosmosRestRequestError'
  override code: string | number = 'COSMOS_REST'
  constructor({ path, message, cause }: { path: string; message: string; cause?: unknown }) {
    super(`The Cosmos REST API failed on ${path}: ${message.slice(0, 300)}`, { cause, docsPath: `${docs}#cosmosrestrequesterror` })
  }
}

/** The chain refused the transaction (the SDK's code and log), or it failed in its block. */
export class CosmosTransactionFailedError extends BaseError {
  override name = 'CosmosTransactionFailedError'
  override code: string | number = 'COSMOS_TRANSACTION_FAILED'
  readonly abciCode: number
  constructor({ abciCode, log }: { abciCode: number; log: string }) {
    super(`The chain refused the transaction: ${log.slice(0, 300)}`, { docsPath: `${docs}#cosmostransactionfailederror` })
    this.abciCode = abciCode
  }
}

/**
 * The site's signer (`portico.getSigner('cosmos')`) was given something it cannot sign: a malformed
 * sign doc or signer address, or an address that is not the connected account. No wallet was asked.
 */
export class CosmosSignerInputError extends BaseError {
  override name = 'CosmosSignerInputError'
  override code = 'COSMOS_SIGNER_INPUT'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#cosmossignerinputerror` })
  }
}
