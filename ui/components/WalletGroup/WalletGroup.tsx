import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { chainBadges, memberFor, needsChainChoice } from '../../utils/chainBadges.js'
import { connectMember, selectConnector } from '../../utils/selectConnector.js'
import { selectDirectoryWallet } from '../../utils/selectDirectoryWallet.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'
import type { ConnectGroup } from '../../views/Connect/connectGroups.js'
import { WalletButton } from '../WalletButton/WalletButton.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

/**
 * One group of the Connect view ("Installed", "Recommended", …): a labelled section with a list
 * of wallet buttons; choosing one connects it or shows where to get it. A wallet that serves
 * several of the site's namespaces with separate connections also shows one button per chain
 * (its logo and the name its chain plugin gives): that one connects that namespace, whatever the
 * header's network. A `pending` item (a directory wallet still loading) holds a row's place. A
 * group of one row named as the group (WalletConnect) shows the row without a heading.
 *
 * @example
 * <WalletGroup group={{ id: 'injected', items }} />
 */
/** The most chain chips that show their names: more do not fit one row at 360 px, and show icons only. */
const maxNamedChains = 4

export const WalletGroup = observer(function WalletGroup({ group }: { group: ConnectGroup }) {
  const portico = usePortico()
  const t = useTranslate()
  const headingId = useId()
  const title = t(`view.connect.group.${group.id}`)
  // A group of one row that its heading only repeats (WalletConnect over the WalletConnect row) is
  // no group: the row stands alone, without the heading (docs/design.md, "Rows").
  const untitled = group.items.length === 1 && group.items[0]?.name === title
  return (
    <section className={untitled ? 'portico-wallet-group portico-wallet-group--untitled' : 'portico-wallet-group'} aria-labelledby={untitled ? undefined : headingId} aria-label={untitled ? title : undefined}>
      {untitled ? null : (
        <h3 id={headingId} className="portico-wallet-group__title">
          {title}
        </h3>
      )}
      <ul className="portico-wallet-group__list" aria-busy={group.items.some((item) => item.pending) || undefined}>
        {group.items.map((item) => {
          // A wallet the directory has not sent yet: its row's place, shown as such and not announced.
          if (item.pending) {
            return (
              <li key={item.key} aria-hidden="true">
                <span className="portico-wallet-button portico-wallet-button--pending">
                  <span className="portico-wallet-icon" />
                  <span className="portico-wallet-button__bar" />
                </span>
              </li>
            )
          }
          const chains = item.connector && needsChainChoice(portico, item.connector) ? chainBadges(portico, t, item.connector) : []
          return (
          <li key={item.key} className={chains.length > 0 ? 'portico-wallet-group__item--chains' : undefined}>
            <WalletButton
              name={item.name}
              imageSrc={walletImageSrc(portico, item.connector ?? item.wallet ?? {})}
              onSelect={() => {
                if (item.connector) selectConnector(portico, item.connector)
                else if (item.wallet) selectDirectoryWallet(portico, item.wallet)
              }}
            />
            {chains.length > 0 && item.connector ? (
              // More chains than four names fit on one row at 360 px (a Ledger's seven): the chains'
              // icons alone, each name in its title and to screen readers (docs/design.md, "Rows").
              <span role="group" className={chains.length > maxNamedChains ? 'portico-wallet-group__chains portico-wallet-group__chains--icons' : 'portico-wallet-group__chains'} aria-label={t('wallet.chains', { wallet: item.name })}>
                {chains.map((chain) => (
                  <button
                    key={chain.namespace}
                    type="button"
                    title={chain.name}
                    className="portico-wallet-group__chain"
                    onClick={() => {
                      const member = item.connector ? memberFor(item.connector, chain.namespace) : undefined
                      if (member) connectMember(portico, member)
                    }}
                  >
                    <WalletIcon src={chain.imageSrc} name={chain.name} size="small" mark />
                    <span className={chains.length > maxNamedChains ? 'portico-visually-hidden' : undefined}>{chain.name}</span>
                  </button>
                ))}
              </span>
            ) : null}
          </li>
          )
        })}
      </ul>
    </section>
  )
})
