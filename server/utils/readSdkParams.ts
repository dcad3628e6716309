import { readStringParam } from './readStringParam.js'

/**
 * Checks the `st`, `sv` and `projectId` query parameters every blockchain API GET carries: they
 * are optional, single and of bounded length; anything else is a 400.
 *
 * @param query - the parsed query object
 * @example
 * readSdkParams(request.query)
 */
export function readSdkParams(query: unknown): void {
  readStringParam(query, 'st', { maxLength: 64 })
  readStringParam(query, 'sv', { maxLength: 128 })
  readStringParam(query, 'projectId', { maxLength: 128 })
}
