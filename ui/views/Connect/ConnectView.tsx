import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { getConnectMethodsOrder, safeHttpUrl, type ConnectMethod } from '../../../kernel/kernel.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useAnnounce } from '../../hooks/useAnnounce.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { getUiState } from '../../state/getUiState.js'
import { Icon } from '../../components/Icon/Icon.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { WalletGroup } from '../../components/WalletGroup/WalletGroup.js'
import { WalletIntro } from '../../components/WalletIntro/WalletIntro.js'
import { OpenInWallet } from '../../components/OpenInWallet/OpenInWallet.js'
import { builtinWalletsFor } from '../../utils/builtinWalletsFor.js'
import { ConnectMethodOutlet } from './ConnectMethodOutlet.js'
import { chainBadges } from '../../utils/chainBadges.js'
import { connectGroups, connectorServes, recommendedCount } from './connectGroups.js'
import { shownConnectMethods } from './shownConnectMethods.js'

/**
 * The Connect view: its connect methods in the site's order (`features.connectMethodsOrder`,
 * else email and social first, then "or" and the wallets, so email and social show without
 * scrolling however many wallets are installed; on a phone the wallets lead): the wallets to choose from, grouped in
 * the site's connector-type order, with an "All Wallets" button; and the email and social
 * sections a connector plugin registered (`connectMethods`), while the remote features `email`
 * and `socials` are on; and a footer with the site's terms and privacy policy when it set
 * `termsConditionsUrl` / `privacyPolicyUrl` (https only; opened in a new tab without referrer).
 * With `features.legalCheckbox` that footer is a checkbox, and every connect option stays
 * disabled until the visitor ticks it. On a phone the wallets come first (unless the site set an
 * order), and with no injected wallet the list leads with "Open in <wallet>" links, which continue
 * in the in-app browser of each wallet of the site's namespaces that documents one; the sheet
 * takes at most three quarters of the screen there, its list scrolling inside. With `features.collapseWallets` (or `emailShowWallets:
 * false` while the email login is shown), the wallets wait behind one "Continue with a wallet"
 * button while an email or social login is shown.
 *
 * @example
 * portico.open({ view: 'Connect' })
 */
