import '../helpers/sendLoaded.js'
import '../helpers/siwxLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { createPortico, readRestoreHint, type Portico, type PorticoHandle, type RestoreHint } from '../../kernel/kernel.js'
import { createHarnessWallet, harnessChain } from '../e2e/ui/harness/harnessPlugin.js'
import { devnetA, devnetB } from '../e2e/ui/harness/networks.js'
import { AccountButton, ConnectButton, NetworkButton, PorticoProvider, translate, usePorticoState, useTranslate } from '../../ui/kit.js'
import { createHarnessPortico } from '../e2e/ui/harness/createHarnessPortico.js'
import { createTestPortico, newWallet, testChain } from '../kernel/helpers/testKit.js'
import { siwx } from '../../plugins/siwx/index.js'
import { accountActionOrder, definePlugin, InvalidAccountActionError, InvalidAccountBadgeError } from '../../kernel/kernel.js'
import { observable, runInAction } from 'mobx'
import { AccountView } from '../../ui/views/Account/AccountView.js'
import { registerUiViews } from '../../ui/views/registerUiViews.js'
import { send } from '../../plugins/send/send.js'

const instances: (Portico | PorticoHandle)[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) }
}

function make(storage: ReturnType<typeof memoryStorage> | null = null) {
  const { portico } = createHarnessPortico({ api: 'http://127.0.0.1:9', storage })
  instances.push(portico)
  return portico
}

function createPorticoWithHint(restoreHint: RestoreHint) {
  const portico = createPortico({
    projectId: 'harness',
    networks: [devnetA, devnetB],
    plugins: [harnessChain(createHarnessWallet())],
    endpoints: { api: 'http://127.0.0.1:9' },
    storage: null,
    restoreHint,
  })
  instances.push(portico)
  return portico
}

function page(portico: Portico | PorticoHandle, messages?: Record<string, string>) {
  return renderToString(
    <PorticoProvider portico={portico} messages={messages}>
      <NetworkButton />
      <AccountButton />
      <ConnectButton />
    </PorticoProvider>,
  )
}

