import { BaseError } from '../../kernel/kernel.js'

/** The on-ramp API refused or failed: its own message ("No on-ramp provider here sells …", "The amount must be between …"). */
export class OnrampApiError extends BaseError {
  override name = 'OnrampApiError'
  override code = 'ONRAMP_API_FAILED'
  status: number | undefined
  constructor(message: string, { status, cause, docsPath = '/plugins/onramp.md#onrampapierror' }: { status?: number; cause?: unknown; docsPath?: string } = {}) {
    super(message, { cause, docsPath })
    this.status = status
  }
}

/**
 * No provider takes the amount (the server's 400 `OUT_OF_LIMITS`): its message names the limits
 * ("The amount must be between 10.00 and 7,500.00 USD (card)"). `lines` are the providers' lines
 * the server sent with it, each `out_of_limits` with its reason (empty when it sent none).
 */
export class OnrampOutOfLimitsError extends OnrampApiError {
  override name = 'OnrampOutOfLimitsError'
  override code = 'ONRAMP_OUT_OF_LIMITS'
  lines: unknown[]
  constructor(message: string, { status, lines = [] }: { status?: number; lines?: unknown[] } = {}) {
    super(message, { ...(status === undefined ? {} : { status }), docsPath: '/plugins/onramp.md#onrampoutoflimitserror' })
    this.lines = lines
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
