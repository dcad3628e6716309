import { describe, expect, it } from 'vitest'
import { safeDeepLink } from '../../kernel/utils/safeDeepLink.js'
import { sanitizeDirectoryWallet } from '../../kernel/utils/sanitizeDirectoryWallet.js'
import { isWalletId } from '../../server/utils/isWalletId.js'
import { builtinDirectoryWallets, toDirectoryWallet } from '../../wallets/builtinDirectoryWallets.js'
import { builtinWallets } from '../../wallets/builtinWallets.js'
import { BuiltinWalletRegistry, createPorticoKernel, loadPlugins, type DirectoryWallet } from '../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../plugins/eip155/index.js'
import { solana, solanaMainnet } from '../../plugins/solana/index.js'
import { bip122Wallets } from '../../wallets/byNamespace/bip122Wallets.js'
import { cosmosWallets } from '../../wallets/byNamespace/cosmosWallets.js'
import { eip155Wallets } from '../../wallets/byNamespace/eip155Wallets.js'
import { polkadotWallets } from '../../wallets/byNamespace/polkadotWallets.js'
import { solanaWallets } from '../../wallets/byNamespace/solanaWallets.js'
import { stacksWallets } from '../../wallets/byNamespace/stacksWallets.js'
import { suiWallets } from '../../wallets/byNamespace/suiWallets.js'

const namespaces = ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot', 'sui', 'stacks']
const links = ['homepage', 'link_mode', 'app_store', 'play_store', 'chrome_store'] as const

