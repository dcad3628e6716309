import { safeDeepLink, safeHttpUrl, type DirectoryWallet } from '../../../kernel/kernel.js'

/** Where a directory wallet can take the pairing URI. */
export type WalletLinks = { desktop?: string; mobile?: string; webapp?: string; universal?: string }

function withUri(base: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (/^https?:/i.test(base)) return `${base.replace(/\/+$/, '')}/wc?uri=${encoded}`
  // A wallet's own scheme: `metamask://` → `metamask://wc?uri=…`
  if (base.endsWith('://')) return `${base}wc?uri=${encoded}`
  return `${base.replace(/\/+$/, '')}/wc?uri=${encoded}`
}

/** A wallet scheme or a parseable https URL; an `https://` that does not parse is malformed, not a scheme. */
function deepLink(value: unknown): string | undefined {
  const link = safeDeepLink(value)
  if (link && /^https?:/i.test(link) && !safeHttpUrl(link)) return undefined
  return link
}

/**
 * Builds a directory wallet's desktop, mobile, universal (`link_mode`) and web-app links for a
 * `wc:` URI: only from an
 * `https:` URL (http on loopback, for self-hosting) or the wallet's own scheme; `javascript:`,
 * `data:`, other dangerous schemes and malformed links are refused (left out). The web app and
 * the universal link must be https.
 *
 * @param wallet - a directory entry
 * @param uri - the pairing URI (`wc:…`)
 * @returns the links that are safe to offer
 * @example
 * buildWalletLinks({ id: 'x', name: 'X', mobile_link: 'xwallet://' }, uri).mobile // 'xwallet://wc?uri=wc%3A…'
 */
export function buildWalletLinks(wallet: DirectoryWallet | undefined, uri: string | undefined): WalletLinks {
  const links: WalletLinks = {}
  if (!wallet || typeof uri !== 'string' || !uri.startsWith('wc:')) return links
  const desktop = deepLink(wallet.desktop_link)
  const mobile = deepLink(wallet.mobile_link)
  const webapp = safeHttpUrl(wallet.webapp_link)
  const universal = safeHttpUrl(wallet.link_mode)
  if (desktop) links.desktop = withUri(desktop, uri)
  if (mobile) links.mobile = withUri(mobile, uri)
  if (webapp) links.webapp = withUri(webapp, uri)
  if (universal) links.universal = withUri(universal, uri)
  return links
}

/**
 * The link a phone opens for a directory wallet: its universal link (`link_mode`) first, else its
 * `mobile_link` (scheme or https), each carrying the pairing URI; undefined when it has neither.
 *
 * @example
 * phoneLink(buildWalletLinks(wallet, uri)) // 'https://x.example/wc/link/wc?uri=wc%3A…'
 */
export function phoneLink(links: WalletLinks): string | undefined {
  return links.universal ?? links.mobile
}
