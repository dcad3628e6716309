import type { DirectoryWallet } from '../types/wallet.js'
import { safeHttpUrl } from './safeHttpUrl.js'

/** SLIP-44 coin types of the namespaces (Trust Wallet's browse link names the chain by it). */
const slip44: Readonly<Record<string, number>> = { eip155: 60, solana: 501, bip122: 0, cosmos: 118, polkadot: 354, sui: 784, stacks: 5757 }

export type WalletBrowseLinkParameters = {
  /** The page to open in the wallet's browser (the visitor's current URL). */
  url: string
  /** The site's active CAIP-2 namespace (for `{slip44}`; default eip155's). */
  namespace?: string
}

/**
 * A wallet's in-app browser link for a page: its `browse_link` template with `{url}` (the page's
 * URL encoded once), `{url2}` (encoded twice), `{ref}` (its origin, encoded), `{hostpath}` (the URL
 * without its scheme) and `{slip44}` (the namespace's SLIP-44 coin) filled in. Undefined when the
 * wallet has none, its host is not a fixed https host ahead of every placeholder, the page is not
 * http(s), or the result is not an https link.
 *
 * @param wallet - a directory entry
 * @param parameters - the page and the site's namespace
 * @returns the link, or undefined
 * @example
 * walletBrowseLink({ id: 'phantom', name: 'Phantom', browse_link: 'https://phantom.app/ul/browse/{url}?ref={ref}' }, { url: 'https://site.example/a' })
 * // 'https://phantom.app/ul/browse/https%3A%2F%2Fsite.example%2Fa?ref=https%3A%2F%2Fsite.example'
 */
export function walletBrowseLink(wallet: Pick<DirectoryWallet, 'browse_link'>, { url, namespace }: WalletBrowseLinkParameters): string | undefined {
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
    slip44: String(slip44[namespace ?? 'eip155'] ?? slip44.eip155),
  }
  const filled = template.replace(/\{(url|url2|ref|hostpath|slip44)\}/g, (_, name: string) => values[name] ?? '')
  const link = safeHttpUrl(filled)
  return link?.startsWith('https://') ? filled : undefined
}
