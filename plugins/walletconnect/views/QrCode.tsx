import { encode } from 'uqr'

export type QrCodeProps = { value: string; label: string }

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
 * A QR code as SVG React elements (no canvas, no markup strings), made with `uqr`.
 *
 * @example
 * <QrCode value={uri} label="WalletConnect QR code" />
 */
export function QrCode({ value, label }: QrCodeProps) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 })
  return (
    <svg className="portico-wc-qr__svg" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect className="portico-wc-qr__background" width={size} height={size} />
      <path className="portico-wc-qr__modules" d={modulesPath(data)} />
    </svg>
  )
}
