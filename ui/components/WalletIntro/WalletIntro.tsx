import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { Icon } from '../Icon/Icon.js'

/**
 * "What is a wallet?": a short explanation for a visitor who has no wallet yet, and a button to
 * the Get a Wallet view.
 *
 * @example
 * <WalletIntro />
 */
export function WalletIntro() {
  const portico = usePortico()
  const t = useTranslate()
  return (
    <section className="portico-wallet-intro" aria-labelledby="portico-wallet-intro-heading">
      <h3 id="portico-wallet-intro-heading" className="portico-wallet-intro__heading">
        {t('view.connect.whatIsAWallet')}
      </h3>
      <p className="portico-wallet-intro__text">{t('view.connect.whatIsAWalletText')}</p>
      <button type="button" className="portico-wallet-intro__get" onClick={() => portico.stores.router.push('GetWallet')}>
        <span>{t('view.connect.getAWallet')}</span>
        <Icon name="chevron" />
      </button>
    </section>
  )
}
