import { describe, expect, it } from 'vitest'
import { sanitizeDirectoryWallet } from '../../kernel/utils/sanitizeDirectoryWallet.js'
import { isWalletId } from '../../server/utils/isWalletId.js'
import { builtinDirectoryWallets, toDirectoryWallet } from '../../wallets/builtinDirectoryWallets.js'
import { builtinWallets } from '../../wallets/builtinWallets.js'

const namespaces = ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot', 'sui', 'stacks']
const links = ['homepage', 'link_mode', 'app_store', 'play_store', 'chrome_store'] as const

describe('the built-in wallet list', () => {
  it('holds at least 20 real wallets across at least five namespaces, each id and name once', () => {
    expect(builtinWallets.length).toBeGreaterThanOrEqual(20)
    expect(new Set(builtinWallets.map((w) => w.id)).size).toBe(builtinWallets.length)
    expect(new Set(builtinWallets.map((w) => w.name.toLowerCase())).size).toBe(builtinWallets.length)
    expect(new Set(builtinWallets.flatMap((w) => w.namespaces)).size).toBeGreaterThanOrEqual(5)
    for (const wallet of builtinWallets) {
      expect(isWalletId(wallet.id), wallet.id).toBe(true)
      expect(wallet.namespaces.length, wallet.id).toBeGreaterThan(0)
      for (const namespace of wallet.namespaces) expect(namespaces, wallet.id).toContain(namespace)
    }
  })

  it('has only https links, wallet schemes for mobile links, and well-formed rdns', () => {
    for (const wallet of builtinWallets) {
      for (const key of links) {
        const link = wallet[key]
        if (link !== undefined) expect(new URL(link).protocol, `${wallet.id} ${key}`).toBe('https:')
      }
      if (wallet.mobile_link) expect(wallet.mobile_link, wallet.id).toMatch(/^[a-z][a-z0-9+.-]*:\/\//)
      if (wallet.mobile_link) expect(wallet.mobile_link, wallet.id).not.toMatch(/^(https?|javascript|data):/)
      if (wallet.rdns) expect(wallet.rdns, wallet.id).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
    }
  })

  it('uses the @web3icons/core logo of each wallet it has one for', async () => {
    const logo = async (file: string) => ((await import(`@web3icons/core/svgs/wallets/branded/${file}.svg.js`)) as { default: string }).default
    const byId = new Map(builtinWallets.map((w) => [w.id, w]))
    for (const [id, file] of [['metamask', 'metamask'], ['phantom', 'phantom'], ['rainbow', 'rainbow'], ['trust-wallet', 'trust'], ['solflare', 'solflare'], ['keplr', 'keplr']] as const) {
      const icon = byId.get(id)?.icon
      expect(icon, id).toMatch(/^<svg[\s>]/)
      expect(icon, id).toBe(await logo(file))
    }
    expect(builtinWallets.filter((w) => w.icon).length).toBeGreaterThanOrEqual(15)
  })

  it('becomes directory entries that survive the client sanitiser unchanged (the logo a data URL)', () => {
    for (const wallet of builtinWallets) {
      const entry = toDirectoryWallet(wallet)
      const { image_url, ...rest } = entry
      expect(sanitizeDirectoryWallet(entry), wallet.id).toEqual(rest)
      if (wallet.icon) expect(image_url).toMatch(/^data:image\/svg\+xml,%3Csvg/)
    }
    expect(toDirectoryWallet(builtinWallets.find((w) => w.id === 'phantom')!).injected).toEqual([
      { namespace: 'eip155', injected_id: 'app.phantom' },
      { namespace: 'solana', injected_id: 'Phantom' },
    ])
  })

  it('filters by namespace, most used first', () => {
    const solana = builtinDirectoryWallets(['solana']).map((w) => w.id)
    expect(solana[0]).toBe('phantom')
    expect(solana).toContain('solflare')
    expect(solana).not.toContain('metamask')
    expect(builtinDirectoryWallets(['cosmos']).map((w) => w.id)).toEqual(['keplr'])
    expect(builtinDirectoryWallets(['nope'])).toEqual([])
    expect(builtinDirectoryWallets()).toHaveLength(builtinWallets.length)
  })
})
