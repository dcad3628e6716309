import { ProviderRpcError } from '../../../kernel/kernel.js'

/**
 * Runs a call into a wallet and reads its refusal the way Portico does: a wallet that rejects with
 * no reason at all (`undefined` or `null`, as Solflare's SDK ends a request whose window the
 * visitor declined or closed) has been declined by the visitor, so it becomes a 4001
 * `ProviderRpcError` ("Connection rejected", "The request was rejected in the wallet"). Any other
 * error passes through unchanged.
 *
 * @param run the wallet call
 * @returns what the wallet answered
 * @throws ProviderRpcError 4001 for a rejection with no reason; otherwise what the wallet threw
 * @example
 * const outputs = await callWallet(() => feature.signMessage(input))
 */
export async function callWallet<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error === undefined || error === null) throw new ProviderRpcError({ code: 4001, message: 'The wallet declined the request without giving a reason' })
    throw error
  }
}

/**
 * Whether a wallet refused a silent connect (instead of answering with no account): a rejection,
 * one with no reason, or "not authorized" (4100). Phantom's silent connect is its `onlyIfTrusted`
 * connect, which throws 4001 for a site it no longer trusts.
 *
 * @example
 * isSilentRefusal({ code: 4001, message: 'User rejected the request.' }) // true
 */
export function isSilentRefusal(error: unknown): boolean {
  if (error === undefined || error === null) return true
  const typed = ProviderRpcError.from(error)
  return typed.isUserRejection || typed.code === 4100
}
