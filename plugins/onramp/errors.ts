import { BaseError } from '../../kernel/kernel.js'

/** The on-ramp API refused or failed: its own message ("No on-ramp provider here sells …", "The amount must be between …"). */
export class OnrampApiError extends BaseError {
  override name = 'OnrampApiError'
  override code = 'ONRAMP_API_FAILED'
  status: number | undefined
  constructor(message: string, { status, cause }: { status?: number; cause?: unknown } = {}) {
    super(message, { cause, docsPath: '/plugins/onramp.md#onrampapierror' })
    this.status = status
  }
}

/** The checkout popup was closed before the provider took the payment (the spec's 'Popup closed'). */
export class OnrampPopupClosedError extends BaseError {
  override name = 'OnrampPopupClosedError'
  override code = 'ONRAMP_POPUP_CLOSED'
  constructor() {
    super('Popup closed', { docsPath: '/plugins/onramp.md#onramppopupclosederror', metaMessages: ['The checkout window closed before the payment; nothing was bought.'] })
  }
}

/** The provider reported the order failed: a declined card, a payout that failed. */
export class OnrampOrderFailedError extends BaseError {
  override name = 'OnrampOrderFailedError'
  override code = 'ONRAMP_ORDER_FAILED'
  orderId: string
  /** The provider's own words, when it gave any. */
  reason: string | undefined
  constructor({ orderId, reason }: { orderId: string; reason: string | undefined }) {
    super(reason ?? 'The purchase failed', { docsPath: '/plugins/onramp.md#onramporderfailederror', metaMessages: [`Order: ${orderId}`] })
    this.orderId = orderId
    this.reason = reason
  }
}
