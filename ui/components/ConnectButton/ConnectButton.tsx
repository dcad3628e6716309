import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import type { ChainNamespace } from '../../../kernel/index.js'
import { useHydrated } from '../../hooks/useHydrated.js'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useLocale } from '../../hooks/useLocale.js'
import { serverState } from '../../hooks/usePorticoState.js'
import { useRestoreHint } from '../../hooks/useRestoreHint.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { prefetchModal } from '../../modal/prefetchModal.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { AccountSummary } from '../AccountSummary/AccountSummary.js'
import { Spinner } from '../Spinner/Spinner.js'

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
 * page too, given the restore hint); when connected it
 * shows the balance and the short address and opens Account. It stays the same element in every
 * state, so focus returned to it after the modal closes stays on it.
 *
 * @example
 * <ConnectButton />
 */
export const ConnectButton = observer(function ConnectButton({ namespace, label, loadingLabel }: ConnectButtonProps) {
  const portico = usePortico('ConnectButton')
  const t = useTranslate()
  const { locale, dir } = useLocale()
  const hydrated = useHydrated()
  const hint = useRestoreHint()
  const ref = useRef<HTMLButtonElement>(null)
  useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, portico.options.themeVariables), [portico])
  const ns = namespace ?? portico.stores.networks.activeNamespace
  // Until hydrated, the server's form: nothing restored yet, or restoring what the restore hint names.
  const status = hydrated ? portico.stores.connections.status(ns) : (serverState(portico, hint).connections[ns]?.status ?? 'disconnected')
  const onClick = () => {
    // A failure to open (an unknown namespace) raises the kernel's alert; nothing to add here.
    const opening = status === 'connected' ? portico.open({ view: 'Account' }) : portico.open(namespace ? { namespace } : {})
    opening.catch(() => undefined)
  }
  // The visitor is reaching for it: fetch the modal and the view it opens, so the click shows it at once.
  const prefetch = () => prefetchModal(portico, status === 'connected' ? 'Account' : 'Connect')
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
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {status === 'connected' ? (
        <AccountSummary namespace={ns} />
      ) : status === 'connecting' ? (
        <>
          <Spinner />
          <span>{loadingLabel ?? t('button.connecting')}</span>
        </>
      ) : (
        <span>{label ?? t('button.connect')}</span>
      )}
    </button>
  )
})
