import { runInAction } from 'mobx'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type Portico } from '../../kernel/kernel.js'
import { PorticoProvider } from '../../ui/kit.js'
import { formatConnectionUser } from '../../ui/utils/formatConnectionUser.js'
import { middleEllipsisEmail } from '../../ui/utils/middleEllipsisEmail.js'
import { AccountSummary } from '../../ui/components/AccountSummary/AccountSummary.js'
import { AccountView } from '../../ui/views/Account/AccountView.js'
import { ConnectView } from '../../ui/views/Connect/ConnectView.js'
import { shownConnectMethods } from '../../ui/views/Connect/shownConnectMethods.js'
import { registerUiViews } from '../../ui/views/registerUiViews.js'
import { getUiState } from '../../ui/state/getUiState.js'
import { prefetchModal, viewReady } from '../../ui/modal/prefetchModal.js'
import { loadView, sectionDescriptor } from '../../ui/modal/viewComponents.js'
import { addressA, createTestPortico, evmA, newWallet, solanaNet, testChain } from '../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

describe('shownConnectMethods: the Connect view in connect-method order', () => {
  const on = { email: true, socials: ['google'] as const }
  const all = () => true
  it('follows the order, showing email and social only when the remote feature is on and a plugin offers a section', () => {
    expect(shownConnectMethods({ order: ['email', 'social', 'wallet'], remoteFeatures: on, registered: all })).toEqual(['email', 'social', 'wallet'])
    expect(shownConnectMethods({ order: ['wallet', 'email', 'social'], remoteFeatures: on, registered: all })).toEqual(['wallet', 'email', 'social'])
    expect(shownConnectMethods({ order: ['email', 'social', 'wallet'], remoteFeatures: { email: false, socials: ['google'] }, registered: all })).toEqual(['social', 'wallet'])
    expect(shownConnectMethods({ order: ['email', 'social', 'wallet'], remoteFeatures: { email: true, socials: false }, registered: all })).toEqual(['email', 'wallet'])
    expect(shownConnectMethods({ order: ['email', 'social', 'wallet'], remoteFeatures: { email: true, socials: [] }, registered: all })).toEqual(['email', 'wallet'])
    expect(shownConnectMethods({ order: ['email', 'social', 'wallet'], remoteFeatures: on, registered: (m) => m === 'social' })).toEqual(['social', 'wallet'])
  })

  it('adds wallet when a site order leaves it out, and skips repeats and unknown entries', () => {
    expect(shownConnectMethods({ order: ['social', 'social', 'phone' as never], remoteFeatures: on, registered: all })).toEqual(['social', 'wallet'])
  })
})

describe('formatConnectionUser: what the Account view shows of an embedded wallet user', () => {
  it('cuts a long email at 30 characters with an ellipsis, shows a short one whole', () => {
    expect(formatConnectionUser({ provider: 'email', email: 'alice@example.com' })).toBe('alice@example.com')
    const long = 'alice.with.a.rather.long.address@example.com'
    expect(formatConnectionUser({ provider: 'email', email: long })).toBe(`${long.slice(0, 30)}…`)
    expect(formatConnectionUser({ provider: 'email', email: 'a'.repeat(30) })).toBe('a'.repeat(30))
  })

  it('shows the social handle, else its email or name; nothing for a plain wallet', () => {
    expect(formatConnectionUser({ provider: 'x', handle: '@alice', email: 'alice@example.com' })).toBe('@alice')
    expect(formatConnectionUser({ provider: 'google', email: 'alice@example.com' })).toBe('alice@example.com')
    expect(formatConnectionUser({ provider: 'discord', name: 'Alice' })).toBe('Alice')
    expect(formatConnectionUser(undefined)).toBeUndefined()
  })
})

type Sections = Partial<Record<'email' | 'social', () => Promise<unknown>>>

