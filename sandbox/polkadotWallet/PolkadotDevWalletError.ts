/**
 * An error the Polkadot dev wallet throws, with a numeric `code` as wallets do (4001: the visitor
 * rejected; 4100: unknown account; -32602: a payload it cannot sign).
 *
 * @example
 * throw new PolkadotDevWalletError(4001, 'Cancelled')
 */
export class PolkadotDevWalletError extends Error {
  override name = 'PolkadotDevWalletError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