describe('the built-in wallet list', () => {
  it('holds at least 100 real wallets across the seven namespaces, each id and name once', () => {
    expect(builtinWallets.length).toBeGreaterThanOrEqual(100)
    expect(new Set(builtinWallets.map((w) => w.id)).size).toBe(builtinWallets.length)
    expect(new Set(builtinWallets.map((w) => w.name.toLowerCase())).size).toBe(builtinWallets.length)
    expect(new Set(builtinWallets.flatMap((w) => w.namespaces))).toEqual(new Set(namespaces))
    for (const wallet of builtinWallets) {
      expect(isWalletId(wallet.id), wallet.id).toBe(true)
      expect(wallet.name.trim(), wallet.id).toBe(wallet.name)
      expect(wallet.name.length, wallet.id).toBeGreaterThan(0)
      expect(wallet.namespaces.length, wallet.id).toBeGreaterThan(0)
      expect(new Set(wallet.namespaces).size, wallet.id).toBe(wallet.namespaces.length)
      for (const namespace of wallet.namespaces) expect(namespaces, wallet.id).toContain(namespace)
    }
  })

  it('has only https links, wallet schemes for mobile links, and well-formed rdns', () => {
    for (const wallet of builtinWallets) {
      expect(wallet.homepage, wallet.id).toBeTypeOf('string')
      for (const key of links) {
        const link = wallet[key]
        if (link !== undefined) expect(new URL(link).protocol, `${wallet.id} ${key}`).toBe('https:')
      }
      if (wallet.app_store) expect(new URL(wallet.app_store).hostname, wallet.id).toMatch(/^(apps|itunes)\.apple\.com$/)
      if (wallet.play_store) expect(wallet.play_store, wallet.id).toMatch(/^https:\/\/play\.google\.com\/store\/apps\/details\?id=[\w.]+$/)
      if (wallet.chrome_store) expect(new URL(wallet.chrome_store).hostname, wallet.id).toMatch(/^(chrome|chromewebstore)\.google\.com$/)
      if (wallet.mobile_link) expect(wallet.mobile_link, wallet.id).toMatch(/^[a-z][a-z0-9+.-]*:\/\//)
      if (wallet.mobile_link) expect(wallet.mobile_link, wallet.id).not.toMatch(/^(https?|javascript|data|intent):/)
      // Its WalletConnect link is the wallet's scheme or path + `wc?uri=…` (plugins/walletconnect/utils/buildWalletLinks.ts).
      if (wallet.mobile_link) expect(safeDeepLink(wallet.mobile_link), wallet.id).toBe(wallet.mobile_link)
      if (wallet.rdns) expect(wallet.rdns, wallet.id).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
      // An rdns is an EIP-6963 announcement: only an EVM wallet has one.
      if (wallet.rdns) expect(wallet.namespaces, wallet.id).toContain('eip155')
      for (const [namespace, name] of Object.entries(wallet.walletStandard ?? {})) {
        expect(wallet.namespaces, `${wallet.id} ${namespace}`).toContain(namespace)
        expect(name.trim().length, wallet.id).toBeGreaterThan(0)
      }
    }
  })

  it('lets no two wallets claim one rdns, or one Wallet Standard name in a namespace', () => {
    const claims = new Map<string, string>()
    for (const wallet of builtinWallets) {
      const ids = [...(wallet.rdns ? [`eip155 ${wallet.rdns}`] : []), ...Object.entries(wallet.walletStandard ?? {}).map(([namespace, name]) => `${namespace} ${name.toLowerCase()}`)]
      for (const id of ids) {
        expect(claims.get(id), `${wallet.id} claims ${id}`).toBeUndefined()
        claims.set(id, wallet.id)
      }
    }
    expect(claims.size).toBeGreaterThanOrEqual(30)
  })

  it('gives its logos as SVG documents, and keeps homepages and store links once per wallet', () => {
    for (const wallet of builtinWallets) if (wallet.icon !== undefined) expect(wallet.icon, wallet.id).toMatch(/^<svg[\s>]/)
    for (const key of ['app_store', 'play_store', 'chrome_store'] as const) {
      const values = builtinWallets.flatMap((w) => (w[key] ? [w[key]!.replace(/^https:\/\/chrome(webstore)?\.google\.com\/(webstore\/)?detail\/(.*\/)?/, '')] : []))
      expect(new Set(values).size, key).toBe(values.length)
    }
  })

  it('uses the @web3icons/core logo of each wallet it has one for', async () => {
    const logo = async (file: string) => ((await import(`@web3icons/core/svgs/wallets/branded/${file}.svg.js`)) as { default: string }).default
    const byId = new Map(builtinWallets.map((w) => [w.id, w]))
    for (const [id, file] of [['metamask', 'metamask'], ['phantom', 'phantom'], ['rainbow', 'rainbow'], ['trust-wallet', 'trust'], ['solflare', 'solflare'], ['keplr', 'keplr'], ['exodus', 'exodus'], ['glow', 'glow'], ['trezor', 'trezor'], ['mew-wallet', 'my-ether-wallet'], ['alphawallet', 'alpha-wallet']] as const) {
      const icon = byId.get(id)?.icon
      expect(icon, id).toMatch(/^<svg[\s>]/)
      expect(icon, id).toBe(await logo(file))
    }
    expect(builtinWallets.filter((w) => w.icon).length).toBeGreaterThanOrEqual(20)
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
    const cosmos = builtinDirectoryWallets(['cosmos']).map((w) => w.id)
    expect(cosmos[0]).toBe('keplr')
    expect(cosmos).toEqual(expect.arrayContaining(['leap', 'cosmostation', 'station']))
    expect(cosmos).not.toContain('metamask')
    expect(builtinDirectoryWallets(['nope'])).toEqual([])
    expect(builtinDirectoryWallets()).toHaveLength(builtinWallets.length)
  })

  it("gives each namespace's list (wallets/byNamespace) exactly the wallets that serve it, in the list's order", () => {
    const lists: Record<string, () => DirectoryWallet[]> = { eip155: eip155Wallets, solana: solanaWallets, sui: suiWallets, bip122: bip122Wallets, cosmos: cosmosWallets, polkadot: polkadotWallets, stacks: stacksWallets }
    expect(Object.keys(lists).sort()).toEqual([...namespaces].sort())
    for (const [namespace, list] of Object.entries(lists)) expect(list(), namespace).toEqual(builtinDirectoryWallets([namespace]))
    // Every wallet sits in each of its namespaces' lists, and in no other.
    const ids = Object.fromEntries(Object.entries(lists).map(([namespace, list]) => [namespace, new Set(list().map((w) => w.id))]))
    for (const wallet of builtinWallets) for (const namespace of namespaces) expect(ids[namespace]!.has(wallet.id), `${wallet.id} in ${namespace}`).toBe(wallet.namespaces.includes(namespace))
    expect(Object.fromEntries(Object.entries(ids).map(([namespace, set]) => [namespace, set.size > 0]))).toEqual(Object.fromEntries(namespaces.map((n) => [n, true])))
  })
})

describe('the built-in wallets a site carries (portico.builtinWallets)', () => {
  const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
  const solanaOnly = builtinWallets.filter((w) => !w.namespaces.includes('eip155')).map((w) => w.id)

  it('an EVM-only site lists the EVM wallets and no wallet of another namespace alone (Solflare, Keplr, Slush …)', async () => {
    const plugins = [eip155({}, { window: null })]
    await loadPlugins(plugins)
    const portico = createPorticoKernel({ networks: [devnet], plugins, storage: null, enableReconnect: false })
    const ids = (await portico.builtinWallets.load(portico.stores.networks.namespaces)).map((w) => w.id)
    expect(ids).toEqual(builtinDirectoryWallets(['eip155']).map((w) => w.id))
    expect(ids.slice(0, 2)).toEqual(['metamask', 'phantom'])
    expect(solanaOnly).toEqual(expect.arrayContaining(['solflare', 'keplr', 'slush', 'xverse', 'leather']))
    for (const id of solanaOnly) expect(ids).not.toContain(id)
    await portico.destroy()
  })

  it('a site with eip155 and solana lists both namespaces\' wallets, each once', async () => {
    const plugins = [eip155({}, { window: null }), solana()]
    await loadPlugins(plugins)
    const portico = createPorticoKernel({ networks: [devnet, solanaMainnet], plugins, storage: null, enableReconnect: false })
    const ids = (await portico.builtinWallets.load(['eip155', 'solana'])).map((w) => w.id)
    expect(ids).toContain('solflare')
    expect(ids).toContain('metamask')
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.filter((id) => id === 'phantom')).toHaveLength(1)
    await portico.destroy()
  })

  it('loads a list on first read (for() starts it, then holds it), once; a failing loader leaves its namespace empty', async () => {
    const registry = new BuiltinWalletRegistry()
    let calls = 0
    registry.register('a', async () => {
      calls++
      return [{ id: 'one', name: 'One' }, { id: 'two', name: 'Two' }]
    })
    registry.register('b', () => [{ id: 'two', name: 'Two' }, { id: 'three', name: 'Three' }])
    registry.register('broken', () => Promise.reject(new Error('offline')))
    expect(registry.for(['a', 'b'])).toEqual([])
    await registry.load(['a', 'b', 'broken', 'unknown'])
    expect(registry.for(['b', 'a']).map((w) => w.id)).toEqual(['two', 'three', 'one'])
    expect(registry.for(['broken', 'unknown'])).toEqual([])
    expect(calls).toBe(1)
  })
})
