import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import type { ChainNamespace } from '../../../kernel/index.js'
import { useHydrated } from '../../hooks/useHydrated.js'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { useLocale } from '../../hooks/useLocale.js'
import { usePortico } from '../../hooks/usePortico.js'
import { prefetchModal } from '../../modal/prefetchModal.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { AccountSummary } from '../AccountSummary/AccountSummary.js'

export type AccountButtonProps = { namespace?: ChainNamespace }

/**
 * The connected account (balance and short address) as a button that opens the Account view.
 * Renders nothing while no account is connected.
 *
 * @example
 * <AccountButton />
 */
export const AccountButton = observer(function AccountButton({ namespace }: AccountButtonProps) {
  const portico = usePortico('AccountButton')
  const hydrated = useHydrated()
  const { locale, dir } = useLocale()
  const ref = useRef<HTMLButtonElement>(null)
  const ns = namespace ?? portico.stores.networks.activeNamespace
  const connected = hydrated && portico.stores.connections.isConnected(ns)
  useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, portico.options.themeVariables), [connected, portico])
  if (!connected) return null
  const prefetch = () => prefetchModal(portico, 'Account')
  return (
    <button
      ref={ref}
      type="button"
      className="portico-page-button portico-page-button--account"
      data-portico=""
      lang={locale}
      dir={dir}
      data-portico-theme={portico.options.themeMode ?? 'light'}
      onClick={() => void portico.open({ view: 'Account' })}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      <AccountSummary namespace={ns} />
    </button>
  )
})
