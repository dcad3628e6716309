/**
 * The digits of what the visitor typed or pasted into the code field, at most 6
 * (`"123 456"`, `"123-456"` and `"Code: 123456"` all give `123456`).
 *
 * @example
 * readCode(' 12 34-56 ') // '123456'
 */
export function readCode(value: string): string {
  return value.replace(/\D+/g, '').slice(0, 6)
}
