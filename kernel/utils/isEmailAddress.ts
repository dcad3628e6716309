/** The longest address accepted (RFC 5321's path limit). */
export const maxEmailLength = 254

/**
 * Whether `value` is an email address a mail server can deliver to: one `@`, a local part of
 * printable characters without spaces or quotes (at most 64), and a domain of dot-separated labels
 * with a top-level one of letters. The one rule of every email field (email capture, email login, email change), in the wallet frame
 * and on the server.
 *
 * @param value - what the visitor typed
 * @returns true for `ada@example.com`, false for `ada@`, `ada@example`, `a b@example.com`
 * @example
 * isEmailAddress('ada@example.com') // true
 */
export function isEmailAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > maxEmailLength) return false
  const at = value.lastIndexOf('@')
  if (at < 1 || value.indexOf('@') !== at) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > 64 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label))) return false
  return /^[A-Za-z]{2,63}$/.test(labels[labels.length - 1] as string)
}
