import { InvalidWalletResponseError } from '../errors.js'

/**
 * Reads the transaction hash a wallet returned for `eth_sendTransaction`.
 *
 * @throws InvalidWalletResponseError when it is not a 32-byte hex hash
 * @example
 * readTransactionHash('eth_sendTransaction', '0x' + 'ab'.repeat(32))
 */
export function readTransactionHash(method: string, result: unknown): string {
  if (typeof result === 'string' && /^0x[0-9a-fA-F]{64}$/.test(result)) return result
  const shown = typeof result === 'string' ? `${result.length} characters` : result === null ? 'null' : typeof result
  throw new InvalidWalletResponseError({ method, reason: `Expected a 32-byte hex transaction hash, got ${shown}.` })
}
