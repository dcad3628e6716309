/**
 * An error the Sui dev wallet throws, with a numeric `code` as wallets do (4001: the visitor
 * rejected; 4100: not connected / unknown account; -32602: invalid input; -32603: internal, e.g.
 * the node refused the transaction, whose message it carries).
 *
 * @example
 * throw new SuiDevWalletError(4001, 'User rejected the request.')
 */
export class SuiDevWalletError extends Error {
  override name = 'SuiDevWalletError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
