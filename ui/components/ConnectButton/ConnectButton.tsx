import { useContext, useRef } from 'react'
import type { ChainNamespace } from '../../../kernel/index.js'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { useLocale } from '../../hooks/useLocale.js'
import { usePorticoHandle } from '../../hooks/usePorticoHandle.js'
import { usePorticoState } from '../../hooks/usePorticoState.js'
import { useStylesheet } from '../../hooks/useStylesheet.js'
import { I18nContext } from '../../i18n/I18nContext.js'
import { translatePageButton } from '../../i18n/translatePageButton.js'
import { PorticoContext } from '../../provider/PorticoContext.js'
import { openFromPage, prefetchPortico, useLoadedUi } from '../../startup/loadUi.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { Spinner } from '../Spinner/Spinner.js'
import { RestoringAccount } from '../RestoringAccount/RestoringAccount.js'
import { buttonsStylesheet } from '../../theme/buttonsStylesheet.js'

export type ConnectButtonProps = {
  /** Which namespace's connection it shows (default: the active one). */
  namespace?: ChainNamespace
  /** Replaces "Connect Wallet". */
  label?: string
  /** Replaces "Connecting…". */
  loadingLabel?: string
}

/**
 * One button for the whole connection: "Connect Wallet" opens the modal; while a connection is
 * being made or restored it says "Connecting…" (never a disconnected flash; on a server-rendered
 * page too, given the restore hint; with `restoreCookie: { account: true }`, the returning
 * visitor's short address instead, in the same busy style); when connected it shows the balance and the short address
 * and opens Account (a connection a plugin holds until the visitor signs in still says
 * "Connecting…"). It stays the same element in every state, so focus returned to it after the
 * modal closes stays on it. It renders before the kernel loads; reaching for it (hover, focus,
 * touch) loads the kernel and the modal, so the click shows it at once.
 *
 * @example
 * <ConnectButton />
 */
export function ConnectButton({ namespace, label, loadingLabel }: ConnectButtonProps) {
  const portico = usePorticoHandle('ConnectButton')
  useStylesheet(buttonsStylesheet)
  const kernel = useContext(PorticoContext)
  const ui = useLoadedUi()
  const i18n = useContext(I18nContext)
  const { locale, dir } = useLocale()
  const state = usePorticoState('ConnectButton')
  const ref = useRef<HTMLButtonElement>(null)
  useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, portico.options.themeVariables), [portico])
  const ns = namespace ?? state.activeNamespace
  // Held by a plugin until the visitor completes a step (a required sign-in): not connected yet for them.
  const held = state.connections[ns]?.held === true
  const connected = state.connections[ns]?.status === 'connected' && !held
  // Connected, its summary (balance, name) still loading with the UI: "Connecting…" a moment longer, never "Connect Wallet".
  const summary = connected && kernel && ui ? <ui.AccountSummary namespace={ns} /> : undefined
  const status = (connected && !summary) || held ? 'connecting' : (state.connections[ns]?.status ?? 'disconnected')
  // The restored account (the cookie's on the server, the stored one here; then the wallet's, until its summary loads), never "Connecting…" over it; not while a sign-in holds the connection.
  const restored = status === 'connecting' && !held && (portico.options.restoreCookie as { account?: boolean } | undefined)?.account ? state.connections[ns]?.address : undefined
  const onClick = () => openFromPage(portico, connected ? { view: 'Account' } : namespace ? { namespace } : {})
  // The visitor is reaching for it: fetch the kernel, the modal and the view it opens.
  const prefetch = () => prefetchPortico(portico, connected ? 'Account' : 'Connect')
  return (
    <button
      ref={ref}
      type="button"
      className="portico-page-button portico-page-button--connect"
      data-portico=""
      lang={locale}
      dir={dir}
      data-portico-theme={portico.options.themeMode ?? 'light'}
      data-status={status}
      aria-busy={status === 'connecting' ? true : undefined}
      onClick={onClick}
      onPointerEnter={prefetch}
      onPointerDown={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {summary ??
        (restored ? (
          <RestoringAccount address={restored} />
        ) : status === 'connecting' ? (
          <>
            <Spinner />
            <span>{loadingLabel ?? translatePageButton(i18n, 'button.connecting')}</span>
          </>
        ) : (
          <span>{label ?? translatePageButton(i18n, 'button.connect')}</span>
        ))}
    </button>
  )
}
