/**
 * An email shortened to `max` characters by cutting the middle of its local part, so the domain
 * (which says whose address it is) stays whole: `alice.with.a.long.name@example.com` →
 * `alice.w…@example.com` at 20 (docs/design.md, "Truncation"). A short email is unchanged; one whose domain
 * alone is too long is cut at the end. Counted in code points, never splitting a character.
 *
 * @param email - the address
 * @param max - the most characters shown, the ellipsis included (at least 8)
 * @returns the email as shown
 * @example
 * middleEllipsisEmail('alice.with.a.long.name@example.com', 20) // 'alice.w…@example.com'
 */
export function middleEllipsisEmail(email: string, max: number): string {
  const chars = [...email]
  const limit = Math.max(8, Math.floor(max))
  if (chars.length <= limit) return email
  const at = chars.lastIndexOf('@')
  const domain = at > 0 ? chars.slice(at) : []
  // Keep at least three characters of the local part before the ellipsis.
  const keep = limit - domain.length - 1
  if (at <= 0 || keep < 3) return `${chars.slice(0, limit - 1).join('')}…`
  return `${chars.slice(0, keep).join('')}…${domain.join('')}`
}
