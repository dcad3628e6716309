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

export type AccountButtonProps = { namespace?: ChainNamespace }

/**
 * The connected account (balance and short address) as a button that opens the Account view.
 * Renders nothing while no account is connected, while a plugin holds the connection (a required
 * sign-in not signed yet), and before the kernel loads.
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
  // A connection held until the visitor signs in does not show as an account yet.
  const connected = state.connections[ns]?.status === 'connected' && state.connections[ns]?.held !== true && kernel !== null && ui !== undefined
  useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, portico.options.themeVariables), [connected, portico])
  if (!connected || !ui) return null
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
      onClick={() => openFromPage(portico, { view: 'Account' })}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      <ui.AccountSummary namespace={ns} />
    </button>
  )
}
