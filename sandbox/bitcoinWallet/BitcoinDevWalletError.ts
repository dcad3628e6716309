/**
 * An error the Bitcoin dev wallet answers with, a JSON-RPC 2.0 error code as WBIP004 wallets use
 * (4001: the visitor rejected; -32601: unknown method; -32602: invalid params; -32603: internal).
 *
 * @example
 * throw new BitcoinDevWalletError(4001, 'User rejected the request.')
 */
export class BitcoinDevWalletError extends Error {
  override name = 'BitcoinDevWalletError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
