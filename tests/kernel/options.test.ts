import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  defaultFeatures,
  defaultRemoteFeatures,
  getConnectMethodsOrder,
  resolveRemoteFeatures,
} from '../../kernel/kernel.js'
import { loadProjectConfig } from '../../kernel/actions/loadProjectConfig.js'
import { createTestPortico } from './helpers/testKit.js'

describe('default features (spec §9)', () => {
  it('are the spec defaults', () => {
    expect(defaultFeatures).toMatchObject({ receive: true, send: true, analytics: true, allWallets: true, legalCheckbox: false, collapseWallets: false, pay: false })
    // Spec §9's smartSessions (off) is not an option here: Portico has none, and `true` is an UnsupportedOptionError.
    expect(defaultFeatures).not.toHaveProperty('smartSessions')
    expect(defaultFeatures.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(defaultFeatures.connectorTypeOrder).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
    expect(defaultRemoteFeatures).toMatchObject({ swaps: ['1inch'], onramp: ['meld'], email: true, activity: true, multiWallet: false, emailCapture: false })
    expect(defaultRemoteFeatures.socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('local options override defaults', () => {
    const { portico } = createTestPortico({ features: { send: false, analytics: false } })
    expect(portico.stores.options.features).toMatchObject({ send: false, analytics: false, receive: true })
  })
})

describe('remote features (appkit-behaviour §2.13)', () => {
  it('offline: local values or defaults, no warning', () => {
    const { features, warnings } = resolveRemoteFeatures({ local: { swaps: true, socials: ['google'], history: false, email: false }, remote: undefined })
    expect(features.swaps).toEqual(['1inch'])
    expect(features.socials).toEqual(['google'])
    expect(features.activity).toBe(false)
    expect(features.email).toBe(false)
    expect(features.onramp).toEqual(['meld'])
    expect(features.multiWallet).toBe(false)
    expect(warnings).toEqual([])
  })

  it('loaded: the configuration wins, a missing feature is off, config null keeps the local value', () => {
    const { features, warnings } = resolveRemoteFeatures({
      local: { swaps: false, history: false },
      remote: [
        { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x'] },
        { id: 'swap', isEnabled: true, config: ['1inch'] },
        { id: 'onramp', isEnabled: false, config: ['meld'] },
        { id: 'activity', isEnabled: true, config: null },
      ],
    })
    expect(features.email).toBe(true)
    expect(features.socials).toEqual(['google', 'x'])
    expect(features.swaps).toEqual(['1inch'])
    expect(features.onramp).toBe(false)
    expect(features.activity).toBe(false) // config null: the local `history: false` applies
    expect(features.multiWallet).toBe(false) // not listed
    expect(warnings).toEqual(['The project configuration sets "swaps"; the local option `features.swaps` is ignored.'])
  })

  it('ignores hostile entries and features.pay turns email and socials off', () => {
    const { features } = resolveRemoteFeatures({
      local: { pay: true },
      remote: [null as never, { id: '__proto__', isEnabled: true, config: ['x'] }, { id: 'social_login', isEnabled: true, config: ['email', 'google', 42 as never] }],
    })
    expect(features.email).toBe(false)
    expect(features.socials).toBe(false)
  })

  it('connect-method order: explicit wins; on a phone the wallets lead, elsewhere email and social come first (issue 52)', () => {
    expect(getConnectMethodsOrder({ features: {}, isMobile: true })).toEqual(['wallet', 'email', 'social'])
    expect(getConnectMethodsOrder({ features: {}, isMobile: false })).toEqual(['email', 'social', 'wallet'])
    expect(getConnectMethodsOrder({ features: { connectMethodsOrder: ['social', 'wallet'] }, isMobile: false })).toEqual(['social', 'wallet'])
    expect(getConnectMethodsOrder({ features: { connectMethodsOrder: ['email', 'wallet', 'social'] }, isMobile: true })).toEqual(['email', 'wallet', 'social'])
  })
})

describe('project configuration over HTTP', () => {
  let server: http.Server
  let base = ''
  const seen: string[] = []
  let mode: 'ok' | 'down' = 'ok'
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '')
      if (mode === 'down') {
        res.writeHead(500).end('{}')
        return
      }
      res.setHeader('content-type', 'application/json')
      if (req.url?.startsWith('/appkit/v1/config')) res.end(JSON.stringify({ features: [{ id: 'swap', isEnabled: true, config: ['uniswap'] }] }))
      else if (req.url?.startsWith('/getAnalyticsConfig')) res.end(JSON.stringify({ isAnalyticsEnabled: false }))
      else res.writeHead(404).end('{}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('nothing is requested before the visitor acts; on open the configuration loads and warns', async () => {
    seen.length = 0
    mode = 'ok'
    const { portico } = createTestPortico({ endpoints: { api: base }, features: { swaps: ['1inch'] } })
    await portico.ready()
    expect(seen).toEqual([])
    await portico.open()
    // The configuration and analytics answers arrive in either order: wait for both, never for a fixed time.
    await vi.waitFor(() => {
      expect(seen.some((url) => url.startsWith('/appkit/v1/config?') && url.includes('projectId=test') && url.includes('st=portico') && url.includes('sv=react-eip155-'))).toBe(true)
      expect(portico.stores.options.remoteSource).toBe('remote')
      expect(portico.stores.options.remoteFeatures.swaps).toEqual(['uniswap'])
      expect(portico.stores.alerts.current?.longMessage).toContain('features.swaps')
      expect(portico.stores.options.analyticsEnabled).toBe(false)
    }, { timeout: 5_000, interval: 20 })
  })

  it('a failing configuration endpoint leaves local options, no error shown', async () => {
    mode = 'down'
    const { portico } = createTestPortico({ endpoints: { api: base }, features: { swaps: false } })
    await portico.open()
    // The load open() started (one per instance): the failed request answered, the options decided.
    await loadProjectConfig(portico)
    expect(seen.some((url) => url.startsWith('/appkit/v1/config?'))).toBe(true)
    expect(portico.stores.options.remoteSource).toBe('local')
    expect(portico.stores.options.remoteFeatures.swaps).toBe(false)
    expect(portico.stores.alerts.shown).toEqual([])
  })
})
