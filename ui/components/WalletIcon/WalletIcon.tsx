import { useState } from 'react'

/**
 * A wallet's (or network's) picture; decorative (`alt=""`) because the name is next to it. A
 * missing or broken image shows the name's first letter instead.
 *
 * @example
 * <WalletIcon src={src} name="Rabby" />
 */
export function WalletIcon({ src, name, size = 'medium' }: { src: string | undefined; name: string; size?: 'small' | 'medium' | 'large' }) {
  const [broken, setBroken] = useState<string | undefined>(undefined)
  const className = `portico-wallet-icon portico-wallet-icon--${size}`
  if (!src || broken === src) {
    return (
      <span className={`${className} portico-wallet-icon--letter`} aria-hidden="true">
        {[...name.trim()][0]?.toUpperCase() ?? '?'}
      </span>
    )
  }
  return <img className={className} src={src} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" draggable={false} onError={() => setBroken(src)} />
}
