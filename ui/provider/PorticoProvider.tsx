import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { sanitizeThemeVariables, toPorticoHandle, type Portico, type PorticoHandle, type RestoreHint } from '../../kernel/index.js'
import { I18nContext } from '../i18n/I18nContext.js'
import type { Messages } from '../locales/en.js'
import { useLocaleLoader } from '../i18n/useLocaleLoader.js'
import { translatePageButton } from '../i18n/translatePageButton.js'
import { loadUi, onOpenFailed, useLoadedUi } from '../startup/loadUi.js'
import { PorticoContext } from './PorticoContext.js'
import { useStylesheet } from '../hooks/useStylesheet.js'
import { buttonsStylesheet } from '../theme/buttonsStylesheet.js'
import { PorticoHandleContext } from './PorticoHandleContext.js'
import { RestoreHintContext } from './RestoreHintContext.js'

export type PorticoProviderProps = {
  /** `createPortico`'s result (or a kernel from `createPorticoKernel`). */
  portico: PorticoHandle | Portico
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

const checked = new WeakSet<PorticoHandle>()

/**
 * Makes a Portico instance available to the components and hooks below it. The page buttons
 * render at once from the handle; the kernel and the modal's code load when the visitor reaches
 * for a button (hover, focus, touch), when an action is called, or at once for a returning
 * visitor whose connection is being restored. Then it registers the UI's views and mounts the
 * modal in a portal on `document.body` (client only; not with `features.headless`, where the
 * site draws its own UI from the hooks). Wallet discovery runs when the modal first opens.
 *
 * @param props.portico - from `createPortico`
 * @param props.messages - the site's own strings, by key
 * @param props.locale - the modal's language
 * @param props.restoreHint - the returning visitor's restore hint, for server rendering
 * @example
 * <PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>
 */
export function PorticoProvider({ portico, messages, locale, restoreHint, children }: PorticoProviderProps) {
  const handle = toPorticoHandle(portico)
  // The theme and the page's own notes (a modal that could not load) are styled with the buttons.
  useStylesheet(buttonsStylesheet)
  if (!checked.has(handle)) {
    checked.add(handle)
    // Theme variables outside the contract or with hostile values: reported once (to the kernel's
    // `error` hook once it loads), never applied. Checked by the UI, which applies them.
    for (const issue of sanitizeThemeVariables(handle.options.themeVariables).issues) handle.reportError(issue, { action: 'themeVariables' })
  }
  const kernel = useSyncExternalStore(
    useCallback((onChange: () => void) => handle.onLoad(onChange), [handle]),
    () => handle.kernel,
    // A kernel the server was given renders there too (the hooks' state is the server's either way).
    () => handle.kernel,
  )
  const ui = useLoadedUi()
  // A returning visitor's kernel is loading to restore: the account summary it will show comes with the UI.
  useEffect(() => {
    if (kernel || handle.restoring.length > 0) void loadUi().catch((error: unknown) => handle.reportError(error, { action: 'loadUi' }))
  }, [handle, kernel])
  // The views are there before the modal renders (idempotent).
  if (kernel && ui) ui.attachUi(kernel)
  useEffect(() => (kernel && ui ? ui.watchDiscovery(kernel) : undefined), [kernel, ui])
  const i18n = useLocaleLoader(handle, kernel, locale, messages)
  // A page button's click that could not fetch the modal's code: said for 6 s, or until a click can.
  const [openFailed, setOpenFailed] = useState(false)
  useEffect(() => onOpenFailed(setOpenFailed), [])
  useEffect(() => {
    if (!openFailed) return
    const timer = setTimeout(() => setOpenFailed(false), 6_000)
    return () => clearTimeout(timer)
  }, [openFailed])
  const failureNote =
    openFailed && typeof document !== 'undefined'
      ? createPortal(
          <div className="portico-root" data-portico="" data-portico-theme={handle.options.themeMode ?? 'light'}>
            <div className="portico-toasts" role="status" aria-live="polite">
              <div className="portico-toast portico-toast--error" data-variant="error">
                {translatePageButton(i18n, 'modal.loadFailed')}
              </div>
            </div>
          </div>,
          document.body,
        )
      : null
  return (
    <PorticoHandleContext.Provider value={handle}>
      <PorticoContext.Provider value={kernel ?? null}>
        <I18nContext.Provider value={i18n}>
          <RestoreHintContext.Provider value={restoreHint}>
            {children}
            {kernel && ui && !kernel.stores.options.features.headless ? <ui.ModalRoot /> : null}
            {failureNote}
          </RestoreHintContext.Provider>
        </I18nContext.Provider>
      </PorticoContext.Provider>
    </PorticoHandleContext.Provider>
  )
}
