import { BaseError } from '../../kernel/errors/BaseError.js'

/**
 * A request or transaction the Sui ledger refuses, answered as a JSON-RPC error with a Sui
 * full node's code: `-32602` invalid params (undecodable bytes, unknown digest), `-32002` a
 * transaction the validators refuse (bad signature, stale or missing object, gas), `-32601` an
 * unknown method.
 */
export class SuiLedgerError extends BaseError {
  override name = 'SuiLedgerError'
  /** The JSON-RPC error code. */
  rpcCode: number
  constructor(rpcCode: number, message: string) {
    super(message)
    this.code = rpcCode
    this.rpcCode = rpcCode
  }
}