/** A connector plugin `name` that registers `sections` (each method's `load`), then runs `setup` for anything else it adds. */
function sectionsPlugin(name: string, sections: Sections, setup?: Parameters<typeof definePlugin>[0]['setup']) {
  return definePlugin({
    name,
    kind: 'connector',
    version: '1.0.0',
    meta: { description: `Connect sections for the test (${name}).` },
    setup(context) {
      for (const [method, load] of Object.entries(sections)) context.connectMethods.register({ method: method as keyof Sections, owner: name, load })
      return setup?.(context)
    },
  })
}

/** Email and social sections, and a wallet that logs in by email as `user`. */
const loginPlugin = (user: { provider: string; email?: string; handle?: string }) =>
  sectionsPlugin('login', { email: async () => () => <p>email section</p>, social: async () => () => <p>social section</p> }, (context) => {
    context.hooks.connect.for('eip155').tapPromise({ name: 'login', stage: -1 }, async (request) =>
      request.connectorId === 'login' ? { connectorId: 'login', accounts: [{ address: addressA }], caipNetworkId: evmA.caipNetworkId, user } : undefined,
    )
  })

function methodsIn(html: string): string[] {
  return [...html.matchAll(/data-method="([a-z]+)"/g)].map((m) => m[1] as string)
}

describe('the Connect view renders its methods in order', () => {
  it('email, social, wallet without an injected wallet; an explicit connectMethodsOrder wins', () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })] })
    instances.push(portico)
    registerUiViews(portico.views)
    const render = () => renderToString(<PorticoProvider portico={portico}><ConnectView /></PorticoProvider>)
    expect(methodsIn(render())).toEqual(['email', 'social', 'wallet'])

    const ordered = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })], features: { connectMethodsOrder: ['social', 'wallet', 'email'] } }).portico
    instances.push(ordered)
    expect(methodsIn(renderToString(<PorticoProvider portico={ordered}><ConnectView /></PorticoProvider>))).toEqual(['social', 'wallet', 'email'])
  })

  it('email first on a desktop even with an injected wallet (issue 52: above the fold), "or" between it and the wallets; the remote features turn sections off', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })], features: { socials: false } })
    instances.push(portico)
    await portico.discoverWallets('eip155')
    const html = renderToString(<PorticoProvider portico={portico}><ConnectView /></PorticoProvider>)
    expect(methodsIn(html)).toEqual(['email', 'wallet'])
    expect(html).toContain('Test Wallet')
    expect([...html.matchAll(/class="portico-connect__or">or</g)]).toHaveLength(1)
    expect(html.indexOf('email section')).toBeLessThan(html.indexOf('portico-connect__or'))
    expect(html.indexOf('portico-connect__or')).toBeLessThan(html.indexOf('Test Wallet'))

    const paying = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })], features: { pay: true } }).portico
    instances.push(paying)
    // features.pay turns email and socials off.
    expect(methodsIn(renderToString(<PorticoProvider portico={paying}><ConnectView /></PorticoProvider>))).toEqual(['wallet'])
  })

  it('on a phone the wallets lead even with no injected wallet (issue 52: wallet apps before email and social); a site order still wins', () => {
    const phone = createTestPortico({ isMobile: true, plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })] }).portico
    instances.push(phone)
    expect(methodsIn(renderToString(<PorticoProvider portico={phone}><ConnectView /></PorticoProvider>))).toEqual(['wallet', 'email', 'social'])
    const ordered = createTestPortico({ isMobile: true, plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })], features: { connectMethodsOrder: ['email', 'wallet', 'social'] } }).portico
    instances.push(ordered)
    expect(methodsIn(renderToString(<PorticoProvider portico={ordered}><ConnectView /></PorticoProvider>))).toEqual(['email', 'wallet', 'social'])
  })

  it('without any section plugin, only the wallets', () => {
    const { portico } = createTestPortico()
    instances.push(portico)
    expect(methodsIn(renderToString(<PorticoProvider portico={portico}><ConnectView /></PorticoProvider>))).toEqual(['wallet'])
  })
})

