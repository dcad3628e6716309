import { useContext, useRef } from 'react'
import type { ChainNamespace } from '../../../kernel/index.js'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { useLocale } from '../../hooks/useLocale.js'
import { usePorticoHandle } from '../../hooks/usePorticoHandle.js'
import { usePorticoState } from '../../hooks/usePorticoState.js'
import { useStylesheet } from '../../hooks/useStylesheet.js'
import { PorticoContext } from '../../provider/PorticoContext.js'
import { openFromPage, prefetchPortico, useLoadedUi } from '../../startup/loadUi.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { buttonsStylesheet } from '../../theme/buttonsStylesheet.js'
import { RestoringAccount } from '../RestoringAccount/RestoringAccount.js'

export type AccountButtonProps = { namespace?: ChainNamespace }

/**
 * The connected account (balance and short address) as a button that opens the Account view.
 * Renders nothing while no account is connected, while a plugin holds the connection (a required
 * sign-in not signed yet), and before the kernel loads; with `restoreCookie: { account: true }`, a
 * returning visitor's account shows from the first paint (the server's too), busy and without a
 * balance, until the wallet confirms it (or the page follows the wallet's answer: another account, or none).
 *
 * @example
 * <AccountButton />
 */
export function AccountButton({ namespace }: AccountButtonProps) {
  const portico = usePorticoHandle('AccountButton')
  useStylesheet(buttonsStylesheet)
  const kernel = useContext(PorticoContext)
  const ui = useLoadedUi()
  const { locale, dir } = useLocale()
  const state = usePorticoState('AccountButton')
  const ref = useRef<HTMLButtonElement>(null)
  const ns = namespace ?? state.activeNamespace
  const connection = state.connections[ns]
  // A connection held until the visitor signs in does not show as an account yet.
  const connected = connection?.status === 'connected' && connection?.held !== true && kernel !== null && ui !== undefined
  // Restoring (or connected, its summary still loading): the restored account (the cookie's on the server, the stored one here), then the wallet's.
  const restored = !connected && connection?.status !== 'disconnected' && connection?.held !== true && (portico.options.restoreCookie as { account?: boolean } | undefined)?.account ? connection?.address : undefined
  useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, portico.options.themeVariables), [connected, restored !== undefined, portico])
  if (!restored && (!connected || !ui)) return null
  const prefetch = () => prefetchPortico(portico, 'Account')
  return (
    <button
      ref={ref}
      type="button"
      className="portico-page-button portico-page-button--account"
      data-portico=""
      lang={locale}
      dir={dir}
      data-portico-theme={portico.options.themeMode ?? 'light'}
      aria-busy={restored ? true : undefined}
      onClick={() => openFromPage(portico, connection?.status === 'connected' ? { view: 'Account' } : {})}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {restored ? <RestoringAccount address={restored} /> : ui ? <ui.AccountSummary namespace={ns} /> : null}
    </button>
  )
}
