import { BaseError } from '../../../kernel/errors/index.js'
import type { FrameError, FrameErrorCode } from '../protocol.js'

const docs = '/guides/embedded-wallet.md'

/**
 * A failure the frame answers over the port as `{ id, error: { code, message, data? } }`: one of
 * the protocol's stable codes (docs/guides/embedded-wallet.md §3), a short message and, for some
 * codes, data (`attemptsLeft`, `retryAfter`).
 *
 * @example
 * throw new FrameFailure('INVALID_PARAMS', 'emailStart expects { email }')
 */
export class FrameFailure extends BaseError {
  override name = 'FrameFailure'
  override code: FrameErrorCode
  readonly data: FrameError['data']
  constructor(code: FrameErrorCode, shortMessage: string, { data, cause }: { data?: FrameError['data']; cause?: unknown } = {}) {
    super(shortMessage, { docsPath: `${docs}#3-the-frame-protocol-site-page--frame-contract`, ...(cause === undefined ? {} : { cause }) })
    this.code = code
    this.data = data
  }

  /** The wire form of this failure. */
  toFrameError(): FrameError {
    return { code: this.code, message: this.shortMessage, ...(this.data ? { data: this.data } : {}) }
  }
}

/** Shorthand for a bad request: `INVALID_PARAMS` with a message that says what was expected. */
export function invalidParams(message: string): FrameFailure {
  return new FrameFailure('INVALID_PARAMS', message)
}

/**
 * The wire form of anything thrown while answering: a FrameFailure as it is, anything else
 * `SERVER_ERROR` with a generic message (no stack, no secret reaches the site).
 *
 * @example
 * port.postMessage({ id, error: toFrameError(error) })
 */
export function toFrameError(error: unknown): FrameError {
  if (error instanceof FrameFailure) return error.toFrameError()
  return { code: 'SERVER_ERROR', message: 'The wallet frame could not answer this request' }
}
