import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico } from '../../../kernel/kernel.js'
import { ConnectButton, directionOf, PorticoProvider, preloadLocale, resolveLocale, translate, useLocale, useTranslate } from '../../../ui/kit.js'
import ar from '../../../ui/locales/ar.js'
import ja from '../../../ui/locales/ja.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

function make(options: { locale?: string } = {}) {
  const { portico } = createTestPortico(options)
  instances.push(portico)
  return portico
}

describe('resolving a locale', () => {
  it('takes the exact tag, an alias, the same language elsewhere, in the order asked; English otherwise', () => {
    expect(resolveLocale('ar')).toBe('ar')
    expect(resolveLocale(['de-AT', 'en'])).toBe('de')
    expect(resolveLocale('zh-Hant-HK')).toBe('zh-TW')
    expect(resolveLocale('zh-HK')).toBe('zh-TW')
    expect(resolveLocale('zh')).toBe('zh-CN')
    expect(resolveLocale('zh-Hans-SG')).toBe('zh-CN')
    expect(resolveLocale('pt-PT')).toBe('pt-BR')
    expect(resolveLocale('iw')).toBe('he')
    expect(resolveLocale(['xx', 'sw', 'fr-CA'])).toBe('fr')
    expect(resolveLocale(['xx', 'en-GB', 'fr'])).toBe('en')
    expect(resolveLocale(undefined)).toBe('en')
  })

  it('skips malformed tags instead of failing', () => {
    expect(resolveLocale(['<script>', '', 'a'.repeat(50), 'ja'])).toBe('ja')
    expect(resolveLocale([5, null, 'ko-KR'] as unknown as string[])).toBe('ko')
    expect(resolveLocale('en_US!')).toBe('en')
  })

  it('keeps a site\'s own language when the site brings the strings', () => {
    expect(resolveLocale('sv-SE', { custom: true })).toBe('sv-SE')
    expect(resolveLocale('sv-SE')).toBe('en')
  })

  it('knows which languages run right to left', () => {
    expect(['ar', 'he', 'fa', 'ar-EG', 'ur'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl'])
    expect(['en', 'ja', 'tr', 'de'].map(directionOf)).toEqual(['ltr', 'ltr', 'ltr', 'ltr'])
  })

  it('refuses a malformed locale option with a clear error', () => {
    expect(() => make({ locale: 'not a tag!' })).toThrow(/locale/)
    expect(() => make({ locale: 'ar' })).not.toThrow()
  })
})

describe('translating', () => {
  it('picks the plural form the locale\'s rules ask for, numbers in its digits', () => {
    expect(translate({ locale: 'en' }, 'status.results', { count: 1 })).toBe('1 wallet found')
    expect(translate({ locale: 'en' }, 'status.results', { count: 1234 })).toBe('1,234 wallets found')
    expect(translate({ locale: 'de', overrides: { 'status.results#other': '{count} Wallets' } }, 'status.results', { count: 1234 })).toBe('1.234 Wallets')
    const forms = { 'n#zero': 'zero', 'n#one': 'one', 'n#two': 'two', 'n#few': 'few {count}', 'n#many': 'many {count}', 'n#other': 'other {count}' }
    const arabic = (count: number) => translate({ locale: 'ar', strings: forms }, 'n', { count })
    expect([0, 1, 2, 3, 11, 100].map(arabic)).toEqual(['zero', 'one', 'two', `few ${(3).toLocaleString('ar')}`, `many ${(11).toLocaleString('ar')}`, `other ${(100).toLocaleString('ar')}`])
    // A form the locale lacks falls back to its #other, never to English.
    expect(translate({ locale: 'ru', strings: { 'n#other': 'всего {count}' } }, 'n', { count: 1 })).toBe('всего 1')
  })

  it('every built-in locale words the connect button its own way and has Arabic\'s six plural forms', () => {
    expect(ar['button.connect']).not.toBe('Connect Wallet')
    expect(ja['button.connect']).not.toBe('Connect Wallet')
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(ar).toHaveProperty(`status.results#${form}`)
    expect(translate({ locale: 'ar', strings: ar }, 'status.results', { count: 3 })).toBe(ar['status.results#few']!.replace('{count}', (3).toLocaleString('ar')))
  })
})

describe('the provider\'s locale', () => {
  function Probe() {
    const t = useTranslate()
    const { locale, dir } = useLocale()
    return <p>{`${locale}|${dir}|${t('view.connect.title')}`}</p>
  }

  it('renders a preloaded locale from the first paint, mirrored for Arabic (server markup included)', async () => {
    const portico = make()
    expect(await preloadLocale(portico, 'ar-EG')).toBe('ar')
    const html = renderToString(
      <PorticoProvider portico={portico} locale="ar-EG">
        <Probe />
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(html).toContain(`<p>ar|rtl|${ar['view.connect.title']}</p>`)
    expect(html).toMatch(/<button[^>]*lang="ar"[^>]*dir="rtl"/)
    expect(html).toContain(ar['button.connect'])
  })

  it('shows English (not half a language) until a locale\'s strings are here; the locale option is the default', () => {
    const portico = make({ locale: 'ko' })
    const html = renderToString(<PorticoProvider portico={portico}><Probe /></PorticoProvider>)
    expect(html).toContain('<p>en|ltr|Connect Wallet</p>')
  })

  it('a site\'s strings win, and a language Portico does not ship keeps its tag for Intl', async () => {
    const portico = make()
    const html = renderToString(
      <PorticoProvider portico={portico} locale="sv" messages={{ 'view.connect.title': 'Anslut plånbok' }}>
        <Probe />
      </PorticoProvider>,
    )
    expect(html).toContain('<p>sv|ltr|Anslut plånbok</p>')
  })

  it('a plugin\'s other locales load only when asked for, then render in that locale; bad ones keep English', async () => {
    const calls: string[] = []
    const feature = {
      name: 'greeter', kind: 'feature' as const, version: '1.0.0', meta: { description: 'Says hello in its own words.' },
      messages: { 'greeter.hello': 'Hello, {name}', 'greeter.bye': 'Bye' },
      locales: {
        fr: async () => (calls.push('fr'), { 'greeter.hello': 'Bonjour, {name}' }),
        de: async () => (calls.push('de'), { 'view.connect.title': 'Gekapert' }),
        it: async () => {
          calls.push('it')
          throw new Error('offline')
        },
      },
      setup: () => undefined,
    }
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), feature] })
    instances.push(portico)
    expect(calls).toEqual([])
    function Greeter() {
      const t = useTranslate()
      return <p>{`${t('greeter.hello', { name: 'Ada' })}|${t('greeter.bye')}`}</p>
    }
    const render = (locale?: string) => renderToString(<PorticoProvider portico={portico} locale={locale}><Greeter /></PorticoProvider>)
    // Not loaded yet: English.
    expect(render('fr')).toContain('<p>Hello, Ada|Bye</p>')
    expect(await preloadLocale(portico, 'fr-CA')).toBe('fr')
    expect(await portico.messages.load('fr')).toEqual([])
    expect(calls).toEqual(['fr'])
    // A regional tag gets its language; a key the locale lacks stays English.
    expect(render('fr-CA')).toContain('<p>Bonjour, Ada|Bye</p>')
    expect(render()).toContain('<p>Hello, Ada|Bye</p>')
    // A locale whose strings break the prefix rule, or whose loader fails, is reported and keeps English.
    const [hijack] = await portico.messages.load('de')
    expect(hijack?.plugin).toBe('greeter')
    expect((hijack?.error as Error).message).toContain('Invalid messages of plugin "greeter"')
    await preloadLocale(portico, 'de')
    expect(render('de')).toContain('<p>Hello, Ada|Bye</p>')
    const [offline] = await portico.messages.load('it')
    expect((offline?.error as Error).message).toBe('offline')
  })

  it('a lazily imported locale map that is malformed is reported as that plugin\'s failure', async () => {
    const feature = {
      name: 'greeter', kind: 'feature' as const, version: '1.0.0', meta: { description: 'Says hello.' },
      messages: { 'greeter.hello': 'Hello' },
      locales: async () => ({ 'not a tag!': async () => ({}) }),
      setup: () => undefined,
    }
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), feature] })
    instances.push(portico)
    const [failure] = await portico.messages.load('ja')
    expect(failure?.plugin).toBe('greeter')
    expect((failure?.error as Error).message).toContain('Invalid messages of plugin "greeter"')
  })
})
