import { useEffect } from 'react'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { Icon } from '../Icon/Icon.js'

/**
 * "What is a wallet?": a short explanation for a visitor who has no wallet yet, and a button to
 * the Get a Wallet view. The built-in wallets that view lists are read as soon as the button shows,
 * and the click opens the view once they are (at once when they already are): it opens whole, at
 * its own height, never empty and growing (docs/design.md, "How a view may grow").
 *
 * @example
 * <WalletIntro />
 */
export function WalletIntro() {
  const portico = usePortico()
  const t = useTranslate()
  const namespaces = portico.stores.networks.namespaces
  useEffect(() => {
    void portico.builtinWallets.load(namespaces)
  }, [portico, namespaces])
  const open = () => {
    const { router, modal } = portico.stores
    const from = router.view
    // load() resolves once each list is read (a list that fails to load stays empty): it never
    // rejects. A visitor who left the view or closed the modal meanwhile is not taken anywhere.
    void portico.builtinWallets.load(portico.stores.networks.namespaces).then(() => {
      if (modal.open && router.view === from) router.push('GetWallet')
    })
  }
  return (
    <section className="portico-wallet-intro" aria-labelledby="portico-wallet-intro-heading">
      <h3 id="portico-wallet-intro-heading" className="portico-wallet-intro__heading">
        {t('view.connect.whatIsAWallet')}
      </h3>
      <p className="portico-wallet-intro__text">{t('view.connect.whatIsAWalletText')}</p>
      <button type="button" className="portico-wallet-intro__get" onClick={open}>
        <span>{t('view.connect.getAWallet')}</span>
        <Icon name="chevron" />
      </button>
    </section>
  )
}
