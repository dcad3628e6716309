import { BaseError } from '../../kernel/kernel.js'

/** The swap API refused or failed: its own message ("Network not supported for Swaps", "The amount is more than the pool can pay out", …). */
export class SwapApiError extends BaseError {
  override name = 'SwapApiError'
  override code = 'SWAP_API_FAILED'
  status: number | undefined
  constructor(message: string, { status, cause }: { status?: number; cause?: unknown } = {}) {
    super(message, { cause, docsPath: '/plugins/swap.md#swapapierror' })
    this.status = status
  }
}

/** A swap or approval the wallet sent failed on chain (a pool that moved past the slippage reverts it). */
export class SwapFailedError extends BaseError {
  override name = 'SwapFailedError'
  override code = 'SWAP_FAILED'
  hash: string
  constructor({ hash, step }: { hash: string; step: 'approve' | 'swap' }) {
    super(step === 'approve' ? 'The approval failed on chain' : 'The swap failed on chain: the price moved more than your slippage allows. Nothing was swapped; get a new quote and try again.', {
      docsPath: '/plugins/swap.md#swapfailederror',
      metaMessages: [`Transaction: ${hash}`],
    })
    this.hash = hash
  }
}
