import { BaseError } from '../../kernel/kernel.js'

const docs = '/plugins/polkadot.md'

/** The node's JSON-RPC answered an error, or something that is not a valid answer. */
export class PolkadotRpcRequestError extends BaseError {
  override name = 'PolkadotRpcRequestError'
  override code: string | number = 'POLKADOT_RPC'
  constructor({ method, message, code, cause }: { method: string; message: string; code?: number; cause?: unknown }) {
    super(`The Polkadot node failed on ${method}: ${message.slice(0, 300)}`, { cause, docsPath: `${docs}#polkadotrpcrequesterror` })
    if (code !== undefined) this.code = code
  }
}

/** The amount cannot be sent as given: not a positive decimal, too many decimals, or it would break the existential-deposit rule. */
export class PolkadotAmountError extends BaseError {
  override name = 'PolkadotAmountError'
  override code = 'POLKADOT_AMOUNT'
  constructor(shortMessage: string, { details }: { details?: string } = {}) {
    super(shortMessage, { docsPath: `${docs}#polkadotamounterror`, ...(details ? { details } : {}) })
  }
}

/** The runtime asks for a signed extension this plugin does not know how to fill, so it cannot build a valid transaction. */
export class PolkadotSignedExtensionError extends BaseError {
  override name = 'PolkadotSignedExtensionError'
  override code = 'POLKADOT_SIGNED_EXTENSION'
  constructor({ identifier }: { identifier: string }) {
    super(`This network's runtime needs the signed extension ${identifier.slice(0, 80)}, which Portico cannot fill`, { docsPath: `${docs}#polkadotsignedextensionerror` })
  }
}

/** The node refused the signed transaction (bad signature, stale nonce, fees it cannot pay, …). */
export class PolkadotTransactionRefusedError extends BaseError {
  override name = 'PolkadotTransactionRefusedError'
  override code = 'POLKADOT_TRANSACTION_REFUSED'
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('The network refused the transaction', { details: reason.slice(0, 300), cause, docsPath: `${docs}#polkadottransactionrefusederror` })
  }
}

/**
 * What a site handed the signer (`portico.getSigner('polkadot')`) is not a transaction or message
 * it can sign: a missing or malformed argument, a payload field that is not hex, an account the
 * connection does not hold, metadata that cannot be read. Raised before the wallet is asked.
 */
export class PolkadotSignerInputError extends BaseError {
  override name = 'PolkadotSignerInputError'
  override code = 'POLKADOT_SIGNER_INPUT'
  constructor(shortMessage: string, { cause }: { cause?: unknown } = {}) {
    super(shortMessage.slice(0, 300), { cause, docsPath: `${docs}#polkadotsignerinputerror` })
  }
}
