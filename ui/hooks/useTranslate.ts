import { useCallback, useContext } from 'react'
import { LocaleContext, MessagesContext } from '../i18n/MessagesContext.js'
import { PorticoContext } from '../provider/PorticoContext.js'
import { translate, type TranslateParams } from '../i18n/translate.js'

/** A translate function bound to the provider's locale strings. */
export type TranslateFunction = (key: string, params?: TranslateParams) => string

/**
 * The translate function for Portico's strings and every plugin's (`definePlugin({ messages })`):
 * the provider's `messages` first, then English. Plugin views use it like the UI's own.
 *
 * @returns `t(key, params?)`; a missing key renders as the key itself
 * @example
 * const t = useTranslate(); <h2>{t('view.connect.title')}</h2>
 */
export function useTranslate(): TranslateFunction {
  const messages = useContext(MessagesContext)
  const locale = useContext(LocaleContext)
  const portico = useContext(PorticoContext)
  return useCallback((key: string, params?: TranslateParams) => translate(messages, key, params, portico ? (k) => portico.messages.get(k, locale) : undefined), [messages, locale, portico])
}