describe('the Connect view: the legal checkbox and collapsed wallets', () => {
  const legalUrls = { termsConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy' }
  const render = (portico: Portico) => renderToString(<PorticoProvider portico={portico}><ConnectView /></PorticoProvider>)
  const fieldsetDisabled = (html: string) => /<fieldset[^>]*class="portico-connect__methods"[^>]*disabled=""/.test(html)

  it('features.legalCheckbox: a checkbox with the links, every option disabled until the visitor ticks it', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })], features: { legalCheckbox: true }, ...legalUrls })
    instances.push(portico)
    await portico.discoverWallets('eip155')
    const before = render(portico)
    expect(before).toMatch(/<input type="checkbox"/)
    expect(before).toContain('I agree to the site’s')
    expect(before).toContain('href="https://example.com/terms"')
    expect(fieldsetDisabled(before)).toBe(true)
    // The plain footer line is replaced by the checkbox.
    expect(before).not.toContain('By connecting a wallet')
    getUiState(portico).setLegalAccepted(true)
    const after = render(portico)
    expect(fieldsetDisabled(after)).toBe(false)
    expect(after).toMatch(/<input type="checkbox" checked=""/)
  })

  it('legalCheckbox without terms or privacy URLs gates nothing; without the feature the footer stays a line', async () => {
    const bare = createTestPortico({ plugins: [testChain('eip155', newWallet())], features: { legalCheckbox: true } }).portico
    instances.push(bare)
    expect(fieldsetDisabled(render(bare))).toBe(false)
    expect(render(bare)).not.toContain('type="checkbox"')
    const plain = createTestPortico({ plugins: [testChain('eip155', newWallet())], ...legalUrls }).portico
    instances.push(plain)
    expect(render(plain)).toContain('By connecting a wallet')
    expect(fieldsetDisabled(render(plain))).toBe(false)
  })

  it('features.collapseWallets (or emailShowWallets: false with email shown) puts the wallets behind one button until opened', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })], features: { collapseWallets: true } })
    instances.push(portico)
    await portico.discoverWallets('eip155')
    const collapsed = render(portico)
    expect(collapsed).toContain('Continue with a wallet')
    expect(collapsed).not.toContain('Test Wallet')
    expect(methodsIn(collapsed)).toEqual(['email', 'social', 'wallet'])
    getUiState(portico).expandWallets()
    const open = render(portico)
    expect(open).not.toContain('Continue with a wallet')
    expect(open).toContain('Test Wallet')

    const noEmailWallets = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email' })], features: { emailShowWallets: false, socials: false } }).portico
    instances.push(noEmailWallets)
    expect(render(noEmailWallets)).toContain('Continue with a wallet')
    // With no email or social login shown there is nothing to collapse the wallets for.
    const walletsOnly = createTestPortico({ plugins: [testChain('eip155', newWallet())], features: { collapseWallets: true, emailShowWallets: false } }).portico
    instances.push(walletsOnly)
    expect(render(walletsOnly)).not.toContain('Continue with a wallet')
  })
})

describe("the Account view shows an embedded wallet's user", () => {
  it('the email cut at 30 characters when no name service named the account', async () => {
    const long = 'alice.with.a.rather.long.address@example.com'
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email', email: long })] })
    instances.push(portico)
    registerUiViews(portico.views)
    await portico.connect({ namespace: 'eip155', connectorId: 'login' })
    const html = renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>)
    expect(html).toContain(`${long.slice(0, 30)}…`)
    // The whole email only in the name's title (docs/design.md, "Truncation"), never as its text.
    expect(html).toContain(`title="${long}"`)
    expect(html.replace(`title="${long}"`, '')).not.toContain(long)
  })

  it('the social handle', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'x', handle: '@alice' })] })
    instances.push(portico)
    await portico.connect({ namespace: 'eip155', connectorId: 'login' })
    expect(renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>)).toContain('@alice')
  })
})

