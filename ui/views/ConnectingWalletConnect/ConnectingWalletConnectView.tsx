import { observer } from 'mobx-react-lite'
import { safeHttpUrl, type DirectoryWallet } from '../../../kernel/kernel.js'
import { Icon } from '../../components/Icon/Icon.js'
import { StatusPanel } from '../../components/StatusPanel/StatusPanel.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'

const linkKeys = [
  ['homepage', 'view.connectingWalletConnect.homepage'],
  ['chrome_store', 'view.connectingWalletConnect.chromeStore'],
  ['app_store', 'view.connectingWalletConnect.appStore'],
  ['play_store', 'view.connectingWalletConnect.playStore'],
  ['webapp_link', 'view.connectingWalletConnect.webapp'],
] as const

/**
 * Placeholder for a directory wallet without a browser connector, until a WalletConnect plugin
 * registers its own view under this id: the wallet's name and where to get it (https links
 * only, opened only when the visitor clicks one, never followed automatically).
 *
 * @example
 * portico.stores.router.push('WalletLinks', { wallet })
 */
export const ConnectingWalletConnectView = observer(function ConnectingWalletConnectView() {
  const portico = usePortico()
  const t = useTranslate()
  const wallet = portico.stores.router.data?.wallet as DirectoryWallet | undefined
  if (!wallet || typeof wallet.name !== 'string') return <StatusPanel tone="error" heading={t('view.connectingExternal.missing')} />
  const links = linkKeys
    .map(([key, label]) => ({ key, label, href: safeHttpUrl(wallet[key]) }))
    .filter((link): link is { key: (typeof linkKeys)[number][0]; label: (typeof linkKeys)[number][1]; href: string } => typeof link.href === 'string')
  return (
    <div className="portico-wc-placeholder">
      <StatusPanel
        tone="info"
        heading={t('view.connectingWalletConnect.title', { wallet: wallet.name })}
        hint={t('view.connectingWalletConnect.unavailable', { wallet: wallet.name })}
        image={{ src: walletImageSrc(portico, wallet), name: wallet.name }}
      />
      {links.length ? (
        <ul className="portico-wc-placeholder__links" aria-label={t('view.connectingWalletConnect.links')}>
          {links.map((link) => (
            <li key={link.key}>
              <a className="portico-wc-placeholder__link" href={link.href} target="_blank" rel="noopener noreferrer">
                <span>{t(link.label)}</span>
                <Icon name="external" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="portico-wc-placeholder__none">{t('view.connectingWalletConnect.noLinks')}</p>
      )}
    </div>
  )
})
