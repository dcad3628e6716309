import { encode } from 'uqr'

export type QrCodeProps = {
  value: string
  label: string
  /** A logo (a safe image URL) drawn in the centre; the code then uses the highest error correction. */
  logo?: string
}

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
function modulesPath(data: boolean[][]): string {
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

/**
 * A QR code as SVG React elements (no canvas, no markup strings), made with `uqr`, with an
 * optional logo in its centre (the wallet's, or WalletConnect's).
 *
 * @example
 * <QrCode value={uri} label="WalletConnect QR code" logo={walletLogo} />
 */
export function QrCode({ value, label, logo }: QrCodeProps) {
  const { data, size, logoBox } = qrModules(value, { logo: Boolean(logo) })
  return (
    <svg className="portico-wc-qr__svg" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect className="portico-wc-qr__background" width={size} height={size} />
      <path className="portico-wc-qr__modules" d={modulesPath(data)} />
      {logo && logoBox ? (
        <image
          className="portico-wc-qr__logo"
          href={logo}
          x={logoBox.start + 0.5}
          y={logoBox.start + 0.5}
          width={logoBox.size - 1}
          height={logoBox.size - 1}
          preserveAspectRatio="xMidYMid meet"
        />
      ) : null}
    </svg>
  )
}
