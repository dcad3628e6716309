/**
 * Amino's canonical JSON: object keys sorted at every depth, no whitespace. What `signAmino` and
 * ADR-36 signatures cover.
 *
 * @param value plain JSON data
 * @returns the canonical string
 * @example
 * sortedJson({ b: 1, a: { d: 2, c: 3 } }) // '{"a":{"c":3,"d":2},"b":1}'
 */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((key) => [key, sort((v as Record<string, unknown>)[key])]))
    return v
  }
  return JSON.stringify(sort(value))
}