describe('server rendering (react-dom/server, no DOM)', () => {
  it('renders the page buttons without throwing, with no inline style and no <style>', () => {
    const html = page(make())
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('Portico Devnet A')
    expect(html).not.toMatch(/\sstyle=/i)
    expect(html).not.toMatch(/<style/i)
    expect(html).toContain('data-portico-theme="light"')
    // The modal is client-only: nothing of it on the server.
    expect(html).not.toContain('role="dialog"')
  })

  it('renders the state before anything stored is restored, so the client hydrates the same markup', () => {
    const returning = memoryStorage({
      '@portico/connections': JSON.stringify({ eip155: { connectorId: 'dev.portico.wallet' } }),
      '@portico/active_network_id': JSON.stringify('eip155:31338'),
    })
    const portico = make(returning)
    // The instance itself is already restoring and on the stored network…
    expect(portico.getState().connections.eip155?.status).toBe('connecting')
    expect(portico.getState().activeNetworkId).toBe('eip155:31338')
    // …but what it renders is what a server without the visitor's storage renders.
    expect(page(portico)).toBe(page(make()))
  })

  it('renders a returning visitor\'s buttons as restoring when given the cookie\'s hint, and "Connect Wallet" without it', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const hint = readRestoreHint('sid=1; portico.restore=eip155=dev.portico.wallet')
    expect(hint).toBeDefined()
    const portico = make()
    const withHint = renderToString(
      <PorticoProvider portico={portico} restoreHint={hint}>
        <NetworkButton />
        <AccountButton />
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(withHint).toContain('Connecting…')
    expect(withHint).toContain('data-status="connecting"')
    expect(withHint).toContain('aria-busy="true"')
    expect(withHint).not.toContain('Connect Wallet')
    // Same markup through the option, and the provider's hint wins over it.
    const optioned = createPorticoWithHint(hint!)
    expect(page(optioned)).toBe(withHint)
    const overridden = renderToString(<PorticoProvider portico={optioned} restoreHint={{ connections: {} }}><ConnectButton /></PorticoProvider>)
    expect(overridden).toContain('Connect Wallet')
    // A garbage cookie, no cookie, or a hint for a namespace the site does not serve: "Connect Wallet".
    for (const header of ['portico.restore=%%%', undefined, 'portico.restore=solana=phantom']) {
      const html = renderToString(
        <PorticoProvider portico={portico} restoreHint={readRestoreHint(header)}>
          <ConnectButton />
        </PorticoProvider>,
      )
      expect(html).toContain('Connect Wallet')
      expect(html).not.toContain('Connecting…')
    }
    // The hint shapes the server snapshot of the hooks too.
    function Status() {
      return <p>{usePorticoState().connections.eip155?.status}</p>
    }
    expect(renderToString(<PorticoProvider portico={portico} restoreHint={hint}><Status /></PorticoProvider>)).toContain('<p>connecting</p>')
    expect(renderToString(<PorticoProvider portico={portico}><Status /></PorticoProvider>)).toContain('<p>disconnected</p>')
  })

  it('with restoreCookie: { account: true }, renders the returning visitor\'s account (busy, no balance) on the server and in the hooks; off, "Connecting…" as before', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const hint = readRestoreHint(`sid=1; portico.restore=eip155=dev.portico.wallet:${encodeURIComponent(`eip155:31338:${address}`)}`)
    expect(hint?.connections.eip155?.caipAddress).toBe(`eip155:31338:${address}`)
    const { portico } = createHarnessPortico({ api: 'http://127.0.0.1:9', storage: null, restoreCookie: { account: true } })
    instances.push(portico)
    const html = renderToString(
      <PorticoProvider portico={portico} restoreHint={hint}>
        <NetworkButton />
        <AccountButton />
        <ConnectButton />
      </PorticoProvider>,
    )
    // Both account buttons show the short address, busy, with a spinner and no balance (none is known).
    const connect = /<button[^>]*portico-page-button--connect[^>]*>([\s\S]*?)<\/button>/.exec(html)
    const account = /<button[^>]*portico-page-button--account[^>]*>([\s\S]*?)<\/button>/.exec(html)
    for (const button of [connect, account]) {
      expect(button?.[0]).toContain('aria-busy="true"')
      expect(button?.[1]).toContain('portico-spinner')
      expect(button?.[1]).toContain('<span class="portico-page-button__address">0xf39F…2266</span>')
    }
    expect(html).not.toContain('portico-page-button__balance')
    expect(html).not.toContain('Connecting…')
    expect(html).not.toContain('Connect Wallet')
    // The account's network is the one the page starts on.
    expect(html).toContain('Portico Devnet B')
    function Account() {
      const state = usePorticoState()
      return <p>{`${state.connections.eip155?.status} ${state.connections.eip155?.address}`}</p>
    }
    expect(renderToString(<PorticoProvider portico={portico} restoreHint={hint}><Account /></PorticoProvider>)).toContain(`<p>connecting ${address}</p>`)

    // The same cookie for a site without the option: "Connecting…", no address, no account button, the default network.
    const plain = page(createPorticoWithHint(hint!))
    expect(plain).toContain('Connecting…')
    expect(plain).not.toContain('0xf39F')
    expect(plain).not.toContain('portico-page-button--account')
    expect(plain).toContain('Portico Devnet A')
    // A hostile account in the cookie: the hint is dropped, "Connect Wallet".
    const hostile = readRestoreHint(`portico.restore=eip155=dev.portico.wallet:${encodeURIComponent('eip155:31338:0xSendYourFundsHere')}`)
    expect(hostile).toBeUndefined()
    const dropped = renderToString(<PorticoProvider portico={portico} restoreHint={hostile}><AccountButton /><ConnectButton /></PorticoProvider>)
    expect(dropped).toContain('Connect Wallet')
    expect(dropped).not.toContain('portico-page-button--account')
  })

  it('uses the dark theme when asked', () => {
    const { portico } = createHarnessPortico({ api: 'http://127.0.0.1:9', storage: null, theme: 'dark' })
    instances.push(portico)
    expect(page(portico)).toContain('data-portico-theme="dark"')
  })
})

