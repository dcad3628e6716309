import { describe, expect, it } from 'vitest'
import { ViewRegistry, type DirectoryWallet, type WalletConnector } from '../../kernel/kernel.js'
import { registerUiViews } from '../../ui/views/registerUiViews.js'
import { uiViews } from '../../ui/views/uiViews.js'
import { pickViewComponent } from '../../ui/utils/pickViewComponent.js'
import { selectConnector } from '../../ui/utils/selectConnector.js'
import { selectDirectoryWallet } from '../../ui/utils/selectDirectoryWallet.js'
import type { Portico } from '../../kernel/kernel.js'
import { safeImageSrc } from '../../ui/utils/safeImageSrc.js'
import { truncateAddress } from '../../ui/utils/truncateAddress.js'
import { connectGroups, connectorTypeOrder, directoryWalletServes } from '../../ui/views/Connect/connectGroups.js'

const connector = (id: string, name: string, type: WalletConnector['type'] = 'ANNOUNCED', extra: Partial<WalletConnector> = {}): WalletConnector => ({ id, name, namespace: 'eip155', type, ...extra })
const entry = (id: string, name: string, extra: Partial<DirectoryWallet> = {}): DirectoryWallet => ({ id, name, ...extra })
const base = { recent: [], featured: [], custom: [], directory: [], order: [], isMobile: false }

describe('the Connect view groups', () => {
  it('follow the connector-type order, the site\'s entries first, and skip empty groups', () => {
    expect(connectorTypeOrder(['featured', 'bogus' as never])).toEqual(['featured', 'walletConnect', 'recent', 'injected', 'custom', 'external', 'recommended'])
    const groups = connectGroups({
      ...base,
      connectors: [connector('wc', 'WalletConnect', 'WALLET_CONNECT'), connector('a', 'Alpha'), connector('x', 'Ext', 'EXTERNAL')],
      featured: [entry('f1', 'Featured One')],
      order: ['featured'],
    })
    // No directory page: the recommended group is empty and skipped.
    expect(groups.map((g) => g.id)).toEqual(['featured', 'walletConnect', 'injected', 'external'])
  })

  it('never shows a wallet twice: directory entries matching a discovered wallet are left out', () => {
    const groups = connectGroups({
      ...base,
      connectors: [connector('dev.portico.wallet', 'Portico Dev Wallet', 'ANNOUNCED', { rdns: 'dev.portico.wallet' })],
      recent: [entry('r1', 'Portico Dev')],
      featured: [entry('f1', 'Other', { rdns: 'dev.portico.wallet' }), entry('f2', 'Fine')],
      directory: [entry('f2', 'Fine'), entry('d1', 'One'), entry('d2', 'Two'), entry('d3', 'Three')],
    })
    const names = groups.flatMap((g) => g.items.map((i) => i.name))
    expect(names).toEqual(['Portico Dev Wallet', 'Fine', 'One', 'Two'])
    expect(groups.find((g) => g.id === 'recommended')?.items).toHaveLength(2) // 4 − 1 featured − 1 installed
  })

  it('hides excluded wallets and keeps WalletConnect on phones, whose directory wallets it recommends (they open by deep link)', () => {
    const groups = connectGroups({
      ...base,
      isMobile: true,
      connectors: [connector('wc', 'WalletConnect', 'WALLET_CONNECT'), connector('bad', 'Bad', 'ANNOUNCED', { rdns: 'com.bad' })],
      excludeWalletIds: ['com.bad'],
      directory: [entry('d1', 'One')],
    })
    expect(groups.map((g) => [g.id, g.items.map((i) => i.name)])).toEqual([
      ['walletConnect', ['WalletConnect']],
      ['recommended', ['One']],
    ])
  })
})

