import { BaseError } from '../errors/BaseError.js'

/**
 * Checks a request's method name before anything is sent: a non-empty string of at most 200
 * characters (`request`, `rpcRequest`, `walletRequest`).
 *
 * @throws BaseError 'A request needs a method name'
 * @example
 * requireMethodName(parameters.method)
 */
export function requireMethodName(method: unknown): asserts method is string {
  if (typeof method !== 'string' || method.length === 0 || method.length > 200) throw new BaseError('A request needs a method name', { metaMessages: [`Received: ${typeof method}`] })
}
