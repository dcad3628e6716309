import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import type { DirectoryWallet } from '../../../kernel/kernel.js'
import { defineNetwork } from '../../../plugins/eip155/index.js'
import type { WcSession } from '../../../plugins/walletconnect/index.js'
import { WalletConnectStore } from '../../../plugins/walletconnect/store/WalletConnectStore.js'
import { buildProposalNamespaces } from '../../../plugins/walletconnect/utils/buildProposalNamespaces.js'
import { buildWalletLinks } from '../../../plugins/walletconnect/utils/buildWalletLinks.js'
import { readApprovedNamespace } from '../../../plugins/walletconnect/utils/readApprovedNamespace.js'
import { phoneLink } from '../../../plugins/walletconnect/utils/buildWalletLinks.js'
import { readChainEvent } from '../../../plugins/walletconnect/utils/readChainEvent.js'
import { readEventAccounts } from '../../../plugins/walletconnect/utils/readEventAccounts.js'
import { readSessionProperties } from '../../../plugins/walletconnect/utils/readSessionProperties.js'
import { loadQrEncoder, QrCode } from '../../../ui/kit.js'

const uri = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('buildWalletLinks: deep links only from https or the wallet’s own scheme', () => {
  const wallet = (links: Partial<DirectoryWallet>): DirectoryWallet => ({ id: 'w', name: 'W', ...links })

  it('builds desktop, mobile and web-app links with the encoded URI', () => {
    const links = buildWalletLinks(wallet({ desktop_link: 'wdesk://', mobile_link: 'https://w.example/app/', webapp_link: 'https://web.w.example' }), uri)
    expect(links).toEqual({
      desktop: `wdesk://wc?uri=${encodeURIComponent(uri)}`,
      mobile: `https://w.example/app/wc?uri=${encodeURIComponent(uri)}`,
      webapp: `https://web.w.example/wc?uri=${encodeURIComponent(uri)}`,
    })
  })

  it.each([
    ['javascript:', { mobile_link: 'javascript://alert(1)' }],
    ['javascript: without slashes', { desktop_link: 'javascript:alert(1)' }],
    ['data:', { mobile_link: 'data://text/html,<script>alert(1)</script>' }],
    ['malformed', { mobile_link: 'https://' }],
    ['plain http off loopback', { webapp_link: 'http://web.w.example' }],
    ['a scheme as web app', { webapp_link: 'wdesk://' }],
    ['not a string', { mobile_link: 42 as unknown as string }],
    ['a scheme as universal link', { link_mode: 'wdesk://' }],
    ['javascript: as universal link', { link_mode: 'javascript:alert(1)' }],
  ])('refuses %s', (_name, links) => {
    expect(buildWalletLinks(wallet(links), uri)).toEqual({})
  })

  it('on a phone opens the universal link (link_mode) first, else the mobile link', () => {
    const encoded = encodeURIComponent(uri)
    const both = buildWalletLinks(wallet({ link_mode: 'https://w.example/wc/link', mobile_link: 'wmobile://' }), uri)
    expect(both.universal).toBe(`https://w.example/wc/link/wc?uri=${encoded}`)
    expect(phoneLink(both)).toBe(`https://w.example/wc/link/wc?uri=${encoded}`)
    expect(phoneLink(buildWalletLinks(wallet({ mobile_link: 'wmobile://' }), uri))).toBe(`wmobile://wc?uri=${encoded}`)
    expect(phoneLink(buildWalletLinks(wallet({ link_mode: 'javascript:alert(1)', mobile_link: 'javascript://x' }), uri))).toBeUndefined()
    expect(phoneLink(buildWalletLinks(wallet({}), uri))).toBeUndefined()
  })

  it('offers nothing without a wc: URI', () => {
    expect(buildWalletLinks(wallet({ mobile_link: 'https://w.example' }), undefined)).toEqual({})
    expect(buildWalletLinks(wallet({ mobile_link: 'https://w.example' }), 'javascript:alert(1)')).toEqual({})
  })
})

