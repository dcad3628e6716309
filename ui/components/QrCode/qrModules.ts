// The QR encoder's part of QrCode (uqr): loaded with the first code a view shows, never with the
// modal (ui/kit exports QrCode, and most visits show no QR code).
import { encode } from 'uqr'

/** The logo's share of the code's width: about 5 % of its area, well inside level H's 30 % headroom. */
const logoShare = 0.22

/**
 * The modules of a QR code: `ecc: 'H'` with a clear square in the centre for a logo (its cells
 * left light, so nothing sits under the logo), else `ecc: 'M'`. The square is centred on whole
 * cells and never touches the finder patterns.
 *
 * @example
 * qrModules('wc:…', { logo: true }).logoBox // { start: 19, size: 10 }
 */
export function qrModules(value: string, { logo }: { logo: boolean }): { data: boolean[][]; size: number; logoBox?: { start: number; size: number } } {
  const { data, size } = encode(value, { ecc: logo ? 'H' : 'M', border: 2 })
  if (!logo) return { data, size }
  let box = Math.floor((size - 4) * logoShare)
  if ((size - box) % 2 !== 0) box += 1
  const start = (size - box) / 2
  const inBox = (x: number, y: number) => x >= start && x < start + box && y >= start && y < start + box
  return { data: data.map((row, y) => row.map((dark, x) => dark && !inBox(x, y))), size, logoBox: { start, size: box } }
}

/** One SVG path of the dark modules, a run of cells per row (`M x y h n v 1 h -n z`). */
export function modulesPath(data: boolean[][]): string {
  let d = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x += 1
        continue
      }
      const start = x
      while (x < row.length && row[x]) x += 1
      d += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return d
}
