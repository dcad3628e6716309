import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import { useHydrated } from '../../hooks/useHydrated.js'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { usePortico } from '../../hooks/usePortico.js'
import { serverState } from '../../hooks/usePorticoState.js'
import { useLocale } from '../../hooks/useLocale.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { prefetchModal } from '../../modal/prefetchModal.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'
import { Icon } from '../Icon/Icon.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

/**
 * The active network's name as a button that opens the Networks view; "Switch Network" when the
 * wallet is on a chain the site does not support.
 *
 * @example
 * <NetworkButton />
 */
export const NetworkButton = observer(function NetworkButton() {
  const portico = usePortico('NetworkButton')
  const t = useTranslate()
  const { locale, dir } = useLocale()
  const hydrated = useHydrated()
  const ref = useRef<HTMLButtonElement>(null)
  useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, portico.options.themeVariables), [portico])
  const { networks, connections } = portico.stores
  const network = hydrated ? networks.activeNetwork : networks.find(serverState(portico).activeNetworkId)
  const connection = hydrated ? connections.get(networks.activeNamespace) : undefined
  const unsupported =
    connection?.status === 'connected' && connection.caipNetworkId !== undefined && !networks.find(connection.caipNetworkId) && !portico.options.allowUnsupportedChain
  const label = unsupported ? t('button.switchNetwork') : (network?.name ?? t('button.selectNetwork'))
  const prefetch = () => prefetchModal(portico, 'Networks')
  return (
    <button
      ref={ref}
      type="button"
      className="portico-page-button portico-page-button--network"
      data-portico=""
      lang={locale}
      dir={dir}
      data-portico-theme={portico.options.themeMode ?? 'light'}
      data-unsupported={unsupported || undefined}
      onClick={() => void portico.open({ view: 'Networks' })}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {unsupported ? <Icon name="warning" /> : network ? <WalletIcon src={networkImageSrc(portico, network)} name={network.name} size="small" /> : null}
      <span className="portico-page-button__label">{label}</span>
    </button>
  )
})
