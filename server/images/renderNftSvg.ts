import { createHash } from 'node:crypto'

export type RenderNftSvgParameters = {
  /** What the art is derived from, e.g. `eip155:31337/0x…/1`. */
  seed: string
  /** The caption, e.g. `Portico Pioneers #1`. */
  caption: string
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Draws a deterministic piece of generative art for an NFT: a gradient sky, a sun and layered
 * hills, with colours and positions derived from the seed, and a caption. The same seed always
 * gives the same bytes; nothing is fetched and no script is embedded.
 *
 * @param parameters - seed and caption
 * @returns the SVG document as a string
 * @example
 * renderNftSvg({ seed: 'eip155:31337/0xabc…/1', caption: 'Portico Pioneers #1' })
 */
export function renderNftSvg({ seed, caption }: RenderNftSvgParameters): string {
  const bytes = createHash('sha256').update(seed).digest()
  const at = (i: number) => bytes[i % bytes.length] as number
  const hue = (at(0) * 256 + at(1)) % 360
  const sky = `hsl(${hue},65%,${28 + (at(2) % 20)}%)`
  const horizon = `hsl(${(hue + 40 + (at(3) % 80)) % 360},80%,${55 + (at(4) % 15)}%)`
  const sun = `<circle cx="${60 + (at(5) % 280)}" cy="${70 + (at(6) % 90)}" r="${24 + (at(7) % 36)}" fill="hsl(${(hue + 180) % 360},90%,70%)" opacity="0.9"/>`
  const hills: string[] = []
  for (let layer = 0; layer < 4; layer++) {
    const base = 220 + layer * 40
    const points = [`0,400`, `0,${base}`]
    for (let x = 0; x <= 400; x += 50) points.push(`${x},${base - (at(8 + layer * 6 + x / 50) % 70)}`)
    points.push('400,400')
    hills.push(`<polygon points="${points.join(' ')}" fill="hsl(${(hue + 200 + layer * 25) % 360},${40 + layer * 10}%,${40 - layer * 7}%)"/>`)
  }
  const stars: string[] = []
  for (let i = 0; i < 12; i++) stars.push(`<circle cx="${(at(i * 2 + 3) * 7) % 400}" cy="${(at(i * 2 + 4) * 3) % 180}" r="${1 + (at(i + 20) % 3)}" fill="#fff" opacity="0.7"/>`)
  const text = caption.slice(0, 60).replace(/[&<>"']/g, (c) => escapes[c] as string)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">',
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${horizon}"/></linearGradient></defs>`,
    '<rect width="400" height="400" fill="url(#s)"/>',
    ...stars,
    sun,
    ...hills,
    '<rect x="0" y="352" width="400" height="48" fill="#000" opacity="0.35"/>',
    `<text x="200" y="383" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="22" font-weight="700" fill="#fff">${text}</text>`,
    '</svg>',
  ].join('')
}
