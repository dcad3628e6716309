import { createContext } from 'react'
import type { LocaleStrings, TextDirection } from './types.js'

/** What the nearest `<PorticoProvider>` shows its strings in. */
export type I18n = {
  /** The locale whose strings are on screen (a requested one shows once its strings are loaded). */
  locale: string
  dir: TextDirection
  /** The UI's strings in `locale` (empty for English). */
  strings: LocaleStrings
  /** The site's own strings (`<PorticoProvider messages>`): they win over everything. */
  overrides: Readonly<Partial<Record<string, string>>> | undefined
}

export const englishI18n: I18n = { locale: 'en', dir: 'ltr', strings: {}, overrides: undefined }

/** The locale, direction and strings of the nearest `<PorticoProvider>` (English outside one). */
export const I18nContext = createContext<I18n>(englishI18n)
