import { reaction } from 'mobx'
import { enableStaticRendering } from 'mobx-react-lite'
import { useEffect, type ReactNode } from 'react'
import { sanitizeThemeVariables, type Portico, type RestoreHint } from '../../kernel/index.js'
import { ModalRoot } from '../components/ModalRoot/ModalRoot.js'
import { LocaleContext, MessagesContext } from '../i18n/MessagesContext.js'
import type { Messages } from '../locales/en.js'
import { getUiState } from '../state/getUiState.js'
import { registerUiViews } from '../views/registerUiViews.js'
import { PorticoContext } from './PorticoContext.js'
import { RestoreHintContext } from './RestoreHintContext.js'

export type PorticoProviderProps = {
  portico: Portico
  /** Strings of another locale (any subset; English fills the rest). */
  messages?: Messages
  /**
   * The page's locale (`fr`, `pt-BR`): the plugins' strings in it are loaded (lazily, once) and
   * shown as they arrive; English until then, and for a plugin without that locale.
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
 * @param props.messages - another locale's strings
 * @param props.locale - the locale whose plugin strings to load
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
  useEffect(() => {
    if (!locale) return
    portico.messages
      .load(locale)
      .then((failures) => {
        for (const { plugin, error } of failures) portico.reportError(error, { action: `loadLocale:${plugin}:${locale}` })
      })
      .catch((error: unknown) => portico.reportError(error, { action: 'loadLocale' }))
  }, [portico, locale])
  return (
    <PorticoContext.Provider value={portico}>
      <MessagesContext.Provider value={messages}>
        <LocaleContext.Provider value={locale}>
          <RestoreHintContext.Provider value={restoreHint}>
            {children}
            {portico.stores.options.features.headless ? null : <ModalRoot />}
          </RestoreHintContext.Provider>
        </LocaleContext.Provider>
      </MessagesContext.Provider>
    </PorticoContext.Provider>
  )
}
