/**
 * A wallet's self-reported name as the UI may show it: control and bidirectional-override
 * characters removed, whitespace collapsed, at most 64 characters; `undefined` for anything else
 * (a hostile or empty name is dropped, never shown).
 *
 * @example
 * sanitizeWalletName('  Rainbow\u202e ') // 'Rainbow'
 */
export function sanitizeWalletName(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined
  const clean = name
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (clean.length === 0) return undefined
  return clean.length > 64 ? `${clean.slice(0, 63)}…` : clean
}
