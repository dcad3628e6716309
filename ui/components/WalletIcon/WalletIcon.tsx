import { useState } from 'react'

/**
 * A wallet's (or network's) picture; decorative (`alt=""`) because the name is next to it. A
 * missing or broken image shows the name's first letter instead. `mark`: a chain's or a token's
 * mark, which stands on the theme's `--portico-mark-background` (a light tile in both themes), so
 * a dark mark without a background of its own stays visible on the dark theme.
 *
 * @example
 * <WalletIcon src={src} name="Rabby" />
 * <WalletIcon src={networkSrc} name="Stacks" size="small" mark />
 */
export function WalletIcon({ src, name, size = 'medium', mark = false }: { src: string | undefined; name: string; size?: 'small' | 'medium' | 'large'; mark?: boolean }) {
  const [broken, setBroken] = useState<string | undefined>(undefined)
  const className = `portico-wallet-icon portico-wallet-icon--${size}${mark ? ' portico-wallet-icon--mark' : ''}`
  if (!src || broken === src) {
    return (
      <span className={`${className} portico-wallet-icon--letter`} aria-hidden="true">
        {[...name.trim()][0]?.toUpperCase() ?? '?'}
      </span>
    )
  }
  return <img className={className} src={src} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" draggable={false} onError={() => setBroken(src)} />
}
