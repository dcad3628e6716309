import { describe, expect, it } from 'vitest'
import { sanitizeDirectoryWallet } from '../../kernel/utils/sanitizeDirectoryWallet.js'
import { walletBrowseLink } from '../../kernel/utils/walletBrowseLink.js'

const page = 'https://shop.example/item?id=7&ref=a#top'

describe('walletBrowseLink', () => {
  it('fills each placeholder from the page', () => {
    expect(walletBrowseLink({ browse_link: 'https://phantom.app/ul/browse/{url}?ref={ref}' }, { url: page })).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fshop.example%2Fitem%3Fid%3D7%26ref%3Da%23top?ref=https%3A%2F%2Fshop.example',
    )
    expect(walletBrowseLink({ browse_link: 'https://link.metamask.io/dapp/{hostpath}' }, { url: page })).toBe('https://link.metamask.io/dapp/shop.example/item?id=7&ref=a#top')
    expect(walletBrowseLink({ browse_link: 'https://x.example/d?deeplink=okx%3A%2F%2Fdapp%3Furl%3D{url2}' }, { url: 'https://a.example/' })).toBe(
      'https://x.example/d?deeplink=okx%3A%2F%2Fdapp%3Furl%3Dhttps%253A%252F%252Fa.example%252F',
    )
  })

  it('fills {slip44} with the coin type given (60, Trust’s own example, by default; a bad one is 60)', () => {
    const trust = { browse_link: 'https://link.trustwallet.com/open_url?coin_id={slip44}&url={url}' }
    expect(walletBrowseLink(trust, { url: page, slip44: 501 })).toContain('coin_id=501&')
    expect(walletBrowseLink(trust, { url: page })).toContain('coin_id=60&')
    expect(walletBrowseLink(trust, { url: page, slip44: -1 })).toContain('coin_id=60&')
  })

  it('gives nothing for a wallet without one, a non-https template, or a page that is not http(s)', () => {
    expect(walletBrowseLink({}, { url: page })).toBeUndefined()
    expect(walletBrowseLink({ browse_link: null }, { url: page })).toBeUndefined()
    expect(walletBrowseLink({ browse_link: 'javascript:alert({url})' }, { url: page })).toBeUndefined()
    expect(walletBrowseLink({ browse_link: 'http://phantom.app/{url}' }, { url: page })).toBeUndefined()
    expect(walletBrowseLink({ browse_link: 'https://phantom.app/ul/browse/{url}' }, { url: 'file:///etc/passwd' })).toBeUndefined()
    expect(walletBrowseLink({ browse_link: 'https://phantom.app/ul/browse/{url}' }, { url: 'not a url' })).toBeUndefined()
  })

  it('a placeholder cannot decide the host: the wallet’s host comes first, fixed', () => {
    for (const template of ['https://{hostpath}', 'https://{url}/x', 'https://wallet.example{hostpath}', 'https://u@{ref}/']) {
      expect(walletBrowseLink({ browse_link: template }, { url: 'https://evil.example/' }), template).toBeUndefined()
    }
  })
})

describe('sanitizeDirectoryWallet keeps a browse link only when it is a fixed https link', () => {
  it('keeps a good template and drops the others', () => {
    expect(sanitizeDirectoryWallet({ id: 'p', name: 'P', browse_link: 'https://phantom.app/ul/browse/{url}?ref={ref}' })?.browse_link).toBe('https://phantom.app/ul/browse/{url}?ref={ref}')
    for (const bad of ['javascript:{url}', 'http://x.example/{url}', 'https://{hostpath}', 'https://{url}', 42, 'x'.repeat(2000)]) {
      expect(sanitizeDirectoryWallet({ id: 'p', name: 'P', browse_link: bad })?.browse_link, String(bad).slice(0, 30)).toBeUndefined()
    }
  })
})
