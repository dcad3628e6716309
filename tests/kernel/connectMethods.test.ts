import { describe, expect, it } from 'vitest'
import { ConnectMethodRegistry, InvalidConnectMethodError, sanitizeConnectionUser } from '../../kernel/kernel.js'
import { addressA, createTestPortico, evmA } from './helpers/testKit.js'

describe('connectMethods: the Connect view sections plugins add', () => {
  const load = async () => () => null

  it('holds one section per method (email, social) and names the owner of a second one', () => {
    const registry = new ConnectMethodRegistry()
    registry.register({ method: 'email', owner: 'auth', load })
    registry.register({ method: 'social', owner: 'auth', load })
    expect(registry.get('email')?.owner).toBe('auth')
    const error = (() => {
      try {
        registry.register({ method: 'email', owner: 'other', load })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(InvalidConnectMethodError)
    expect((error as InvalidConnectMethodError).metaMessages?.[0]).toContain('Plugin "auth" already offers it; plugin "other" cannot.')
    registry.remove('email')
    expect(registry.get('email')).toBeUndefined()
    expect(registry.get('social')?.owner).toBe('auth')
  })

  it("refuses 'wallet' (the UI's own), unknown methods, a missing owner or loader", () => {
    const registry = new ConnectMethodRegistry()
    for (const bad of [{ method: 'wallet', owner: 'x', load }, { method: 'phone', owner: 'x', load }, { method: 'email', owner: '', load }, { method: 'email', owner: 'x' }, null]) {
      expect(() => registry.register(bad as never)).toThrow(InvalidConnectMethodError)
    }
    expect(registry.sections.size).toBe(0)
  })

  it('is on every instance and in the plugin context', () => {
    const { portico } = createTestPortico()
    expect(portico.connectMethods).toBeInstanceOf(ConnectMethodRegistry)
  })
})

describe("a connection's user (spec §3 user and socialProvider)", () => {
  it('keeps string fields within limits, and drops a user without a provider', () => {
    expect(sanitizeConnectionUser({ provider: 'email', email: ' alice@example.com ', extra: 1 })).toEqual({ provider: 'email', email: 'alice@example.com' })
    expect(sanitizeConnectionUser({ provider: 'x', handle: '@alice', name: 7 })).toEqual({ provider: 'x', handle: '@alice' })
    expect(sanitizeConnectionUser({ email: 'a@b.co' })).toBeUndefined()
    expect(sanitizeConnectionUser({ provider: 'x'.repeat(61) })).toBeUndefined()
    expect(sanitizeConnectionUser('email')).toBeUndefined()
    expect(sanitizeConnectionUser({ provider: 'email', email: `${'a'.repeat(300)}@b.co` })).toEqual({ provider: 'email' })
  })

  it('is stored in the account store with the social provider, and cleared on disconnect', async () => {
    const { portico } = createTestPortico()
    await portico.ready()
    portico.hooks.connect.for('eip155').tapPromise({ name: 'social-wallet', stage: -1 }, async (request) =>
      request.connectorId === 'social' ? { connectorId: 'social', accounts: [{ address: addressA }], caipNetworkId: evmA.caipNetworkId, user: { provider: 'github', handle: '@alice', junk: true } as never } : undefined,
    )
    await portico.connect({ connectorId: 'social' })
    expect(portico.stores.accounts.get('eip155').user).toEqual({ provider: 'github', handle: '@alice' })
    expect(portico.stores.accounts.get('eip155').socialProvider).toBe('github')
    await portico.disconnect()
    expect(portico.stores.accounts.get('eip155').user).toBeUndefined()
  })

  it('a plain wallet carries no user, and an email login no socialProvider', async () => {
    const { portico } = createTestPortico()
    await portico.ready()
    portico.hooks.connect.for('eip155').tapPromise({ name: 'email-wallet', stage: -1 }, async (request) =>
      request.connectorId === 'mail' ? { connectorId: 'mail', accounts: [{ address: addressA }], caipNetworkId: evmA.caipNetworkId, user: { provider: 'email', email: 'a@b.co' } } : undefined,
    )
    await portico.connect({ connectorId: 'mail' })
    expect(portico.stores.accounts.get('eip155')).toMatchObject({ user: { provider: 'email', email: 'a@b.co' }, socialProvider: undefined })
    await portico.connect({ connectorId: 'eip155.wallet' })
    expect(portico.stores.accounts.get('eip155').user).toBeUndefined()
  })
})

describe("Account actions' shows()", () => {
  it('lists an action only while its shows(account) holds; a throw counts as false', () => {
    const { portico } = createTestPortico()
    let on = false
    portico.accountActions.register({ id: 'a', owner: 'p', label: 'p.a', view: 'A', shows: () => on })
    portico.accountActions.register({ id: 'b', owner: 'p', label: 'p.b', view: 'B', shows: () => { throw new Error('x') } })
    portico.accountActions.register({ id: 'c', owner: 'p', label: 'p.c', view: 'C' })
    const account = { namespace: 'eip155', caipNetworkId: evmA.caipNetworkId, address: addressA }
    expect(portico.accountActions.list('eip155', account).map((a) => a.id)).toEqual(['c'])
    on = true
    expect(portico.accountActions.list('eip155', account).map((a) => a.id)).toEqual(['a', 'c'])
    expect(() => portico.accountActions.register({ id: 'd', owner: 'p', label: 'p.d', view: 'D', shows: 'yes' as never })).toThrow(/"shows" must be a function/)
  })

  it("features.walletFeaturesOrder puts the wallet features in the site's order; other actions keep theirs", () => {
    const register = (portico: ReturnType<typeof createTestPortico>['portico']) => {
      // As the plugins do: Send (40), Swap (20), Buy (10), and a name row (50) that is no wallet feature.
      portico.accountActions.register({ id: 'send', owner: 'send', label: 'send.action', view: 'WalletSend', order: 40 })
      portico.accountActions.register({ id: 'swaps', owner: 'swap', label: 'swap.action', view: 'Swap', order: 20 })
      portico.accountActions.register({ id: 'onramp', owner: 'onramp', label: 'onramp.action', view: 'OnRamp', order: 10 })
      portico.accountActions.register({ id: 'registerName', owner: 'names', label: 'names.action', view: 'RegisterAccountName', order: 50 })
      return portico.accountActions.list('eip155').map((a) => a.id)
    }
    expect(register(createTestPortico().portico)).toEqual(['onramp', 'swaps', 'send', 'registerName'])
    expect(register(createTestPortico({ features: { walletFeaturesOrder: ['send', 'receive', 'swaps', 'onramp'] } }).portico)).toEqual(['send', 'swaps', 'onramp', 'registerName'])
    // A feature the site leaves out keeps its own place.
    expect(register(createTestPortico({ features: { walletFeaturesOrder: ['swaps'] } }).portico)).toEqual(['onramp', 'swaps', 'send', 'registerName'])
  })

  it('an action opens a view or runs a function, exactly one of them', async () => {
    const { portico } = createTestPortico()
    const ran: string[] = []
    portico.accountActions.register({ id: 'r', owner: 'p', label: 'p.r', run: async (account) => void ran.push(account.address) })
    const account = { namespace: 'eip155', caipNetworkId: evmA.caipNetworkId, address: addressA }
    const [action] = portico.accountActions.list('eip155', account)
    await action?.run?.(account)
    expect(ran).toEqual([addressA])
    expect(() => portico.accountActions.register({ id: 'both', owner: 'p', label: 'p.b', view: 'B', run: async () => {} })).toThrow(/a "view" or has a "run" function, not both/)
    expect(() => portico.accountActions.register({ id: 'neither', owner: 'p', label: 'p.n' })).toThrow(/"view" must be a non-empty string/)
    expect(() => portico.accountActions.register({ id: 'odd', owner: 'p', label: 'p.o', run: 'go' as never })).toThrow(/"view" must be a non-empty string/)
  })
})
