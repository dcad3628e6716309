import { badRequest } from './badRequest.js'
import { readStringParam } from './readStringParam.js'

export type ReadListParamOptions = {
  /** Test each item; a failing item is a 400 naming it. */
  isValid: (item: string) => boolean
  /** Most items accepted (default 500). */
  maxItems?: number
  /** What an item should look like, for the error message. */
  expected: string
}

/**
 * Reads a comma-joined list parameter (`include=a,b,c`). Blank items are dropped; duplicates are kept once.
 *
 * @param query - the parsed query object
 * @param name - the parameter name
 * @param options - item validator, item cap and a description of a valid item
 * @returns the items, or `undefined` when the parameter is absent or empty
 * @example
 * readListParam(request.query, 'chains', { isValid: isCaipNetworkId, expected: 'CAIP-2 ids' })
 */
export function readListParam(
  query: unknown,
  name: string,
  { isValid, maxItems = 500, expected }: ReadListParamOptions,
): string[] | undefined {
  const raw = readStringParam(query, name, { maxLength: maxItems * 130 })
  if (raw === undefined) return undefined
  const items = [...new Set(raw.split(',').map((item) => item.trim()).filter((item) => item !== ''))]
  if (items.length === 0) return undefined
  if (items.length > maxItems) throw badRequest(`${name} lists too many items (at most ${maxItems})`)
  const bad = items.find((item) => !isValid(item))
  if (bad !== undefined) {
    throw badRequest(`${name} must be comma-joined ${expected}; got ${JSON.stringify(bad.slice(0, 80))}`)
  }
  return items
}
