import { BaseError } from '../../kernel/kernel.js'

const docs = '/plugins/stacks.md'

/** The amount or recipient cannot be sent as given (not a positive decimal, too many decimals, not an address of the network, more than the balance with the fee). */
export class StacksAmountError extends BaseError {
  override name = 'StacksAmountError'
  override code = 'STACKS_AMOUNT'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#stacksamounterror` })
  }
}

/** The network is not a Stacks network this plugin can use (not `stacks:<chain id>`, no API URL). */
export class StacksNetworkError extends BaseError {
  override name = 'StacksNetworkError'
  override code = 'STACKS_NETWORK'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: `${docs}#stacksnetworkerror` })
  }
}

/** The Stacks API failed or answered something that is not a valid answer. */
export class StacksApiRequestError extends BaseError {
  override name = 'StacksApiRequestError'
  override code: string | number = 'STACKS_API'
  constructor({ path, message, cause }: { path: string; message: string; cause?: unknown }) {
    super(`The Stacks API failed on ${path}: ${message.slice(0, 300)}`, { cause, docsPath: `${docs}#stacksapirequesterror` })
  }
}

/**
 * What a site gave the Stacks signer cannot be sent (`portico.getSigner('stacks')`): a malformed
 * contract id, function name, Clarity value, post condition, amount, memo or transaction, or a
 * transaction whose origin is not the connected account. Raised before the wallet is asked.
 */
export class StacksSignerError extends BaseError {
  override name = 'StacksSignerError'
  override code = 'STACKS_SIGNER'
  constructor(shortMessage: string, { cause }: { cause?: unknown } = {}) {
    super(shortMessage, { cause, docsPath: `${docs}#stackssignererror` })
  }
}