describe('prefetching the Connect view', () => {
  it("also loads the plugins' sections, once", async () => {
    const loads: string[] = []
    const plugin = sectionsPlugin('counted', { email: async () => (loads.push('email'), () => null), social: async () => (loads.push('social'), () => null) })
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), plugin] })
    instances.push(portico)
    registerUiViews(portico.views)
    prefetchModal(portico, 'Account')
    expect(loads).toEqual([])
    prefetchModal(portico, 'Connect')
    prefetchModal(portico, 'Connect')
    await new Promise((r) => setTimeout(r, 0))
    expect(loads).toEqual(['email', 'social'])
  })
  it("a section is ready only once the views of its plugin are (ConnectingSocial opens at its own height), and a view that fails to load does not hold it back", async () => {
    const events: string[] = []
    let releaseView: () => void = () => undefined
    const viewHere = new Promise<void>((resolve) => (releaseView = resolve))
    const plugin = sectionsPlugin('social-like', { social: async () => (events.push('section'), () => null) }, (context) => {
      context.hooks.registerViews.tap('social-like', (registry) => {
        registry.register({ id: 'SocialLikeWaiting', title: 'x', owner: 'social-like', load: () => viewHere.then(() => (events.push('view'), () => null)) })
        registry.register({ id: 'SocialLikeBroken', title: 'x', owner: 'social-like', load: () => Promise.reject(new Error('chunk failed')) })
      })
    })
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), plugin] })
    instances.push(portico)
    registerUiViews(portico.views)
    await portico.ready()
    expect(portico.views.get('SocialLikeWaiting')).toBeDefined()
    const section = portico.connectMethods.get('social')!
    let ready = false
    const loading = loadView(sectionDescriptor(section, portico.views)).then(() => (ready = true))
    await new Promise((r) => setTimeout(r, 0))
    // The section's code is here, the view it opens not yet: not ready.
    expect(events).toEqual(['section'])
    expect(ready).toBe(false)
    releaseView()
    await loading
    expect(events).toEqual(['section', 'view'])
    expect(ready).toBe(true)
  })
})

describe('opening the modal on Connect (viewReady)', () => {
  it('waits for the sections above the wallet list, so nothing moves under the pointer once it shows; a section that fails does not hold it back', async () => {
    let releaseEmail: () => void = () => undefined
    const emailHere = new Promise<void>((resolve) => (releaseEmail = resolve))
    // A slow email section and a broken social one.
    const plugin = sectionsPlugin('slow-email', { email: () => emailHere.then(() => () => null), social: () => Promise.reject(new Error('chunk failed')) })
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), plugin] })
    instances.push(portico)
    registerUiViews(portico.views)
    await portico.ready()
    let ready = false
    const opening = viewReady(portico, 'Connect').then(() => (ready = true))
    await loadView(portico.views.get('Connect')!)
    await new Promise((r) => setTimeout(r, 0))
    // Connect's own chunk is here, the email section not yet: the modal does not show.
    expect(ready).toBe(false)
    releaseEmail()
    await opening
    expect(ready).toBe(true)
    // Another view waits for its own chunk only.
    await expect(viewReady(portico, 'Account')).resolves.toBeUndefined()
  })
})

