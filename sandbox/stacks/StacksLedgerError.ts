import { BaseError } from '../../kernel/errors/BaseError.js'

/**
 * A transaction the Stacks ledger refuses, with the reason a Stacks node's mempool gives
 * (`POST /v2/transactions` answers 400 `{ error: 'transaction rejected', reason, reason_data, txid }`):
 * `Deserialization`, `BadTransactionVersion`, `SignatureValidation`, `BadNonce`, `FeeTooLow`,
 * `NotEnoughFunds`, `BadAddressVersionByte`, `NoSuchContract`, `NoSuchPublicFunction`, `BadFunctionArgument`.
 */
export class StacksLedgerError extends BaseError {
  override name = 'StacksLedgerError'
  reason: string
  reasonData: Record<string, unknown> | undefined
  txid: string | undefined
  /** What the node says of the reason, without it (a broadcast's `reason_data.message` when it has no other data). */
  detail: string
  constructor({ reason, message, reasonData, txid }: { reason: string; message: string; reasonData?: Record<string, unknown>; txid?: string }) {
    super(`${reason}: ${message}`)
    this.code = reason
    this.reason = reason
    this.detail = message
    this.reasonData = reasonData
    this.txid = txid
  }
}
