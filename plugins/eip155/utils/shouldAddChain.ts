import { readCode } from '../../../kernel/errors/index.js'

/**
 * Whether a failed `wallet_switchEthereumChain` means "the wallet does not know this chain", so
 * `wallet_addEthereumChain` should be tried: code 4902, a 4902 nested in `data.originalError`
 * (some mobile wallets), 5000 (a wallet's generic error), and -32603 or 32603 (internal error,
 * which several wallets answer for unknown chains).
 *
 * @example
 * shouldAddChain({ code: 4902 }) // true
 */
export function shouldAddChain(error: unknown): boolean {
  const nested = (error as { data?: { originalError?: { code?: unknown } } })?.data?.originalError?.code
  if (nested === 4902) return true
  const code = readCode(error)
  return code === 4902 || code === 5000 || code === -32603 || code === 32603
}
