import { BaseError, readCode } from '../../../kernel/kernel.js'

/**
 * `Connection request already open`: the wallet still shows an earlier connection request from this
 * site (MetaMask answers -32002 "Request of type 'wallet_requestPermissions' already pending…";
 * Rabby a 4001 "please request after current approval resolve", which is not the visitor saying
 * no). The visitor answers it in the wallet, then tries again. Code -32002 (EIP-1474 "resource
 * unavailable"), whichever the wallet sent.
 */
export class WalletRequestPendingError extends BaseError {
  override name = 'WalletRequestPendingError'
  override code = -32002
  constructor({ walletName, cause }: { walletName: string; cause?: unknown }) {
    const wallet = walletName.slice(0, 64) || 'The wallet'
    super('Connection request already open', {
      cause,
      details: `${wallet} already shows a connection request from this site: answer it there, then try again.`,
      docsPath: '/plugins/eip155.md#wallet-request-pending',
    })
  }
}

/**
 * The wallet's answer to a connection request as {@link WalletRequestPendingError} when it means
 * "an earlier request is still open", else undefined (the answer stands as it is).
 *
 * @example
 * toPendingRequestError({ code: -32002, message: '…already pending…' }, 'MetaMask') // WalletRequestPendingError
 */
export function toPendingRequestError(error: unknown, walletName: string): WalletRequestPendingError | undefined {
  const code = readCode(error)
  const message = typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : ''
  if (code === -32002 || (code === 4001 && /request after current approval resolve/i.test(message))) return new WalletRequestPendingError({ walletName, cause: error })
  return undefined
}
