import { BaseError, ConnectionRejectedError, ProviderRpcError } from '../../kernel/kernel.js'

/**
 * What to show about a failure: whether the visitor declined it in the wallet, and a short
 * detail (the wallet's or plugin's message, at most 160 characters; rendered as text).
 *
 * @example
 * describeError(error) // { rejected: false, detail: 'Wallet is locked' }
 */
export function describeError(error: unknown): { rejected: boolean; detail: string | undefined } {
  const isRejection = (e: unknown) =>
    e instanceof ConnectionRejectedError || (e instanceof ProviderRpcError && e.isUserRejection)
  const rejected = isRejection(error) || (error instanceof BaseError && Boolean(error.walk(isRejection)))
  let detail: string | undefined
  if (error instanceof BaseError) detail = error.details && error.details !== error.shortMessage ? error.details : undefined
  else if (error instanceof Error) detail = error.message
  detail = detail?.split('\n')[0]?.trim()
  return { rejected, detail: detail ? detail.slice(0, 160) : undefined }
}