describe('locale strings', () => {
  it('falls back to English, then to the key itself, never to a blank', () => {
    expect(translate({ locale: 'en' }, 'button.connect')).toBe('Connect Wallet')
    expect(translate({ locale: 'de', overrides: { 'button.connect': 'Wallet verbinden' } }, 'button.connect')).toBe('Wallet verbinden')
    expect(translate({ locale: 'en' }, 'myplugin.view.title')).toBe('myplugin.view.title')
    expect(translate({ locale: 'en' }, 'view.connectingExternal.waiting', { wallet: '<b>X</b>' })).toBe('Continue in <b>X</b>')
    expect(translate({ locale: 'en' }, 'view.connectingExternal.waiting')).toBe('Continue in {wallet}')
  })

  it('renders a missing key visibly and a provider locale through the components', () => {
    function Probe() {
      const t = useTranslate()
      return <p>{t('myplugin.missing')}</p>
    }
    const portico = make()
    const html = renderToString(
      <PorticoProvider portico={portico} messages={{ 'button.connect': 'Wallet verbinden' }}>
        <Probe />
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(html).toContain('<p>myplugin.missing</p>')
    expect(html).toContain('Wallet verbinden')
    expect(html).not.toContain('Connect Wallet')
  })

  it('a plugin\'s messages are its English defaults under its name; a site translates them by key; the kernel raises keys', () => {
    const feature = {
      name: 'greeter', kind: 'feature' as const, version: '1.0.0', meta: { description: 'Says hello in its own words.' },
      messages: { 'greeter.hello': 'Hello, {name}', 'greeter.bye': 'Bye' },
      setup: () => undefined,
    }
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), feature] })
    instances.push(portico)
    expect(portico.messages.get('greeter.hello')).toBe('Hello, {name}')
    function Probe() {
      const t = useTranslate()
      return <p>{`${t('greeter.hello', { name: 'Ada' })}|${t('greeter.bye')}|${t('toast.transactionStarted')}`}</p>
    }
    const render = (messages?: Record<string, string>) => renderToString(<PorticoProvider portico={portico} messages={messages}><Probe /></PorticoProvider>)
    expect(render()).toContain('<p>Hello, Ada|Bye|Transaction started</p>')
    expect(render({ 'greeter.bye': 'Tschüss' })).toContain('<p>Hello, Ada|Tschüss|Transaction started</p>')
  })

  it('refuses plugin messages outside the plugin\'s prefix or that are not text', () => {
    const withMessages = (messages: unknown) => () =>
      createTestPortico({ plugins: [testChain('eip155', newWallet()), { name: 'greeter', kind: 'feature', version: '1.0.0', meta: { description: 'Says hello in its own words.' }, messages: messages as Record<string, string>, setup: () => undefined }] })
    expect(withMessages({ 'view.connect.title': 'Hijacked' })).toThrow('Plugin "greeter" failed to set up')
    expect(withMessages({ 'greeter.x': 5 })).toThrow('Plugin "greeter" failed to set up')
    expect(withMessages({ 'greeter.ok': 'fine' })).not.toThrow()
  })

  it('refuses malformed locales of a plugin', () => {
    const withLocales = (locales: unknown) => () =>
      createTestPortico({ plugins: [testChain('eip155', newWallet()), { name: 'greeter', kind: 'feature', version: '1.0.0', meta: { description: 'Says hello in its own words.' }, locales: locales as never, setup: () => undefined }] })
    expect(withLocales({ 'fr"><script>': async () => ({}) })).toThrow('Plugin "greeter" failed to set up')
    expect(withLocales({ fr: { 'greeter.x': 'eager' } })).toThrow('Plugin "greeter" failed to set up')
    expect(withLocales({ fr: async () => ({}) })).not.toThrow()
  })

  it('siwx ships French, loaded on demand', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), siwx()] })
    instances.push(portico)
    expect(portico.messages.get('siwx.sign', 'fr')).toBe('Sign')
    expect(await portico.messages.load('fr')).toEqual([])
    expect(portico.messages.get('siwx.sign', 'fr')).toBe('Signer')
    expect(portico.messages.get('siwx.sign')).toBe('Sign')
  })

  it('the Account view lists plugins\' actions around Send in the spec\'s order, only for their namespaces and registered views', async () => {
    const feature = definePlugin({
      name: 'shop', kind: 'feature', version: '1.0.0', meta: { description: 'Buys and swaps for the test.' },
      messages: { 'shop.buy': 'Buy', 'shop.swap': 'Swap', 'shop.elsewhere': 'Elsewhere', 'shop.nowhere': 'Nowhere', 'shop.club': 'Join the club', 'shop.refresh': 'Refresh the club' },
      setup(context) {
        context.hooks.registerViews.tap('shop', (views) => {
          views.register({ id: 'ShopBuy' as never, title: 'shop.buy', owner: 'shop', load: async () => () => null })
          views.register({ id: 'ShopSwap' as never, title: 'shop.swap', owner: 'shop', load: async () => () => null })
        })
        context.accountActions.register({ id: 'swaps', owner: 'shop', label: 'shop.swap', view: 'ShopSwap' as never, icon: 'swap', order: accountActionOrder.swaps })
        context.accountActions.register({ id: 'onramp', owner: 'shop', label: 'shop.buy', view: 'ShopBuy' as never, icon: 'not-an-icon', order: accountActionOrder.onramp })
        context.accountActions.register({ id: 'elsewhere', owner: 'shop', label: 'shop.elsewhere', view: 'ShopBuy' as never, namespaces: ['solana'] })
        context.accountActions.register({ id: 'nowhere', owner: 'shop', label: 'shop.nowhere', view: 'NoSuchView' as never })
        context.accountActions.register({ id: 'club', owner: 'shop', label: 'shop.club', view: 'ShopBuy' as never, icon: 'person', order: 50, placement: 'row' })
        context.accountActions.register({ id: 'refresh', owner: 'shop', label: 'shop.refresh', order: 60, placement: 'row', run: async () => {} })
      },
    })
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), feature, send()] })
    instances.push(portico)
    registerUiViews(portico.views)
    await portico.connect({ namespace: 'eip155', connectorId: 'test' })
    const html = renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>)
    const labels = [...html.matchAll(/<button[^>]*>(?:<svg(?:(?!<\/button>)[\s\S])*?<\/svg>)?([^<]*)<\/button>/g)].map((m) => m[1]).filter((l) => ['Buy', 'Swap', 'Send', 'Elsewhere', 'Nowhere'].includes(l ?? ''))
    expect(labels).toEqual(['Buy', 'Swap', 'Send'])
    // A `row` action is not among the buttons but a row of its own after the network row.
    const actionRow = /<div class="portico-account__actions[^"]*">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? ''
    expect(actionRow).toContain('Swap')
    expect(actionRow).not.toContain('Join the club')
    expect(html).toMatch(/<button type="button" class="portico-account__row">(?:(?!<\/button>)[\s\S])*<span class="portico-account__row-label">Join the club<\/span>/)
    expect(html.indexOf('Join the club')).toBeGreaterThan(html.indexOf('portico-account__row'))
    // An action that runs in place (no view) is a row too, without the chevron of a row that opens a view.
    expect(html).toMatch(/<button type="button" class="portico-account__row"><span class="portico-account__row-label">Refresh the club<\/span><\/button>/)
    expect(() => portico.accountActions.register({ id: 'odd', owner: 'other', label: 'x.y', view: 'Account', placement: 'aside' as never })).toThrow('"placement" must be "button" or "row"')
    // A second action under a taken id, or a malformed one, is refused.
    expect(() => portico.accountActions.register({ id: 'swaps', owner: 'other', label: 'x.y', view: 'Account' })).toThrow(InvalidAccountActionError)
    expect(() => portico.accountActions.register({ id: '', owner: 'other', label: 'x.y', view: 'Account' })).toThrow('"id" must be a non-empty string')
  })

  it('the Account view shows plugins\' status badges while they hold, only for their namespaces; a throwing one is left out', async () => {
    const state = observable({ signed: new Set<string>() })
    const feature = definePlugin({
      name: 'club', kind: 'feature', version: '1.0.0', meta: { description: 'Member badges for the test.' },
      messages: { 'club.member': 'Member', 'club.elsewhere': 'Elsewhere', 'club.broken': 'Broken' },
      setup(context) {
        context.accountBadges.register({ id: 'member', owner: 'club', label: 'club.member', icon: 'check', shows: (account) => state.signed.has(account.address) })
        context.accountBadges.register({ id: 'elsewhere', owner: 'club', label: 'club.elsewhere', namespaces: ['solana'], shows: () => true })
        context.accountBadges.register({
          id: 'broken', owner: 'club', label: 'club.broken', shows: () => {
            throw new Error('broken badge')
          },
        })
      },
    })
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), feature] })
    instances.push(portico)
    registerUiViews(portico.views)
    await portico.connect({ namespace: 'eip155', connectorId: 'test' })
    const render = () => renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>)
    const badges = (html: string) => [...html.matchAll(/<li class="portico-account__badge">(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/li>/g)].map((m) => m[1])
    expect(badges(render())).toEqual([])
    runInAction(() => state.signed.add(portico.stores.connections.address('eip155')!))
    expect(badges(render())).toEqual(['Member'])
    // A second badge under a taken id, or one without `shows`, is refused.
    expect(() => portico.accountBadges.register({ id: 'member', owner: 'other', label: 'x.y', shows: () => true })).toThrow(InvalidAccountBadgeError)
    expect(() => portico.accountBadges.register({ id: 'x', owner: 'other', label: 'x.y' } as never)).toThrow('"shows" must be a function')
  })
})
