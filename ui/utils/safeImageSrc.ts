/**
 * Keeps an image source only when it cannot run anything: `https:`, `http:` and `data:image/…`
 * (raster or SVG; an SVG in an `<img>` never runs script). Anything else gives `undefined`.
 *
 * @param src - an untrusted URL (a plugin's icon, a directory entry's image)
 * @returns the URL, or undefined
 * @example
 * safeImageSrc('javascript:alert(1)') // undefined
 */
export function safeImageSrc(src: unknown): string | undefined {
  if (typeof src !== 'string' || src.length === 0 || src.length > 100_000) return undefined
  const trimmed = src.trim()
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml|avif)[;,]/i.test(trimmed)) return trimmed
  try {
    const url = new URL(trimmed)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}
