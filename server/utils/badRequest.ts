import { HttpError } from '../errors/HttpError.js'

/**
 * Builds the 400 error for a malformed parameter.
 *
 * @param message - what is wrong, e.g. `entries must be an integer between 1 and 100`
 * @returns an `HttpError` with status 400 and code `INVALID_PARAMS`
 * @example
 * throw badRequest('chainId is required')
 */
export function badRequest(message: string): HttpError {
  return new HttpError({ status: 400, code: 'INVALID_PARAMS', message })
}
