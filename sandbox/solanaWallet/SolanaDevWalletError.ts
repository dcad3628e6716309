/**
 * An error the Solana dev wallet throws, with a numeric `code` as wallets do (4001: the visitor
 * rejected; 4100: not connected / unknown account; -32602: invalid input; -32603: internal).
 *
 * @example
 * throw new SolanaDevWalletError(4001, 'User rejected the request.')
 */
export class SolanaDevWalletError extends Error {
  override name = 'SolanaDevWalletError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
