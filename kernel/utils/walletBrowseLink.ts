import type { DirectoryWallet } from '../types/wallet.js'
import { safeHttpUrl } from './safeHttpUrl.js'

export type WalletBrowseLinkParameters = {
  /** The page to open in the wallet's browser (the visitor's current URL). */
  url: string
  /** The SLIP-44 coin type for `{slip44}` (Trust Wallet names the browser's chain by it); default 60, as in Trust's own example. */
  slip44?: number
}

/**
 * A wallet's in-app browser link for a page: its `browse_link` template with `{url}` (the page's
 * URL encoded once), `{url2}` (encoded twice), `{ref}` (its origin, encoded), `{hostpath}` (the URL
 * without its scheme) and `{slip44}` (a SLIP-44 coin type) filled in. Undefined when the
 * wallet has none, its host is not a fixed https host ahead of every placeholder, the page is not
 * http(s), or the result is not an https link.
 *
 * @param wallet - a directory entry
 * @param parameters - the page (and the coin type for `{slip44}`)
 * @returns the link, or undefined
 * @example
 * walletBrowseLink({ id: 'phantom', name: 'Phantom', browse_link: 'https://phantom.app/ul/browse/{url}?ref={ref}' }, { url: 'https://site.example/a' })
 * // 'https://phantom.app/ul/browse/https%3A%2F%2Fsite.example%2Fa?ref=https%3A%2F%2Fsite.example'
 */
export function walletBrowseLink(wallet: Pick<DirectoryWallet, 'browse_link'>, { url, slip44 = 60 }: WalletBrowseLinkParameters): string | undefined {
  const template = wallet.browse_link
  // The wallet's host is fixed before any placeholder: the page's own text never decides where the link goes.
  if (typeof template !== 'string' || !/^https:\/\/[^/{}?#@\\]+[/?]/.test(template)) return undefined
  let page: URL
  try {
    page = new URL(url)
  } catch {
    return undefined
  }
  if (page.protocol !== 'https:' && page.protocol !== 'http:') return undefined
  const values: Record<string, string> = {
    url: encodeURIComponent(page.href),
    url2: encodeURIComponent(encodeURIComponent(page.href)),
    ref: encodeURIComponent(page.origin),
    hostpath: page.href.slice(page.protocol.length + 2),
    slip44: String(Number.isInteger(slip44) && slip44 >= 0 ? slip44 : 60),
  }
  const filled = template.replace(/\{(url|url2|ref|hostpath|slip44)\}/g, (_, name: string) => values[name] ?? '')
  const link = safeHttpUrl(filled)
  return link?.startsWith('https://') ? filled : undefined
}
