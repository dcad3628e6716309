import jsQR from 'jsqr'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { loadQrEncoder, QrCode } from '../../ui/components/QrCode/QrCode.js'
import { qrModules } from '../../ui/components/QrCode/qrModules.js'

// A real-sized pairing URI (topic, relay protocol, symmetric key, expiry).
const uri = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'a1'.repeat(32)}&expiryTimestamp=1763900000`

/** Paints the modules as an RGBA image (4 px per cell, light background) and reads it back. */
function decode(data: boolean[][], size: number): string | undefined {
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      if (data[Math.floor(y / scale)]?.[Math.floor(x / scale)]) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3)
    }
  }
  return jsQR(pixels, width, width)?.data
}

describe('the WalletConnect QR code with a logo in its centre', () => {
  it('still reads as the URI with the centre cleared for the logo (error correction H)', () => {
    const { data, size, logoBox } = qrModules(uri, { logo: true })
    expect(logoBox).toBeDefined()
    const { start, size: box } = logoBox as { start: number; size: number }
    // Centred, about a fifth of the width, clear of the 7-cell finder patterns and the 2-cell border.
    expect(start * 2 + box).toBe(size)
    expect(box / size).toBeGreaterThan(0.15)
    expect(start).toBeGreaterThan(2 + 7)
    for (let y = start; y < start + box; y++) for (let x = start; x < start + box; x++) expect(data[y]?.[x]).toBe(false)
    expect(decode(data, size)).toBe(uri)
  })

  it('renders an empty busy frame until the encoder has loaded, then the code', async () => {
    // A fresh copy of the module: another file run earlier by this worker (shared modules) may have
    // loaded the encoder already (ci8: the first render was the code, not the busy frame).
    vi.resetModules()
    const fresh = await import('../../ui/components/QrCode/QrCode.js')
    expect(renderToString(<fresh.QrCode value={uri} label="QR" />)).toMatch(/<svg[^>]*aria-busy="true"[^>]*><\/svg>/)
    await fresh.loadQrEncoder()
    expect(renderToString(<fresh.QrCode value={uri} label="QR" />)).toContain('class="portico-qr__modules"')
  })

  it('renders the logo as an SVG image over the cleared square, and no image without a logo', async () => {
    await loadQrEncoder()
    const logo = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
    const withLogo = renderToString(<QrCode value={uri} label="QR" logo={logo} />)
    expect(withLogo).toContain('<image class="portico-qr__logo"')
    expect(withLogo).toContain(`href="${logo}"`)
    expect(renderToString(<QrCode value={uri} label="QR" />)).not.toContain('<image')
  })
})
