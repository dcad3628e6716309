import { BaseError } from '../../kernel/kernel.js'

/** The email was refused or could not be stored; the message is the server's or the view's. */
export class EmailCaptureError extends BaseError {
  override name = 'EmailCaptureError'
  override code = 'EMAIL_CAPTURE_FAILED'
  constructor(message: string, { cause }: { cause?: unknown } = {}) {
    super(message, { cause, docsPath: '/plugins/email-capture.md#emailcaptureerror' })
  }
}
