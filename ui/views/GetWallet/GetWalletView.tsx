import { observer } from 'mobx-react-lite'
import { Icon } from '../../components/Icon/Icon.js'
import { WalletIcon } from '../../components/WalletIcon/WalletIcon.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { builtinWalletsFor, installLink } from '../../utils/builtinWalletsFor.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'

/**
 * Get a Wallet: what a wallet is, and the wallets people use for the site's networks (the
 * built-in list, so it works without the directory), each linked to its store or website for
 * this device (opened in a new tab, only when clicked).
 *
 * @example
 * portico.stores.router.push('GetWallet')
 */
export const GetWalletView = observer(function GetWalletView() {
  const portico = usePortico()
  const t = useTranslate()
  const device = { isMobile: portico.isMobile, userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent }
  const wallets = builtinWalletsFor(portico)
    .map((wallet) => ({ wallet, href: installLink(wallet, device) }))
    .filter((entry): entry is { wallet: (typeof entry)['wallet']; href: string } => typeof entry.href === 'string')
  return (
    <div className="portico-get-wallet">
      <p className="portico-get-wallet__intro">{t('view.getWallet.intro')}</p>
      <ul className="portico-get-wallet__list" aria-label={t('view.getWallet.list')}>
        {wallets.map(({ wallet, href }) => (
          <li key={wallet.id}>
            <a className="portico-get-wallet__link" href={href} target="_blank" rel="noopener noreferrer">
              <WalletIcon src={walletImageSrc(portico, wallet)} name={wallet.name} />
              <span className="portico-get-wallet__name">{wallet.name}</span>
              <span className="portico-get-wallet__get">{t('view.getWallet.get')}</span>
              <Icon name="external" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
})
