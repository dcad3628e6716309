import { reaction } from 'mobx'
import { enableStaticRendering } from 'mobx-react-lite'
import { useEffect, type ReactNode } from 'react'
import { sanitizeThemeVariables, type Portico, type RestoreHint } from '../../kernel/index.js'
import { ModalRoot } from '../components/ModalRoot/ModalRoot.js'
import { I18nContext } from '../i18n/I18nContext.js'
import type { Messages } from '../locales/en.js'
import { useLocaleLoader } from '../i18n/useLocaleLoader.js'
import { getUiState } from '../state/getUiState.js'
import { registerUiViews } from '../views/registerUiViews.js'
import { PorticoContext } from './PorticoContext.js'
import { RestoreHintContext } from './RestoreHintContext.js'

export type PorticoProviderProps = {
  portico: Portico
  /**
   * The site's own strings for any keys (they win over the built-in locales): to reword a string,
   * or to bring a language Portico does not ship (with `locale` set to its tag).
   */
  messages?: Messages
  /**
   * The modal's language (`ar`, `pt-BR`, `zh-Hant`): overrides the `locale` option; default the
   * browser's languages. The closest built-in locale's strings load lazily (once), then the modal
   * switches to them at once, mirrored for right-to-left languages; English until then. Changing
   * it switches language without a reload.
   */
  locale?: string
  /**
   * What the server read from the visitor's cookie (`readRestoreHint(request.headers.cookie)`);
   * pass the same value on the server and in the browser. The namespaces it names render as
   * restoring ("Connecting…") until hydration, then the real restore result shows.
   */
  restoreHint?: RestoreHint
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
 * @param props.restoreHint - the returning visitor's restore hint, for server rendering
 * @example
 * <PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>
 */
export function PorticoProvider({ portico, messages, locale, restoreHint, children }: PorticoProviderProps) {
  if (!registered.has(portico)) {
    registerUiViews(portico.views)
    registered.add(portico)
    // Theme variables outside the contract or with hostile values: reported once here, never applied.
    // (Checked by the UI, which applies them, so a kernel-only site does not carry the check.)
    for (const issue of sanitizeThemeVariables(portico.options.themeVariables).issues) portico.reportError(issue, { action: 'themeVariables' })
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
        <RestoreHintContext.Provider value={restoreHint}>
          {children}
          {portico.stores.options.features.headless ? null : <ModalRoot />}
        </RestoreHintContext.Provider>
      </I18nContext.Provider>
    </PorticoContext.Provider>
  )
}
