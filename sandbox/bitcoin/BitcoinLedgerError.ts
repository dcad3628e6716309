import { BaseError } from '../../kernel/errors/BaseError.js'

/**
 * A transaction or request the regtest ledger refuses, with bitcoind's reject reason and RPC code
 * (`-22` decode failed, `-25` missing or spent inputs, `-26` rejected by policy or script checks,
 * `-27` already in the chain). Esplora answers it as `sendrawtransaction RPC error: {code, message}`.
 */
export class BitcoinLedgerError extends BaseError {
  override name = 'BitcoinLedgerError'
  /** bitcoind's RPC error code. */
  rpcCode: number
  /** bitcoind's reject reason, e.g. `bad-txns-inputs-missingorspent`. */
  reason: string
  constructor(rpcCode: number, reason: string) {
    super(reason)
    this.code = rpcCode
    this.rpcCode = rpcCode
    this.reason = reason
  }
}