describe("the page's account button shows an embedded wallet's email", () => {
  it('cut in the middle to 20 characters, the domain kept whole, the whole email in the title', async () => {
    const long = 'alice.with.a.rather.long.address@example.com'
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), loginPlugin({ provider: 'email', email: long })] })
    instances.push(portico)
    await portico.connect({ namespace: 'eip155', connectorId: 'login' })
    const html = renderToString(<PorticoProvider portico={portico}><AccountSummary namespace="eip155" /></PorticoProvider>)
    expect(html).toContain('<span aria-hidden="true">alice.w…@example.com</span>')
    expect(html).toContain(`title="${long} · `)
    // The button's accessible name is the whole email: the cut one is hidden from screen readers,
    // the whole one hidden from the eye by the page buttons' own stylesheet.
    expect(html).toContain(`<span class="portico-page-button__spoken">${long}</span>`)
  })

  it('middleEllipsisEmail: short ones whole, the domain kept, a too-long domain cut at the end, characters never split', () => {
    expect(middleEllipsisEmail('bob@example.com', 20)).toBe('bob@example.com')
    expect(middleEllipsisEmail('alice.with.a.rather.long.address@example.com', 20)).toBe('alice.w…@example.com')
    expect([...middleEllipsisEmail('alice.with.a.rather.long.address@example.com', 20)]).toHaveLength(20)
    expect(middleEllipsisEmail('al@a-very-long-company-domain.example', 20)).toBe('al@a-very-long-comp…')
    expect(middleEllipsisEmail('😀😀😀😀😀😀😀😀😀😀@example.com', 16)).toBe('😀😀😀…@example.com')
  })
})

describe('the Connect view for a chosen namespace (issue 52)', () => {
  const render = (portico: Portico) => renderToString(<PorticoProvider portico={portico}><ConnectView /></PorticoProvider>)
  /** Wallet rows' names, in order. */
  const walletNames = (html: string) => [...html.matchAll(/class="portico-wallet-button__name"[^>]*>([^<]+)</g)].map((m) => m[1] as string)
  /** One extension of each namespace besides the test chains' shared "Test Wallet" (one row, both namespaces). */
  const oneEach = definePlugin({
    name: 'one-each',
    kind: 'connector',
    version: '1.0.0',
    meta: { description: 'One wallet per namespace.' },
    setup(context) {
      context.hooks.discoverWallets.for('eip155').tapPromise('one-each', async (c) => c.add({ id: 'evm-only', name: 'Evm Only', namespace: 'eip155', type: 'ANNOUNCED' }))
      context.hooks.discoverWallets.for('solana').tapPromise('one-each', async (c) => c.add({ id: 'sol-only', name: 'Sol Only', namespace: 'solana', type: 'ANNOUNCED' }))
    },
  })

  it('lists only that namespace\'s wallets under "Wallets for <chain>", with "Show all wallets" back to every namespace', async () => {
    const solanaWallet = newWallet({ accounts: ['So1anaAddress11111111111111111111111111111'], chain: 'solana:localnet' })
    const { portico } = createTestPortico({ networks: [evmA, solanaNet], plugins: [testChain('eip155', newWallet()), testChain('solana', solanaWallet), oneEach, loginPlugin({ provider: 'email' })] })
    instances.push(portico)
    await Promise.all([portico.discoverWallets('eip155'), portico.discoverWallets('solana')])
    const all = render(portico)
    expect(all).not.toContain('Show all wallets')
    expect(walletNames(all)).toEqual(['Test Wallet', 'Evm Only', 'Sol Only'])
    expect(methodsIn(all)).toEqual(['email', 'social', 'wallet'])

    runInAction(() => portico.stores.networks.chooseNamespace('solana'))
    const solana = render(portico)
    expect(solana).toContain(`Wallets for ${solanaNet.name}`)
    expect(solana).toContain('Show all wallets')
    // The two-namespace wallet stays (with its chips), the EVM-only one goes.
    expect(walletNames(solana)).toEqual(['Test Wallet', 'Sol Only'])
    // The email and social logins of a plugin with no AUTH wallet for Solana are not offered there.
    expect(methodsIn(solana)).toEqual(['wallet'])

    // "Show all wallets" clears the choice.
    runInAction(() => portico.stores.networks.chooseNamespace(undefined))
    expect(walletNames(render(portico))).toEqual(walletNames(all))
  })
})
