import { base64 } from '@scure/base'
import type { WalletIcon } from '@wallet-standard/base'

/**
 * A persona's Wallet Standard icon: a base64 `data:image/svg+xml` URI (what the standard requires)
 * of a rounded square in the wallet's colour with its initial. Not the wallet's logo: the
 * directory shows that; the persona only needs an icon of the right form.
 *
 * @example
 * personaIcon('#ab9ff2', 'P')
 */
export function personaIcon(colour: string, initial: string): WalletIcon {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${colour}"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">${initial}</text></svg>`
  return `data:image/svg+xml;base64,${base64.encode(new TextEncoder().encode(svg))}`
}
