import { BaseError } from '../../kernel/errors/BaseError.js'

export type HttpErrorParameters = {
  /** HTTP status to answer with (400, 404, 413, 429, 502, …). */
  status: number
  /** Stable machine-readable code, e.g. `INVALID_PARAMS`. */
  code: string
  /** The message the client sees. Never a stack trace. */
  message: string
  /** Extra machine-readable detail sent as `data` (e.g. `{ attemptsLeft: 2 }`, `{ retryAfter: 30 }`). */
  data?: Record<string, unknown>
  cause?: unknown
}

export type HttpErrorType = HttpError & { name: 'HttpError' }

/**
 * An error the server answers as JSON `{ code, message }` with an HTTP status.
 *
 * @example
 * throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: 'page must be a positive integer' })
 */
export class HttpError extends BaseError {
  override name = 'HttpError'
  override code: string
  status: number
  data: Record<string, unknown> | undefined

  constructor({ status, code, message, data, cause }: HttpErrorParameters) {
    super(message, { cause, docsPath: '/server/errors.md' })
    this.status = status
    this.code = code
    this.data = data
  }
}
