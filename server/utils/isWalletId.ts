const walletIdPattern = /^[A-Za-z0-9._-]{1,128}$/

/**
 * Whether a string is a well-formed directory id (wallet id or image id).
 *
 * @example
 * isWalletId('c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96') // true
 */
export function isWalletId(value: string): boolean {
  return walletIdPattern.test(value)
}
