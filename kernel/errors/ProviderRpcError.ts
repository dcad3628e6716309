import { BaseError } from './BaseError.js'
import { rpcErrorCodes, userRejectionCodes } from './rpcErrorCodes.js'

/**
 * An error a wallet or node answered with a JSON-RPC or provider code.
 *
 * @example
 * const error = ProviderRpcError.from(caught)
 * if (error.isUserRejection) …
 */
export class ProviderRpcError extends BaseError {
  override name = 'ProviderRpcError'
  override code: number
  data: unknown

  constructor({ code, message, data, cause }: { code: number; message?: string; data?: unknown; cause?: unknown }) {
    const known = (rpcErrorCodes as Record<number, { name: string; message: string }>)[code]
    super(message || known?.message || `RPC error ${code}`, {
      cause,
      docsPath: '/kernel/errors.md#providerrpcerror',
      ...(known && message && message !== known.message ? { details: known.message } : {}),
    })
    this.code = code
    this.data = data
    if (known) this.name = known.name
  }

  get isUserRejection(): boolean {
    return userRejectionCodes.includes(this.code)
  }

  /** Normalises anything thrown by a provider into a ProviderRpcError (code -32603 when unknown). */
  static from(error: unknown): ProviderRpcError {
    if (error instanceof ProviderRpcError) return error
    const code = readCode(error)
    const message =
      typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : undefined
    return new ProviderRpcError({
      code: code ?? -32603,
      ...(message !== undefined ? { message: message.slice(0, 500) } : {}),
      data: (error as { data?: unknown })?.data,
      cause: error,
    })
  }
}

/** Reads a numeric `code`, also from `cause` and `data.originalError` (nested wallet errors). */
export function readCode(error: unknown, depth = 0): number | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined
  const e = error as { code?: unknown; cause?: unknown; data?: { originalError?: unknown } }
  if (typeof e.code === 'number' && Number.isFinite(e.code)) return e.code
  return readCode(e.data?.originalError, depth + 1) ?? readCode(e.cause, depth + 1)
}
