import { reaction } from 'mobx'
import { enableStaticRendering } from 'mobx-react-lite'
import { useEffect, type ReactNode } from 'react'
import type { Portico } from '../../kernel/index.js'
import { ModalRoot } from '../components/ModalRoot/ModalRoot.js'
import { I18nContext } from '../i18n/I18nContext.js'
import type { LocaleStrings } from '../i18n/types.js'
import { useLocaleLoader } from '../i18n/useLocaleLoader.js'
import { getUiState } from '../state/getUiState.js'
import { registerUiViews } from '../views/registerUiViews.js'
import { PorticoContext } from './PorticoContext.js'

export type PorticoProviderProps = {
  portico: Portico
  /**
   * The site's own strings for any keys (they win over the built-in locales): to reword a string,
   * or to bring a language Portico does not ship (with `locale` set to its tag).
   */
  messages?: LocaleStrings
  /**
   * The modal's language (`ar`, `pt-BR`, `zh-Hant`): overrides the `locale` option; default the
   * browser's languages. The closest built-in locale's strings load lazily (once), then the modal
   * switches to them at once, mirrored for right-to-left languages; English until then. Changing
   * it switches language without a reload.
   */
  locale?: string
  children?: ReactNode
}

// Observers render once on the server and never subscribe there.
if (typeof window === 'undefined') enableStaticRendering(true)

const registered = new WeakSet<Portico>()

/**
 * Makes a Portico instance available to the components and hooks below it, registers the UI's
 * views, and mounts the modal in a portal on `document.body` (client only; not with
 * `features.headless`, where the site draws its own UI from the hooks). Wallet discovery runs
 * when the modal first opens.
 *
 * @param props.portico - from `createPortico`
 * @param props.messages - the site's own strings, by key
 * @param props.locale - the modal's language
 * @example
 * <PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>
 */
export function PorticoProvider({ portico, messages, locale, children }: PorticoProviderProps) {
  if (!registered.has(portico)) {
    registerUiViews(portico.views)
    registered.add(portico)
  }
  useEffect(() => {
    const ui = getUiState(portico)
    return reaction(
      () => portico.stores.modal.open,
      (open) => {
        if (!open || ui.discoveryStarted) return
        ui.setDiscovering(true)
        portico
          .discoverWallets()
          .catch((error: unknown) => portico.reportError(error, { action: 'discoverWallets' }))
          .finally(() => ui.setDiscovering(false))
      },
      { fireImmediately: true },
    )
  }, [portico])
  const i18n = useLocaleLoader(portico, locale, messages)
  return (
    <PorticoContext.Provider value={portico}>
      <I18nContext.Provider value={i18n}>
        {children}
        {portico.stores.options.features.headless ? null : <ModalRoot />}
      </I18nContext.Provider>
    </PorticoContext.Provider>
  )
}
