const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * Whether `value` is an RFC 3339 date-time (as EIP-4361 requires) that names a real instant.
 *
 * @example
 * isRfc3339('2026-06-01T12:00:00.000Z') // true
 */
export function isRfc3339(value: unknown): value is string {
  return typeof value === 'string' && dateTime.test(value) && !Number.isNaN(Date.parse(value))
}
