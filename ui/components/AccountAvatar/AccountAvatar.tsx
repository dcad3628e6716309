import { useId } from 'react'

/** FNV-1a over the text: a 32-bit number, the same for the same address on every render. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * An account's avatar when it has no picture of its own: a gradient drawn from its address (two
 * hues and an angle), so the same account always looks the same and two accounts rarely alike.
 * Decorative: the address is next to it. Inline SVG, no request and no style attribute.
 *
 * @example
 * <AccountAvatar address="0xf39F…" />
 */
export function AccountAvatar({ address, size = 64 }: { address: string; size?: number }) {
  // An id that is safe inside url(#…) whatever characters useId uses.
  const gradientId = `portico-avatar-${useId().replace(/[^\w-]/g, '')}`
  const hash = hashOf(address.toLowerCase())
  const hue = hash % 360
  const hue2 = (hue + 40 + ((hash >>> 9) % 140)) % 360
  const angle = (hash >>> 17) % 4
  const [x2, y2] = [
    [1, 1],
    [0, 1],
    [1, 0],
    [1, 0.5],
  ][angle] as [number, number]
  return (
    <svg className="portico-account-avatar" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2={x2} y2={y2}>
          <stop offset="0" stopColor={`hsl(${hue}, 80%, 62%)`} />
          <stop offset="1" stopColor={`hsl(${hue2}, 75%, 45%)`} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradientId})`} />
    </svg>
  )
}