describe('buildProposalNamespaces', () => {
  it('asks for every configured network of each declared namespace, and skips namespaces without networks', () => {
    const networks = [defineNetwork({ id: 31337, name: 'A', rpcUrls: ['http://127.0.0.1:1'] }), defineNetwork({ id: 31338, name: 'B', rpcUrls: ['http://127.0.0.1:2'] })]
    expect(
      buildProposalNamespaces(networks, { eip155: { methods: ['personal_sign', 'personal_sign'], events: ['chainChanged'] }, solana: { methods: ['solana_signMessage'], events: [] } }),
    ).toEqual({ eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: ['personal_sign'], events: ['chainChanged'] } })
  })
})

describe('readApprovedNamespace: what a (possibly hostile) session allows', () => {
  const session = (namespaces: Record<string, unknown>): WcSession => ({ topic: 't', expiry: 0, namespaces: namespaces as WcSession['namespaces'] })

  it('reads chains, accounts, methods and events, including chain-specific keys', () => {
    const approved = readApprovedNamespace(
      session({
        eip155: { chains: ['eip155:1'], accounts: [`eip155:1:${address}`], methods: ['personal_sign'], events: ['chainChanged'] },
        'eip155:10': { accounts: [`eip155:10:${address}`], methods: ['eth_sendTransaction'], events: [] },
        solana: { chains: ['solana:abc'], accounts: ['solana:abc:xyz'], methods: ['solana_signMessage'], events: [] },
      }),
      'eip155',
    )
    expect(approved.chains).toEqual(['eip155:1', 'eip155:10'])
    expect(approved.accounts).toEqual([
      { caipNetworkId: 'eip155:1', address },
      { caipNetworkId: 'eip155:10', address },
    ])
    expect(approved.methods).toEqual(['personal_sign', 'eth_sendTransaction'])
    // Methods are per chain: on eip155:1 only personal_sign.
    expect(readApprovedNamespace(session({ eip155: { chains: ['eip155:1'], accounts: [], methods: ['personal_sign'] }, 'eip155:10': { accounts: [`eip155:10:${address}`], methods: ['eth_sendTransaction'] } }), 'eip155', 'eip155:1').methods).toEqual(['personal_sign'])
  })

  it('drops malformed, foreign and oversized parts', () => {
    const approved = readApprovedNamespace(
      session({
        eip155: {
          chains: ['eip155:1', 'solana:1', 'nope', 7, 'eip155:' + 'x'.repeat(300)],
          accounts: ['eip155:1', 'eip155:2:0xabc', `solana:1:${address}`, null, ...Array.from({ length: 2_000 }, (_, i) => `eip155:1:0x${i}`)],
          methods: 'personal_sign',
          events: [{}],
        },
        'not-eip155': { chains: ['eip155:5'], accounts: [`eip155:5:${address}`], methods: ['x'], events: [] },
      }),
      'eip155',
    )
    expect(approved.chains).toEqual(['eip155:1'])
    expect(approved.accounts.length).toBeLessThanOrEqual(500)
    expect(approved.accounts.every((a) => a.caipNetworkId === 'eip155:1')).toBe(true)
    expect(approved.methods).toEqual([])
    expect(approved.events).toEqual([])
    expect(readApprovedNamespace(undefined, 'eip155')).toEqual({ chains: [], accounts: [], methods: [], events: [] })
    expect(readApprovedNamespace(session(null as never), 'eip155').chains).toEqual([])
  })
})

