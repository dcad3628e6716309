import { BaseError, ProviderRpcError, readCode } from '../../../kernel/kernel.js'

/** Words Sui wallets put in a refusal they throw without a code (Slush: "Transaction rejected from user"; Suiet: "User rejection"). */
const refusal = /\b(reject(ed|ion)?|denied|declined|cancel(l)?ed)\b/i
/** Suiet's `UserRejectionError` code (its background's `ErrorCode.USER_REJECTION`). */
const suietUserRejection = -5000

/**
 * A Sui wallet's refusal as the kernel's `ProviderRpcError` 4001, so the modal says the visitor
 * declined: Sui's Wallet Standard defines no error codes, and wallets answer a refusal their own
 * way — Phantom with `{ code: 4001 }`, Slush with a plain `Error('Transaction rejected from user')`,
 * Suiet with `UserRejectionError` (code -5000) or a plain `Error('User rejection')`. Any other error
 * is returned as it is.
 *
 * @param error what the wallet threw
 * @returns a `ProviderRpcError` 4001 for a refusal, otherwise `error`
 * @example
 * throw toSuiWalletError(new Error('Transaction rejected from user')) // ProviderRpcError, code 4001
 */
export function toSuiWalletError(error: unknown): unknown {
  if (error instanceof BaseError) return error
  const code = readCode(error)
  const message = typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message.slice(0, 300) : ''
  if (code === suietUserRejection || (code === undefined && refusal.test(message))) return new ProviderRpcError({ code: 4001, ...(message ? { message } : {}), cause: error })
  return error
}
