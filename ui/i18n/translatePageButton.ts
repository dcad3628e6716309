import { pageButtonStrings, type PageButtonKey } from '../locales/enPageButtons.js'
import type { I18n } from './I18nContext.js'

/**
 * A page button's string in the provider's locale (the site's own strings first, then the
 * locale's, then English) without the full translator: the buttons render before the modal's
 * strings have loaded.
 *
 * @example
 * translatePageButton(i18n, 'button.connect') // 'Connect Wallet'
 */
export function translatePageButton(i18n: I18n, key: PageButtonKey): string {
  return i18n.overrides?.[key] ?? i18n.strings[key] ?? pageButtonStrings[key]
}
