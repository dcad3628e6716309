import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Button } from '../../components/Button/Button.js'
import { WalletIcon } from '../../components/WalletIcon/WalletIcon.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'

/**
 * The wallet is on a network the site does not support: pick a configured one (or disconnect).
 * Esc and the overlay are refused here (the kernel shakes the modal); it closes by itself once
 * the wallet is on a supported network.
 *
 * @example
 * // opened by the kernel after a connection on an unknown chain
 */
export const UnsupportedChainView = observer(function UnsupportedChainView() {
  const portico = usePortico()
  const t = useTranslate()
  const { networks, connections, router } = portico.stores
  const namespace = networks.activeNamespace
  const connection = connections.get(namespace)
  const supported = connection.status !== 'connected' || Boolean(networks.find(connection.caipNetworkId))
  useEffect(() => {
    if (supported && router.view === 'UnsupportedChain') portico.close()
  }, [supported, router, portico])
  return (
    <div className="portico-unsupported">
      <p className="portico-unsupported__text">{t('view.unsupportedChain.body')}</p>
      <ul className="portico-networks">
        {networks.networksOf(namespace).map((network) => (
          <li key={network.caipNetworkId}>
            <button type="button" className="portico-networks__item" onClick={() => router.push('SwitchNetwork', { network })}>
              <WalletIcon src={networkImageSrc(portico, network)} name={network.name} size="small" mark />
              <span className="portico-networks__name">{network.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="danger" onClick={() => void portico.disconnect(namespace).catch(() => undefined)}>
        {t('view.unsupportedChain.disconnect')}
      </Button>
    </div>
  )
})
