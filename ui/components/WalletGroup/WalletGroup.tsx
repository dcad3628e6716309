import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { selectConnector } from '../../utils/selectConnector.js'
import { selectDirectoryWallet } from '../../utils/selectDirectoryWallet.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'
import type { ConnectGroup } from '../../views/Connect/connectGroups.js'
import { WalletButton } from '../WalletButton/WalletButton.js'

/**
 * One group of the Connect view ("Installed", "Recommended", …): a labelled section with a list
 * of wallet buttons; choosing one connects it or shows where to get it.
 *
 * @example
 * <WalletGroup group={{ id: 'injected', items }} />
 */
export const WalletGroup = observer(function WalletGroup({ group }: { group: ConnectGroup }) {
  const portico = usePortico()
  const t = useTranslate()
  const headingId = useId()
  return (
    <section className="portico-wallet-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="portico-wallet-group__title">
        {t(`view.connect.group.${group.id}`)}
      </h3>
      <ul className="portico-wallet-group__list">
        {group.items.map((item) => (
          <li key={item.key}>
            <WalletButton
              name={item.name}
              imageSrc={walletImageSrc(portico, item.connector ?? item.wallet ?? {})}
              onSelect={() => {
                if (item.connector) selectConnector(portico, item.connector)
                else if (item.wallet) selectDirectoryWallet(portico, item.wallet)
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  )
})
