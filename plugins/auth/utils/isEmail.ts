/**
 * Whether `value` looks like an email address the server will accept: at most 254 characters,
 * one `@` with something before it, and a dotted domain without spaces.
 * The server checks it again; this only spares a round trip for an obvious typo.
 *
 * @example
 * isEmail('alice@example.com') // true
 * isEmail('alice@') // false
 */
export function isEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false
  return /^[^\s@"<>()[\],;:]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(value)
}
