import { badRequest } from './badRequest.js'

export type ReadStringParamOptions = {
  /** Longest accepted value, in characters (default 256). */
  maxLength?: number
  /** Whether a missing or empty value is an error (default false). */
  required?: boolean
}

/**
 * Reads one string query parameter. Repeated parameters (arrays) and overlong values are a 400.
 *
 * @param query - the parsed query object
 * @param name - the parameter name
 * @returns the value, or `undefined` when absent and not required
 * @example
 * readStringParam(request.query, 'projectId', { required: true })
 */
export function readStringParam(
  query: unknown,
  name: string,
  { maxLength = 256, required = false }: ReadStringParamOptions = {},
): string | undefined {
  const value = typeof query === 'object' && query !== null ? (query as Record<string, unknown>)[name] : undefined
  if (value === undefined || value === '') {
    if (required) throw badRequest(`${name} is required`)
    return undefined
  }
  if (typeof value !== 'string') throw badRequest(`${name} must be given once, as a string`)
  if (value.length > maxLength) throw badRequest(`${name} is too long (at most ${maxLength} characters)`)
  return value
}
