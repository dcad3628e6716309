import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { directionOf } from '../../../ui/i18n/resolveLocale.js'
import { englishUiStrings as en } from './helpers/englishStrings.js'
import { locales as uiLocales } from '../../../ui/locales/index.js'
import { supportedLocales } from '../../../ui/locales/supported.js'

const root = join(import.meta.dirname, '..', '..', '..')
type Strings = Readonly<Record<string, string>>

/** The `{name}` placeholders of a text. */
const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))

/** A message's base key (`status.results#one` → `status.results`). */
const base = (key: string) => key.split('#')[0]!

/**
 * What a locale's strings get wrong against English: a missing or extra key, a plural form its
 * language needs but lacks (or one it cannot use), a placeholder English has and it drops or one
 * English lacks, an empty text.
 */
function problems(locale: string, english: Strings, strings: Strings): string[] {
  const found: string[] = []
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[])
  const plural = new Set(Object.keys(english).filter((key) => key.includes('#')).map(base))
  const wanted = new Set<string>()
  for (const key of Object.keys(english)) if (!key.includes('#')) wanted.add(key)
  for (const key of plural) for (const category of categories) wanted.add(`${key}#${category}`)
  for (const key of wanted) if (!Object.hasOwn(strings, key)) found.push(`${locale}: missing "${key}"`)
  for (const [key, text] of Object.entries(strings)) {
    if (!wanted.has(key)) {
      found.push(`${locale}: "${key}" is not an English key${plural.has(base(key)) ? ` (plural forms of ${locale}: ${[...categories].join(', ')})` : ''}`)
      continue
    }
    if (typeof text !== 'string' || text.trim() === '') {
      found.push(`${locale}: "${key}" is empty`)
      continue
    }
    const source = english[key] ?? english[`${base(key)}#other`]!
    const mine = placeholders(text)
    const theirs = placeholders(source)
    for (const name of mine) if (!theirs.has(name)) found.push(`${locale}: "${key}" has {${name}}, which English does not`)
    // A plural form for exactly one thing may say "one" in words instead of {count}.
    for (const name of theirs) if (!mine.has(name) && !(name === 'count' && key.includes('#') && !key.endsWith('#other'))) found.push(`${locale}: "${key}" drops {${name}}`)
  }
  return found
}

/** Texts left in English: a locale may keep names and short technical words, not sentences. */
function untranslated(english: Strings, strings: Strings): string[] {
  return Object.entries(strings).filter(([key, text]) => text === english[key] && /\s\S+\s/.test(text)).map(([key]) => key)
}

const pluginsWithLocales = readdirSync(join(root, 'plugins')).filter((name) => {
  try {
    return readdirSync(join(root, 'plugins', name, 'locales')).length > 0
  } catch {
    return false
  }
})

describe('locales', () => {
  it('the locale indexes are generated from the files (scripts/build/syncLocales.mjs --check)', () => {
    expect(() => execFileSync(process.execPath, [join(root, 'scripts/build/syncLocales.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow()
  })

  it('ships at least 20 languages besides English, right-to-left ones among them', () => {
    expect(supportedLocales[0]).toBe('en')
    expect(supportedLocales.length).toBeGreaterThanOrEqual(21)
    expect(supportedLocales.filter((locale) => directionOf(locale) === 'rtl').length).toBeGreaterThanOrEqual(1)
    for (const locale of supportedLocales) expect(Intl.getCanonicalLocales(locale)[0]).toBe(locale)
  })

  it('every UI locale has every key and placeholder of English, the plural forms its language needs, and is translated', async () => {
    const found: string[] = []
    for (const locale of supportedLocales.slice(1)) {
      const strings = await uiLocales[locale]!()
      found.push(...problems(locale, en, strings))
      const left = untranslated(en, strings)
      if (left.length > 3) found.push(`${locale}: ${left.length} sentences left in English (${left.slice(0, 5).join(', ')})`)
    }
    expect(found).toEqual([])
  })

  it('every plugin with strings ships every UI locale, complete', async () => {
    expect(pluginsWithLocales.length).toBeGreaterThanOrEqual(8)
    const found: string[] = []
    for (const plugin of pluginsWithLocales) {
      const { messages } = (await import(`../../../plugins/${plugin}/messages.ts`)) as { messages: Strings }
      const { locales } = (await import(`../../../plugins/${plugin}/locales/index.ts`)) as { locales: Record<string, () => Promise<Strings>> }
      for (const locale of supportedLocales.slice(1)) {
        if (!locales[locale]) {
          found.push(`${plugin}: no ${locale}`)
          continue
        }
        const strings = await locales[locale]()
        found.push(...problems(locale, messages, strings).map((problem) => `${plugin} ${problem}`))
        const left = untranslated(messages, strings)
        if (left.length > 1) found.push(`${plugin} ${locale}: ${left.length} sentences left in English (${left.slice(0, 5).join(', ')})`)
      }
      for (const locale of Object.keys(locales)) if (!supportedLocales.includes(locale)) found.push(`${plugin}: ${locale} is not a UI locale`)
    }
    expect(found).toEqual([])
  })

  it('the English every locale translates includes each alert and notice the kernel raises', () => {
    expect(Object.keys(en).filter((key) => key.startsWith('alert.') && key !== 'alert.region').length).toBe(22)
    expect(en['alert.MULTI_WALLET_NOT_ENABLED.title']).toBe('Multi-Wallet Not Enabled')
  })

  it('the checker catches a missing key, a dropped placeholder, a missing plural form and an empty text', () => {
    const english = { a: 'Hello {name}', 'n#one': '{count} wallet', 'n#other': '{count} wallets' }
    expect(problems('ar', english, { a: 'مرحبا', 'n#other': '{count}', 'n#one': 'محفظة', x: 'y' })).toEqual([
      'ar: missing "n#few"',
      'ar: missing "n#many"',
      'ar: missing "n#two"',
      'ar: missing "n#zero"',
      'ar: "a" drops {name}',
      'ar: "x" is not an English key',
    ])
    expect(problems('ja', english, { a: '{name}さん', 'n#other': '{count} 個', 'n#one': '1' })).toEqual(['ja: "n#one" is not an English key (plural forms of ja: other)'])
    expect(problems('de', english, { a: ' ', 'n#one': '{count} Wallet {oops}', 'n#other': '{count} Wallets' })).toEqual(['de: "a" is empty', 'de: "n#one" has {oops}, which English does not'])
    expect(untranslated(english, { a: 'Hello {name}' })).toEqual([])
    expect(untranslated({ s: 'Connect a wallet now' }, { s: 'Connect a wallet now' })).toEqual(['s'])
  })
})
