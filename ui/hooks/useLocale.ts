import { useContext } from 'react'
import { I18nContext } from '../i18n/I18nContext.js'
import type { TextDirection } from '../i18n/types.js'

/**
 * The locale Portico's strings are shown in and its text direction: for `Intl` formatting and
 * `dir` on a site's own Portico-styled parts.
 *
 * @example
 * const { locale, dir } = useLocale() // { locale: 'ar', dir: 'rtl' }
 */
export function useLocale(): { locale: string; dir: TextDirection } {
  const { locale, dir } = useContext(I18nContext)
  return { locale, dir }
}
