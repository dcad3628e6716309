import { useCallback, useContext } from 'react'
import { I18nContext } from '../i18n/I18nContext.js'
import { PorticoContext } from '../provider/PorticoContext.js'
import { translate, type TranslateParams } from '../i18n/translate.js'

/** A translate function bound to the provider's locale strings. */
export type TranslateFunction = (key: string, params?: TranslateParams, fallback?: string) => string

/**
 * The translate function for Portico's strings and every plugin's (`definePlugin({ messages })`),
 * in the provider's locale: the site's `messages` first, then the locale's strings, then English.
 * A numeric `count` picks the plural form. Plugin views use it like the UI's own.
 *
 * @returns `t(key, params?, fallback?)`; a missing key renders as `fallback`, else as the key itself
 * @example
 * const t = useTranslate(); <h2>{t('view.connect.title')}</h2>
 */
export function useTranslate(): TranslateFunction {
  const i18n = useContext(I18nContext)
  const portico = useContext(PorticoContext)
  return useCallback(
    (key: string, params?: TranslateParams, fallback?: string) => {
      const text = translate({ locale: i18n.locale, overrides: i18n.overrides, strings: i18n.strings, plugins: portico ? (k) => portico.messages.get(k, i18n.locale) : undefined }, key, params)
      return text === key && fallback !== undefined ? fallback : text
    },
    [i18n, portico],
  )
}
