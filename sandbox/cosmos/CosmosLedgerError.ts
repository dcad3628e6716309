import { BaseError } from '../../kernel/errors/BaseError.js'

/**
 * A transaction or query the Cosmos ledger refuses, with the Cosmos SDK's error code and codespace
 * (`sdk` 2 tx decode, 4 unauthorized (bad signature), 5 insufficient funds, 7 invalid address,
 * 8 invalid pubkey, 9 unknown address, 11 out of gas, 13 insufficient fee, 18 invalid request,
 * 19 tx already in mempool, 32 wrong sequence) and its raw log, e.g.
 * `account sequence mismatch, expected 1, got 0: incorrect account sequence`.
 */
export class CosmosLedgerError extends BaseError {
  override name = 'CosmosLedgerError'
  /** The ABCI code (`code` in `broadcast_tx_sync`'s answer). */
  abciCode: number
  codespace: string
  /** The raw log a node answers. */
  log: string
  constructor(abciCode: number, log: string, codespace = 'sdk') {
    super(log)
    this.code = abciCode
    this.abciCode = abciCode
    this.codespace = codespace
    this.log = log
  }
}