describe('the Connect view groups for a chosen namespace (issue 52)', () => {
  const sol = (id: string, name: string, type: WalletConnector['type'] = 'ANNOUNCED'): WalletConnector => ({ id, name, namespace: 'solana', type })
  const evmOnly = connector('metamask', 'MetaMask')
  const phantom = sol('phantom', 'Phantom')
  // One extension in both namespaces, merged into one row (its chips stay on that row).
  const both: WalletConnector = { ...connector('dev', 'Dev', 'MULTI_CHAIN'), connectors: [connector('dev', 'Dev'), sol('dev', 'Dev')] }
  const walletConnect: WalletConnector = { ...connector('wc', 'WalletConnect', 'WALLET_CONNECT'), connectors: [connector('wc', 'WalletConnect', 'WALLET_CONNECT'), sol('wc', 'WalletConnect', 'WALLET_CONNECT')] }
  const directory = [
    entry('d-evm', 'EVM Only', { chains: ['eip155:1'] }),
    entry('d-sol', 'Solana Only', { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
    entry('d-inj', 'Injected Solana', { injected: [{ namespace: 'solana', injected_id: 'x' }] }),
    entry('d-none', 'Says Nothing'),
  ]
  const names = (groups: ReturnType<typeof connectGroups>) => groups.flatMap((g) => g.items.map((i) => i.name))
  const parameters = { ...base, connectors: [walletConnect, evmOnly, phantom, both], directory, recommendedLimit: 9 }

  it('without a choice lists every namespace\'s wallets', () => {
    expect(names(connectGroups(parameters))).toEqual(['WalletConnect', 'Dev', 'MetaMask', 'Phantom', 'EVM Only', 'Solana Only', 'Injected Solana', 'Says Nothing'])
  })

  it('with Solana chosen lists only the connectors and directory wallets that serve Solana (a wallet that lists no chains is kept)', () => {
    expect(names(connectGroups({ ...parameters, namespace: 'solana' }))).toEqual(['WalletConnect', 'Dev', 'Phantom', 'Solana Only', 'Injected Solana', 'Says Nothing'])
    expect(names(connectGroups({ ...parameters, namespace: 'eip155' }))).toEqual(['WalletConnect', 'Dev', 'MetaMask', 'EVM Only', 'Says Nothing'])
    expect(names(connectGroups({ ...parameters, namespace: 'cosmos' }))).toEqual([]) // no connector serves it, so nothing can connect a directory wallet either
  })

  it('reads a directory wallet\'s namespaces from its CAIP-2 chains and injected entries, not from a prefix of another namespace', () => {
    expect(directoryWalletServes(entry('a', 'A', { chains: ['eip155:1', 'solana:x'] }), 'solana')).toBe(true)
    expect(directoryWalletServes(entry('b', 'B', { chains: ['eip1555:1'] }), 'eip155')).toBe(false)
    expect(directoryWalletServes(entry('c', 'C', { chains: [] }), 'eip155')).toBe(true)
  })
})

describe('the Connect view\'s rows while the directory loads', () => {
  const installed = connector('dev.portico.wallet', 'Portico Dev Wallet', 'ANNOUNCED', { rdns: 'dev.portico.wallet' })

  it('holds as many rows as the featured and recommended wallets to come, and fills them in place', () => {
    const pending = { featuredIds: ['f1'], recommended: true }
    const loading = connectGroups({ ...base, connectors: [installed], pending })
    const shape = (groups: ReturnType<typeof connectGroups>) => groups.map((g) => [g.id, g.items.length])
    expect(shape(loading)).toEqual([['injected', 1], ['featured', 1], ['recommended', 2]])
    expect(loading.filter((g) => g.id !== 'injected').flatMap((g) => g.items).every((i) => i.pending && i.name === '')).toBe(true)
    // The directory answers: the same rows, now wallets.
    const loaded = connectGroups({
      ...base,
      connectors: [installed],
      featured: [entry('f1', 'Featured One')],
      directory: [entry('d1', 'One'), entry('d2', 'Two'), entry('d3', 'Three')],
      pending: { featuredIds: [], recommended: false },
    })
    expect(shape(loaded)).toEqual(shape(loading))
    expect(loaded.flatMap((g) => g.items).some((i) => i.pending)).toBe(false)
  })

  it('holds no row for an excluded featured wallet, nor for recommended wallets it cannot offer', () => {
    const groups = connectGroups({ ...base, connectors: [installed], excludeWalletIds: ['f1'], pending: { featuredIds: ['f1', 'f2'], recommended: true } })
    expect(groups.map((g) => [g.id, g.items.length])).toEqual([['injected', 1], ['featured', 1], ['recommended', 2]])
    // Nothing to recommend with (no wallet at all): no pending rows either.
    expect(connectGroups({ ...base, connectors: [], pending: { featuredIds: [], recommended: true } })).toEqual([])
  })
})

describe('UI helpers', () => {
  it('shortens addresses as 0xf39F…2266', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(truncateAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe('7EcD…FLtV')
    expect(truncateAddress('0x1234')).toBe('0x1234')
  })

  it('keeps only image sources that cannot run anything', () => {
    expect(safeImageSrc('javascript:alert(1)')).toBeUndefined()
    expect(safeImageSrc('data:text/html,<script>')).toBeUndefined()
    expect(safeImageSrc('data:image/svg+xml,<svg/>')).toBe('data:image/svg+xml,<svg/>')
    expect(safeImageSrc('https://example.com/a.png')).toBe('https://example.com/a.png')
    expect(safeImageSrc(42)).toBeUndefined()
  })

  it('takes the component a view descriptor names, or a module\'s default; it guesses nothing from export names', () => {
    function MyView() {
      return null
    }
    expect(pickViewComponent(MyView)).toBe(MyView)
    expect(pickViewComponent({ default: MyView, helper: 1 })).toBe(MyView)
    expect(pickViewComponent({ MyView, helper: 1 })).toBeUndefined()
    expect(pickViewComponent({ View: MyView })).toBeUndefined()
    expect(pickViewComponent({ nothing: 1 })).toBeUndefined()
    expect(pickViewComponent(null)).toBeUndefined()
  })

  it('registers the UI views once; a plugin view with `override` wins in either order, without it a second owner is an error', () => {
    const views = new ViewRegistry()
    const pluginView = { id: 'WalletLinks', title: 'myplugin.title', owner: 'myplugin', load: async () => ({}), override: true }
    views.register(pluginView)
    const added = registerUiViews(views)
    expect(added).not.toContain('WalletLinks')
    expect(views.get('WalletLinks')?.owner).toBe('myplugin')
    const later = new ViewRegistry()
    registerUiViews(later)
    later.register(pluginView)
    expect(later.get('WalletLinks')?.owner).toBe('myplugin')
    later.register({ id: 'WalletLinks', title: 'view.x', owner: 'ui', load: async () => ({}) })
    expect(later.get('WalletLinks')?.owner).toBe('myplugin')
    expect(() => later.register({ id: 'Connect', title: 'other.title', owner: 'other', load: async () => ({}) })).toThrow('View "Connect" is already registered by "ui"')
    expect(registerUiViews(views)).toEqual([])
    expect(views.ids.sort()).toEqual(uiViews.map((v) => v.id).sort())
    for (const view of uiViews) expect(view.owner).toBe('ui')
  })
})

describe('choosing a wallet', () => {
  function fakePortico(connectors: WalletConnector[]) {
    const pushed: [string, unknown][] = []
    const portico = {
      stores: { networks: { activeNamespace: 'solana' }, wallets: { merged: connectors, connectors }, router: { push: (view: string, data?: unknown) => pushed.push([view, data]) } },
    } as unknown as Portico
    return { portico, pushed }
  }

  it('connects the active namespace\'s member of a merged wallet, and sends a connector that names its view there', () => {
    const evm = connector('p.evm', 'Phantom', 'ANNOUNCED')
    const sol = { ...connector('p.sol', 'Phantom', 'ANNOUNCED'), namespace: 'solana' }
    const { portico, pushed } = fakePortico([])
    selectConnector(portico, { ...evm, type: 'MULTI_CHAIN', connectors: [evm, sol] })
    selectConnector(portico, { ...connector('qr', 'Pair', 'WALLET_CONNECT'), view: 'PairingQr' })
    expect(pushed).toEqual([
      ['ConnectingExternal', { connector: sol }],
      ['PairingQr', { namespace: 'eip155' }],
    ])
  })

  it('connects an installed directory wallet directly, pairs the others through a connector that can, else shows their links', () => {
    const installed = connector('dev.portico.wallet', 'Portico Dev Wallet', 'ANNOUNCED', { rdns: 'dev.portico.wallet' })
    const { portico, pushed } = fakePortico([installed])
    selectDirectoryWallet(portico, entry('x1', 'Portico Dev', { rdns: 'dev.portico.wallet' }))
    selectDirectoryWallet(portico, entry('x2', 'Elsewhere', { homepage: 'https://example.com' }))
    const pairing = { ...connector('qr', 'Pair', 'WALLET_CONNECT'), view: 'PairingQr', connectsDirectoryWallets: true }
    const withPairing = fakePortico([installed, pairing])
    selectDirectoryWallet(withPairing.portico, entry('x2', 'Elsewhere', { homepage: 'https://example.com' }))
    expect(pushed).toEqual([
      ['ConnectingExternal', { connector: installed }],
      ['WalletLinks', { wallet: { id: 'x2', name: 'Elsewhere', homepage: 'https://example.com' } }],
    ])
    expect(withPairing.pushed).toEqual([['PairingQr', { wallet: { id: 'x2', name: 'Elsewhere', homepage: 'https://example.com' }, namespace: 'eip155' }]])
  })
})
