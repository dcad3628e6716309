/**
 * Amino's canonical JSON: object keys sorted at every depth, no whitespace, and `&`, `<`, `>`
 * escaped as `\u0026`, `\u003c`, `\u003e` (Go's `json.Marshal`, and so the Cosmos SDK's legacy sign
 * bytes; CosmJS's `serializeSignDoc`, which Keplr signs with). What `signAmino` and ADR-36
 * signatures cover.
 *
 * @param value plain JSON data
 * @returns the canonical string
 * @example
 * sortedJson({ b: 1, a: { d: 2, c: 'x&y' } }) // '{"a":{"c":"x\u0026y","d":2},"b":1}'
 */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((key) => [key, sort((v as Record<string, unknown>)[key])]))
    return v
  }
  return JSON.stringify(sort(value)).replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)
}
