import type { LocaleStrings } from './types.js'

const loaded = new Map<string, LocaleStrings>([['en', {}]])
const pending = new Map<string, Promise<LocaleStrings>>()

/**
 * The UI's strings in `locale` if already loaded (English needs none: it is built in).
 *
 * @example
 * loadedUiLocale('en') // {}
 */
export function loadedUiLocale(locale: string): LocaleStrings | undefined {
  return loaded.get(locale)
}

/**
 * Loads the UI's strings in a built-in locale (a lazy chunk, fetched once and shared). An unknown
 * locale resolves to no strings, so English shows.
 *
 * @example
 * const ar = await loadUiLocale('ar')
 */
export function loadUiLocale(locale: string): Promise<LocaleStrings> {
  const ready = loaded.get(locale)
  if (ready) return Promise.resolve(ready)
  let promise = pending.get(locale)
  if (!promise) {
    promise = import('../locales/index.js')
      .then(({ locales }) => (Object.hasOwn(locales, locale) ? locales[locale]!() : {}))
      .then((strings) => {
        loaded.set(locale, strings)
        return strings
      })
      .finally(() => pending.delete(locale))
    pending.set(locale, promise)
  }
  return promise
}