export const ConnectView = observer(function ConnectView() {
  const portico = usePortico()
  const t = useTranslate()
  const { wallets, directory, options } = portico.stores
  const ui = getUiState(portico)
  const features = options.features
  const siteOptions = portico.options
  const { networks } = portico.stores
  // The namespace the visitor chose (a network picked while disconnected, `open({ namespace })`):
  // only its wallets are listed, with a way back to all of them.
  const chosen = networks.chosenNamespace
  const namespace = chosen !== undefined && networks.namespaces.length > 1 && networks.namespaces.includes(chosen) ? chosen : undefined
  const builtin = namespace === undefined ? builtinWalletsFor(portico) : portico.builtinWallets.for([namespace])
  const namespaceName = namespace === undefined ? undefined : (chainBadges(portico, t, { id: namespace, name: namespace, namespace, type: 'INJECTED' })[0]?.name ?? namespace)

  // The directory unreachable (or empty): the built-in list of real wallets recommends instead.
  const directoryDown = directory.failed || (directory.page > 0 && !directory.loading && directory.wallets.length === 0)
  const parameters = {
    connectors: wallets.merged,
    recent: wallets.recent,
    featured: directory.featured,
    custom: siteOptions.customWallets ?? [],
    directory: directoryDown ? builtin : directory.wallets,
    order: features.connectorTypeOrder,
    isMobile: portico.isMobile,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(siteOptions.includeWalletIds ? { includeWalletIds: siteOptions.includeWalletIds } : {}),
    ...(siteOptions.excludeWalletIds ? { excludeWalletIds: siteOptions.excludeWalletIds } : {}),
  }
  const injectedCount = connectGroups(parameters).find((g) => g.id === 'injected')?.items.length ?? 0
  const wantsRecommended =
    !ui.discovering &&
    recommendedCount({ featured: siteOptions.featuredWalletIds?.length ?? 0, custom: siteOptions.customWallets?.length ?? 0, injected: injectedCount }) > 0 &&
    (injectedCount > 0 || (siteOptions.customWallets?.length ?? 0) > 0 || wallets.merged.some((c) => c.connectsDirectoryWallets === true))
  // Until the directory answers, the rows of its featured and recommended wallets are held, so All
  // Wallets below them does not move under the visitor's pointer when they arrive.
  const groups = connectGroups({
    ...parameters,
    pending: { featuredIds: directory.pendingFeaturedIds, recommended: wantsRecommended && !directoryDown && directory.wallets.length === 0 },
  })

  useEffect(() => {
    void directory.fetchFeatured()
  }, [directory])
  useEffect(() => {
    if (wantsRecommended && directory.page === 0 && !directory.loading && !directory.failed) void directory.fetchNextPage()
  }, [wantsRecommended, directory])

  const showAllWallets =
    features.allWallets && siteOptions.allWallets !== 'HIDE' && (siteOptions.allWallets !== 'ONLY_MOBILE' || portico.isMobile)
  const discovering = ui.discovering && groups.length === 0
  const legal = [
    ['view.connect.terms', safeHttpUrl(siteOptions.termsConditionsUrl)],
    ['view.connect.privacy', safeHttpUrl(siteOptions.privacyPolicyUrl)],
  ].filter((entry): entry is [string, string] => entry[1] !== undefined)
  useAnnounce(discovering ? t('view.connect.discovering') : undefined)
  const methods = shownConnectMethods({
    // On a phone the wallets lead (issue 52): installed ones, or the wallet apps to open. Elsewhere
    // email and social come first: above the fold of the modal, however many wallets are installed.
    order: getConnectMethodsOrder({ features, isMobile: portico.isMobile }),
    remoteFeatures: options.remoteFeatures,
    // Email and social logins create a wallet of an AUTH connector: shown for a chosen namespace
    // only when that connector serves it.
    registered: (method) =>
      portico.connectMethods.get(method) !== undefined &&
      (namespace === undefined || wallets.merged.some((c) => c.type === 'AUTH' && connectorServes(c, namespace))),
  })
  const gated = features.legalCheckbox && legal.length > 0 && !ui.legalAccepted
  const collapsed =
    !ui.walletsExpanded &&
    (methods.includes('email') || methods.includes('social')) &&
    (features.collapseWallets || (!features.emailShowWallets && methods.includes('email')))

  // A phone with no injected wallet: continue in a wallet app's own browser (issue 53), first of all (issue 52).
  const openIn = !discovering && injectedCount === 0 && portico.isMobile ? <OpenInWallet wallets={builtin} /> : null
  const walletSection = (
    <>
      {openIn}
      {discovering ? (
        <p className="portico-connect__note">
          <Spinner /> {t('view.connect.discovering')}
        </p>
      ) : groups.length === 0 ? (
        <p className="portico-connect__note">{t('view.connect.empty')}</p>
      ) : (
        groups.map((group) => <WalletGroup key={group.id} group={group} />)
      )}
      {!discovering && injectedCount === 0 ? <WalletIntro /> : null}
      {showAllWallets ? (
        <button type="button" className="portico-connect__all" onClick={() => portico.stores.router.push('AllWallets')}>
          <Icon name="grid" />
          <span className="portico-connect__all-label">{t('view.connect.allWallets')}</span>
          <Icon name="chevron" />
        </button>
      ) : null}
    </>
  )

  const legalLinks = legal.map(([key, href], index) => (
    <span key={key}>
      {index > 0 ? ` ${t('view.connect.legalAnd')} ` : null}
      <a href={href} target="_blank" rel="noopener noreferrer">
        {t(key)}
      </a>
    </span>
  ))

  return (
    <div className="portico-connect">
      {features.legalCheckbox && legal.length > 0 ? (
        <label className="portico-connect__agree">
          <input type="checkbox" checked={ui.legalAccepted} onChange={(event) => ui.setLegalAccepted(event.currentTarget.checked)} />
          <span>
            {t('view.connect.legalAgree')} {legalLinks}
          </span>
        </label>
      ) : null}
      {namespaceName !== undefined ? (
        <p className="portico-connect__filter">
          <span className="portico-connect__filter-label">{t('view.connect.filtered', { chain: namespaceName })}</span>
          <button type="button" className="portico-connect__filter-all" onClick={() => networks.chooseNamespace(undefined)}>
            {t('view.connect.showAll')}
          </button>
        </p>
      ) : null}
      {/* A disabled fieldset disables every control inside it, the email field and social buttons included. */}
      <fieldset className="portico-connect__methods" disabled={gated}>
        {methods.map((method: ConnectMethod, index) => {
          // The wallets and a login (email, social) are two ways in: "or" stands between them; email
          // and social side by side are one way in, with no line between them.
          const previous = index > 0 ? methods[index - 1] : undefined
          const divider = previous !== undefined && (previous === 'wallet') !== (method === 'wallet') ? (
            <p key={`or-${method}`} className="portico-connect__or">
              {t('view.connect.or')}
            </p>
          ) : null
          const section =
            method === 'wallet' ? (
              <div key={method} className="portico-connect__method" data-method={method}>
                {collapsed ? (
                  <button type="button" className="portico-connect__all" onClick={() => ui.expandWallets()}>
                    <Icon name="wallet" />
                    <span className="portico-connect__all-label">{t('view.connect.continueWithWallet')}</span>
                    <Icon name="chevron" />
                  </button>
                ) : (
                  walletSection
                )}
              </div>
            ) : (
              <ConnectMethodOutlet key={method} method={method} />
            )
          return divider ? [divider, section] : section
        })}
      </fieldset>
      {legal.length > 0 && !features.legalCheckbox ? (
        <p className="portico-connect__legal">
          {t('view.connect.legal')} {legalLinks}
        </p>
      ) : null}
    </div>
  )
})
