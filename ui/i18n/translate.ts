import { en, type Messages } from '../locales/en.js'

export type TranslateParams = Record<string, string | number>

/**
 * Looks a key up in the locale's strings, then in the UI's English, then in the plugins' English
 * defaults (`portico.messages`); a key found nowhere is returned as it is, so a missing string
 * shows up visibly instead of as a blank. `{name}` placeholders
 * are filled from `params` (values are plain text: React escapes them when rendering).
 *
 * @param messages - the locale's strings (any subset of the keys)
 * @param key - e.g. `view.connect.title`
 * @param params - placeholder values
 * @param defaults - the plugins' English strings (`portico.messages.get`)
 * @returns the text
 * @example
 * translate({}, 'view.connectingExternal.waiting', { wallet: 'Rabby' }) // 'Continue in Rabby'
 */
export function translate(messages: Messages | undefined, key: string, params?: TranslateParams, defaults?: (key: string) => string | undefined): string {
  const template = messages?.[key] ?? (en as Messages)[key] ?? defaults?.(key)
  if (typeof template !== 'string') return key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
}