describe('event and answer readers', () => {
  it('reads chainChanged data in every shape a wallet sends, and nothing else', () => {
    const approved = ['eip155:31338', 'eip155:10'] as const
    expect(readChainEvent('eip155', 31338, approved)).toEqual({ chain: 'eip155:31338' })
    expect(readChainEvent('eip155', '0x7a6a', approved)).toEqual({ chain: 'eip155:31338' })
    expect(readChainEvent('eip155', '31338', approved)).toEqual({ chain: 'eip155:31338' })
    expect(readChainEvent('eip155', 'eip155:10', approved)).toEqual({ chain: 'eip155:10' })
    expect(readChainEvent('eip155', 'eip155:1', approved)).toEqual({ outside: 'eip155:1' })
    expect(readChainEvent('eip155', '0x1', approved)).toEqual({ outside: 'eip155:1' })
    expect(readChainEvent('eip155', 'solana:abc', approved)).toEqual({})
    expect(readChainEvent('eip155', { chainId: 1 }, approved)).toEqual({})
    expect(readChainEvent('eip155', -1, approved)).toEqual({})
    expect(readChainEvent('eip155', 'x'.repeat(1000), approved)).toEqual({})
    expect(readChainEvent('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toEqual({ chain: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    // A namespace whose references happen to look like hex keeps them as they are.
    expect(readChainEvent('zeta', '0xab', ['zeta:0xab'])).toEqual({ chain: 'zeta:0xab' })
  })

  it('reads accountsChanged as plain or CAIP-10 addresses of the namespace', () => {
    expect(readEventAccounts('eip155', [address, `eip155:1:${address}`, `solana:x:${address}`, 5, 'a:b'])).toEqual([address])
    expect(readEventAccounts('eip155', 'nope')).toEqual([])
    expect(readEventAccounts('eip155', Array.from({ length: 1_000 }, (_, i) => `0x${i}`)).length).toBe(100)
  })
})

describe('WalletConnectStore', () => {
  it('counts a pairing as expired 10 s early and cancels only a pending pairing', () => {
    let cancelled = 0
    const store = new WalletConnectStore(() => (cancelled += 1))
    expect(store.isExpired(0)).toBe(true)
    store.cancel()
    expect(cancelled).toBe(0)
    store.startLoading()
    store.setUri(uri, 240_000)
    expect(store.isExpired(229_999)).toBe(false)
    expect(store.isExpired(230_000)).toBe(true)
    store.cancel()
    expect(cancelled).toBe(1)
    store.setConnected({ name: 'W', url: '' })
    expect(store.uri).toBeUndefined()
    store.cancel()
    expect(cancelled).toBe(1)
  })

  it('its view-facing actions go through the plugin context (a toast, the redirect), never the kernel stores', () => {
    const calls: unknown[] = []
    const store = new WalletConnectStore(() => undefined, { showToast: (toast) => calls.push(['toast', toast]), replaceView: (view) => calls.push(['view', view]) })
    store.reportLinkCopied(true)
    store.reportLinkCopied(false)
    store.continueTo('Account')
    expect(calls).toEqual([
      ['toast', { variant: 'success', message: 'walletconnect.copied' }],
      ['toast', { variant: 'error', message: 'walletconnect.copyFailed' }],
      ['view', 'Account'],
    ])
  })
})

describe('QrCode', () => {
  it('renders the URI as SVG elements: one path of dark modules, no markup strings', async () => {
    await loadQrEncoder()
    const html = renderToStaticMarkup(createElement(QrCode, { value: uri, label: 'WalletConnect QR code' }))
    const { size, data } = encode(uri, { ecc: 'M', border: 2 })
    expect(html).toContain(`viewBox="0 0 ${size} ${size}"`)
    expect(html).toContain('aria-label="WalletConnect QR code"')
    expect(html).not.toMatch(/<canvas|<script|<foreignObject/)
    // Every dark module is painted exactly once: the runs add up to the encoder's count.
    const d = /<path[^>]* d="([^"]+)"/.exec(html)?.[1] ?? ''
    const painted = [...d.matchAll(/h(\d+)v1/g)].reduce((sum, m) => sum + Number(m[1]), 0)
    expect(painted).toBe(data.flat().filter(Boolean).length)
  })
})

describe('readSessionProperties: what a (possibly hostile) wallet added to the session', () => {
  it('keeps string properties such as bundler_name', () => {
    expect(readSessionProperties({ bundler_name: 'pimlico', capabilities: '{"atomic":true}' })).toEqual({ bundler_name: 'pimlico', capabilities: '{"atomic":true}' })
  })

  it('drops non-string values, oversized entries and control characters, and reads at most 32 entries', () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v']))
    expect(readSessionProperties({ a: { nested: 1 }, b: 7, c: 'x'.repeat(257), ['d'.repeat(300)]: 'y', e: 'ok\u0000\u001b' })).toEqual({ e: 'ok' })
    expect(Object.keys(readSessionProperties(many))).toHaveLength(32)
    for (const hostile of [null, 'bundler_name=x', ['a'], 42, undefined]) expect(readSessionProperties(hostile)).toEqual({})
  })
})
