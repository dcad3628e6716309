import { supportedLocales } from '../locales/supported.js'
import type { TextDirection } from './types.js'

/** Tags that name a built-in locale under another spelling (script, region or an old code). */
const aliases: Readonly<Record<string, string>> = {
  zh: 'zh-CN',
  'zh-Hans': 'zh-CN',
  'zh-SG': 'zh-CN',
  'zh-Hant': 'zh-TW',
  'zh-HK': 'zh-TW',
  'zh-MO': 'zh-TW',
  pt: 'pt-BR',
  iw: 'he',
  in: 'id',
}

/** Languages written right to left. */
const rightToLeft = new Set(['ar', 'fa', 'he', 'iw', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb'])

function canonical(tag: unknown): string | undefined {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 35) return undefined
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/**
 * The built-in locale closest to what a site or browser asks for: the exact tag, then a known
 * alias (`zh-Hant` → `zh-TW`, `pt` → `pt-BR`), then the same language in another region (`de-AT`
 * → `de`), trying each requested tag in order; English when nothing matches. A malformed tag is
 * skipped. With `custom`, a site that brings its own strings keeps its (well-formed) first tag.
 *
 * @param requested - a tag or the browser's `navigator.languages`
 * @param options.custom - the site passes its own strings for the tag
 * @example
 * resolveLocale(['de-AT', 'en']) // 'de'
 * resolveLocale('zh-Hant-HK') // 'zh-TW'
 * resolveLocale('xx') // 'en'
 */
export function resolveLocale(requested: string | readonly string[] | undefined, options: { custom?: boolean } = {}): string {
  const tags = (typeof requested === 'string' ? [requested] : (requested ?? [])).map(canonical).filter((tag): tag is string => tag !== undefined)
  if (options.custom && tags[0]) return tags[0]
  const byLower = new Map(supportedLocales.map((tag) => [tag.toLowerCase(), tag]))
  for (const tag of tags) {
    const exact = byLower.get(tag.toLowerCase())
    if (exact) return exact
    const parts = tag.split('-')
    // The longest alias that prefixes the tag: zh-Hant-HK → zh-Hant → zh-TW.
    for (let end = parts.length; end > 0; end--) {
      const alias = aliases[parts.slice(0, end).join('-')]
      if (alias && byLower.has(alias.toLowerCase())) return alias
    }
    const language = parts[0]?.toLowerCase()
    const sameLanguage = supportedLocales.find((supported) => supported.split('-')[0]?.toLowerCase() === language)
    if (sameLanguage) return sameLanguage
  }
  return 'en'
}

/**
 * Whether a locale's text runs right to left (Arabic, Persian, Hebrew, Urdu, …).
 *
 * @example
 * directionOf('ar') // 'rtl'
 * directionOf('ja') // 'ltr'
 */
export function directionOf(locale: string): TextDirection {
  const language = locale.split('-')[0]?.toLowerCase() ?? ''
  return rightToLeft.has(language) ? 'rtl' : 'ltr'
}

/** The browser's preferred languages, or nothing on a server. */
export function browserLocales(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : undefined
}
