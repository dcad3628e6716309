import { observer } from 'mobx-react-lite'
import { WalletIcon } from '../../components/WalletIcon/WalletIcon.js'
import { Icon } from '../../components/Icon/Icon.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'

/**
 * The Networks view: each configured network as a button named by its name, the active one
 * marked `aria-current`; choosing one goes through `portico.selectNetwork` (SwitchNetwork or
 * SwitchActiveChain per the rules).
 *
 * @example
 * portico.open({ view: 'Networks' })
 */
export const NetworksView = observer(function NetworksView() {
  const portico = usePortico()
  const t = useTranslate()
  const { networks } = portico.stores
  const active = networks.activeNetwork?.caipNetworkId
  return (
    <ul className="portico-networks" aria-label={t('view.networks.list')}>
      {networks.networks.map((network) => {
        const current = network.caipNetworkId === active
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="portico-networks__item"
              aria-current={current ? 'true' : undefined}
              aria-describedby={network.testnet ? `portico-testnet-${network.caipNetworkId.replace(/[^\w-]/g, '-')}` : undefined}
              onClick={() => portico.selectNetwork(network)}
            >
              <WalletIcon src={networkImageSrc(portico, network)} name={network.name} size="small" mark />
              <span className="portico-networks__name">{network.name}</span>
              {network.testnet ? (
                <span className="portico-networks__tag" id={`portico-testnet-${network.caipNetworkId.replace(/[^\w-]/g, '-')}`}>
                  {t('view.networks.testnet')}
                </span>
              ) : null}
              {current ? <Icon name="check" className="portico-networks__check" /> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
})
