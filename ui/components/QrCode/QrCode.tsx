import { useEffect, useState } from 'react'
import type * as qrModules from './qrModules.js'

type QrEncoder = typeof qrModules
let encoder: QrEncoder | undefined
let loading: Promise<QrEncoder> | undefined

/**
 * Loads the QR encoder (`uqr`) once; every QrCode renders at once after it. A view that shows a
 * code may call it early (as the WalletConnect view does while it waits for its URI); a server
 * renderer awaits it before rendering one. A failed load may be retried.
 *
 * @example
 * await loadQrEncoder()
 */
export function loadQrEncoder(): Promise<QrEncoder> {
  loading ??= import('./qrModules.js').then(
    (module) => (encoder = module),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

export type QrCodeProps = {
  value: string
  label: string
  /** A logo (a safe image URL) drawn in the centre; the code then uses the highest error correction. */
  logo?: string
}

/**
 * A QR code as SVG React elements (no canvas, no markup strings), made with `uqr`, with an
 * optional logo in its centre (the wallet's, or WalletConnect's). The encoder loads with the first
 * code shown ({@link loadQrEncoder}); until then the frame is empty and busy.
 *
 * @example
 * <QrCode value={uri} label="WalletConnect QR code" logo={walletLogo} />
 */
export function QrCode({ value, label, logo }: QrCodeProps) {
  const [qr, setQr] = useState(() => encoder)
  useEffect(() => {
    if (qr) return
    let live = true
    loadQrEncoder().then(
      (loaded) => live && setQr(loaded),
      () => {
        // The chunk did not load (offline): the frame stays empty; the view's link still works.
      },
    )
    return () => {
      live = false
    }
  }, [qr])
  if (!qr) return <svg className="portico-qr__svg" viewBox="0 0 1 1" role="img" aria-label={label} aria-busy="true" />
  const { data, size, logoBox } = qr.qrModules(value, { logo: Boolean(logo) })
  return (
    <svg className="portico-qr__svg" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect className="portico-qr__background" width={size} height={size} />
      <path className="portico-qr__modules" d={qr.modulesPath(data)} />
      {logo && logoBox ? (
        <image
          className="portico-qr__logo"
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
