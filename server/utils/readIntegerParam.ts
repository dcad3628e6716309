import { badRequest } from './badRequest.js'
import { readStringParam } from './readStringParam.js'

export type ReadIntegerParamOptions = { min: number; max: number; fallback: number }

/**
 * Reads a decimal integer query parameter within bounds; anything else is a 400.
 *
 * @param query - the parsed query object
 * @param name - the parameter name
 * @param options - `min`, `max` and the `fallback` used when it is absent
 * @returns the integer
 * @example
 * readIntegerParam(request.query, 'page', { min: 1, max: 10_000, fallback: 1 })
 */
export function readIntegerParam(query: unknown, name: string, { min, max, fallback }: ReadIntegerParamOptions): number {
  const raw = readStringParam(query, name, { maxLength: 16 })
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw)) throw badRequest(`${name} must be an integer between ${min} and ${max}`)
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw badRequest(`${name} must be an integer between ${min} and ${max}`)
  }
  return value
}
