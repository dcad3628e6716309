import { useContext, useRef } from 'react'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { useLocale } from '../../hooks/useLocale.js'
import { usePorticoHandle } from '../../hooks/usePorticoHandle.js'
import { usePorticoState } from '../../hooks/usePorticoState.js'
import { useStylesheet } from '../../hooks/useStylesheet.js'
import { I18nContext } from '../../i18n/I18nContext.js'
import { translatePageButton } from '../../i18n/translatePageButton.js'
import { openFromPage, prefetchPortico, useLoadedUi } from '../../startup/loadUi.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'
import { buttonsStylesheet } from '../../theme/buttonsStylesheet.js'

/**
 * The active network's name as a button that opens the Networks view; "Switch Network" when the
 * wallet is on a chain the site does not support. It renders before the kernel loads.
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton() {
  const portico = usePorticoHandle('NetworkButton')
  useStylesheet(buttonsStylesheet)
  const ui = useLoadedUi()
  const i18n = useContext(I18nContext)
  const { locale, dir } = useLocale()
  const state = usePorticoState('NetworkButton')
  const ref = useRef<HTMLButtonElement>(null)
  useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, portico.options.themeVariables), [portico])
  const { networks } = portico.options
  const network = networks.find((n) => n.caipNetworkId === state.activeNetworkId)
  const connection = state.connections[state.activeNamespace]
  // The chain the wallet is on: the first two parts of its CAIP-10 account.
  const walletChain = connection?.status === 'connected' ? connection.caipAddress?.split(':').slice(0, 2).join(':') : undefined
  const unsupported = walletChain !== undefined && !networks.some((n) => n.caipNetworkId === walletChain) && !portico.options.allowUnsupportedChain
  const label = unsupported ? translatePageButton(i18n, 'button.switchNetwork') : (network?.name ?? translatePageButton(i18n, 'button.selectNetwork'))
  const prefetch = () => prefetchPortico(portico, 'Networks')
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
      onClick={() => openFromPage(portico, { view: 'Networks' })}
      onPointerEnter={prefetch}
      onPointerDown={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {unsupported ? ui ? <ui.Icon name="warning" /> : null : network ? <WalletIcon src={networkImageSrc(portico, network)} name={network.name} size="small" mark /> : null}
      <span className="portico-page-button__label">{label}</span>
    </button>
  )
}
