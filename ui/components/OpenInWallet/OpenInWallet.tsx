import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { walletBrowseLink, type DirectoryWallet } from '../../../kernel/kernel.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { openWalletLink } from '../../utils/openWalletLink.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

/**
 * The wallets of a list that have an in-app browser link for `url`, with that link; `slip44` is the
 * site's namespace's coin type (a wallet such as Trust opens its browser on that chain).
 */
export function browseLinks(wallets: readonly DirectoryWallet[], url: string, slip44?: number): { wallet: DirectoryWallet; href: string }[] {
  return wallets.flatMap((wallet) => {
    const href = walletBrowseLink(wallet, { url, ...(slip44 !== undefined ? { slip44 } : {}) })
    return href ? [{ wallet, href }] : []
  })
}

/**
 * "Open in <wallet>": on a phone with no injected wallet, one link per wallet of the site's
 * namespaces that has an in-app browser link (`browse_link`), carrying the page's URL, so the
 * visitor continues in the wallet app's browser where the wallet is injected. A tap opens it
 * through the page's host (Telegram's `openLink`) or as a plain link (`openWalletLink`).
 *
 * @example
 * <OpenInWallet wallets={builtinWalletsFor(portico)} />
 */
export const OpenInWallet = observer(function OpenInWallet({ wallets }: { wallets: readonly DirectoryWallet[] }) {
  const portico = usePortico()
  const t = useTranslate()
  const headingId = useId()
  const url = typeof location === 'undefined' ? '' : location.href
  const links = browseLinks(wallets, url, portico.chains.slip44(portico.stores.networks.activeNamespace))
  if (links.length === 0) return null
  return (
    <section className="portico-wallet-group portico-open-in" aria-labelledby={headingId}>
      <h3 id={headingId} className="portico-wallet-group__title">
        {t('view.connect.group.openIn')}
      </h3>
      <ul className="portico-wallet-group__list">
        {links.map(({ wallet, href }) => (
          <li key={wallet.id}>
            <a
              className="portico-wallet-button portico-wallet-button--row portico-open-in__link"
              href={href}
              rel="noopener noreferrer"
              onClick={(event) => {
                if (openWalletLink(href, { from: 'tap' }) === 'host') event.preventDefault()
              }}
            >
              <WalletIcon src={walletImageSrc(portico, wallet)} name={wallet.name} />
              <span className="portico-wallet-button__name">{t('view.connect.openIn', { wallet: wallet.name })}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
})
