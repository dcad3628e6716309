import { en } from '../locales/en.js'
import type { LocaleStrings } from './types.js'

export type TranslateParams = Record<string, string | number>

/** Where {@link translate} looks a key up, in order. */
export type TranslateSources = {
  locale: string
  /** The site's own strings. */
  overrides?: Readonly<Partial<Record<string, string>>> | undefined
  /** The UI's strings in the locale. */
  strings?: LocaleStrings | undefined
  /** The plugins' strings in the locale, else their English (`portico.messages.get`). */
  plugins?: ((key: string) => string | undefined) | undefined
}

const english = en as LocaleStrings
const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function cached<T>(cache: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let value = cache.get(locale)
  if (!value) {
    try {
      value = make(locale)
    } catch {
      value = make('en')
    }
    cache.set(locale, value)
  }
  return value
}

function lookup(sources: TranslateSources, key: string): string | undefined {
  return sources.overrides?.[key] ?? sources.strings?.[key] ?? sources.plugins?.(key) ?? english[key]
}

/**
 * A string in the locale: the site's strings, then the UI's strings in the locale, then the
 * plugins' (in the locale, else their English), then the UI's English; a key found nowhere is
 * returned as it is, so a missing string shows up visibly instead of as a blank. With a numeric
 * `count`, the plural form the locale's `Intl.PluralRules` picks (`key#one`, `key#few`, … then
 * `key#other`). `{name}` placeholders are filled from `params`, numbers in the locale's digits
 * (values are plain text: React escapes them when rendering).
 *
 * @param sources - the locale and its strings
 * @param key - e.g. `view.connect.title`
 * @param params - placeholder values
 * @returns the text
 * @example
 * translate({ locale: 'en' }, 'view.connectingExternal.waiting', { wallet: 'Rabby' }) // 'Continue in Rabby'
 * translate({ locale: 'en' }, 'status.results', { count: 1 }) // '1 wallet found'
 */
export function translate(sources: TranslateSources, key: string, params?: TranslateParams): string {
  let template: string | undefined
  const count = params?.count
  if (typeof count === 'number') {
    const category = cached(pluralRules, sources.locale, (locale) => new Intl.PluralRules(locale)).select(count)
    template = lookup(sources, `${key}#${category}`) ?? lookup(sources, `${key}#other`)
  }
  template ??= lookup(sources, key)
  if (typeof template !== 'string') return key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!Object.hasOwn(params, name)) return match
    const value = params[name]
    return typeof value === 'number' ? cached(numberFormats, sources.locale, (locale) => new Intl.NumberFormat(locale)).format(value) : String(value)
  })
}
