// Issue 53: the built-in wallets' in-app browser links (wallets/builtinWallets.ts, each from the
// wallet's own documentation) open the visitor's page: filled for a page, each is an https link on
// the wallet's own host that carries the page's URL.
import { describe, expect, it } from 'vitest'
import { walletBrowseLink } from '../../kernel/utils/walletBrowseLink.js'
import { builtinWallets } from '../../wallets/builtinWallets.js'
import { toDirectoryWallet } from '../../wallets/builtinDirectoryWallets.js'

const page = 'https://shop.example/item?id=7'
const withBrowseLink = builtinWallets.filter((w) => w.browse_link !== undefined)

describe('built-in in-app browser links', () => {
  it('the wallets the issue names have one', () => {
    expect(withBrowseLink.map((w) => w.id).sort()).toEqual(
      expect.arrayContaining(['backpack', 'bitget-wallet', 'coinbase-wallet', 'metamask', 'okx-wallet', 'phantom', 'solflare', 'trust-wallet']),
    )
  })

  it.each(withBrowseLink.map((w) => [w.name, w] as const))('%s: an https link on its own host carrying the page', (_name, wallet) => {
    const entry = toDirectoryWallet(wallet)
    expect(entry.browse_link).toBe(wallet.browse_link)
    const link = walletBrowseLink(entry, { url: page })
    expect(link).toBeDefined()
    const url = new URL(link as string)
    expect(url.protocol).toBe('https:')
    expect(url.hostname).toBe(new URL((wallet.browse_link as string).replace(/\{\w+\}/g, 'x')).hostname)
    // The page's URL is in it, encoded once or twice or as written (MetaMask takes it without its scheme).
    const carried = [encodeURIComponent(page), encodeURIComponent(encodeURIComponent(page)), page.slice('https://'.length)]
    expect(carried.some((form) => (link as string).includes(form))).toBe(true)
  })
})
