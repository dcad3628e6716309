import { en, type Messages } from '../locales/en.js'

export type TranslateParams = Record<string, string | number>

/**
 * Looks a key up in the locale's strings, then in English; a key found in neither is returned
 * as it is, so a missing string shows up visibly instead of as a blank. `{name}` placeholders
 * are filled from `params` (values are plain text: React escapes them when rendering).
 *
 * @param messages - the locale's strings (any subset of the keys)
 * @param key - e.g. `view.connect.title`
 * @param params - placeholder values
 * @returns the text
 * @example
 * translate({}, 'view.connectingExternal.waiting', { wallet: 'Rabby' }) // 'Continue in Rabby'
 */
export function translate(messages: Messages | undefined, key: string, params?: TranslateParams): string {
  const template = messages?.[key] ?? (en as Messages)[key]
  if (typeof template !== 'string') return key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
}
