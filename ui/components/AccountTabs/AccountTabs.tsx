import { observer } from 'mobx-react-lite'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ChainNamespace } from '../../../kernel/kernel.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { ActivityList } from '../ActivityList/ActivityList.js'
import { Button } from '../Button/Button.js'
import { EmptyState } from '../EmptyState/EmptyState.js'
import { NftGrid } from '../NftGrid/NftGrid.js'
import { Tabs } from '../Tabs/Tabs.js'
import { TokenList } from '../TokenList/TokenList.js'
import { chainHasCapability } from '../../utils/chainHasCapability.js'

/** While the Activity tab is shown, the first page is asked again this often (new transfers). */
const activityRefreshMs = 3_000

type AccountTab = 'tokens' | 'nfts' | 'activity'

/**
 * The Account view's tabs: Tokens, NFTs (only when the namespace's chain plugin declares the
 * `nfts` capability: not on Bitcoin or Cosmos) and Activity (only when the `activity` remote
 * feature is on). Each tab asks the kernel for its data when it is opened; the kernel caches and gates
 * the requests and shows the spec's toasts on failure, and a failed list shows its empty state.
 * While Activity is open its first page is refreshed every 3 s, until a fetch fails or the
 * visitor loads more.
 *
 * @example
 * <AccountTabs namespace="eip155" networkName="Portico Devnet A" />
 */
export const AccountTabs = observer(function AccountTabs({ namespace, networkName }: { namespace: ChainNamespace; networkName: string }) {
  const portico = usePortico()
  const t = useTranslate()
  const [tab, setTab] = useState<AccountTab>('tokens')
  const [now, setNow] = useState(() => Date.now())
  const [pagedActivity, setPagedActivity] = useState(false)
  // The panel never shrinks while the view is open: a tab that loads holds the height of the
  // tallest one shown, so the modal keeps its height while it loads (docs/design.md, "How a view may grow").
  const panelRef = useRef<HTMLDivElement>(null)
  const [tallest, setTallest] = useState(0)
  useLayoutEffect(() => {
    const element = panelRef.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setTallest((height) => Math.max(height, element.offsetHeight)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const { accounts, connections, options } = portico.stores
  const caipAddress = connections.caipAddress(namespace)
  const account = accounts.get(namespace)
  const showActivity = options.remoteFeatures.activity
  const showNfts = chainHasCapability(portico, namespace, 'nfts')
  // A chain that lists no tokens but its own (Bitcoin, Polkadot) shows one token row: its panel
  // holds one row's height, not two, and loads on one line (docs/design.md, "How a view may grow").
  const nativeOnly = !chainHasCapability(portico, namespace, 'tokens') && !chainHasCapability(portico, namespace, 'tokenSend')
  const current: AccountTab = (tab === 'activity' && !showActivity) || (tab === 'nfts' && !showNfts) ? 'tokens' : tab

  useEffect(() => {
    if (!caipAddress) return
    if (current === 'tokens') void portico.fetchTokenBalances(namespace)
    else if (current === 'nfts') void portico.fetchNfts(namespace)
    else void portico.fetchTransactions(namespace).then(() => setNow(Date.now()))
  }, [portico, namespace, caipAddress, current])

  const failed = Boolean(account.transactionsFailed)
  useEffect(() => {
    if (current !== 'activity' || !caipAddress || failed || pagedActivity) return
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return
      void portico.fetchTransactions(namespace).then(() => setNow(Date.now()))
    }, activityRefreshMs)
    return () => clearInterval(timer)
  }, [portico, namespace, caipAddress, current, failed, pagedActivity])

  const tabs = [
    { id: 'tokens', label: t('view.account.tab.tokens') },
    ...(showNfts ? [{ id: 'nfts', label: t('view.account.tab.nfts') }] : []),
    ...(showActivity ? [{ id: 'activity', label: t('view.account.tab.activity') }] : []),
  ]

  // NFTs and Activity are lists of unknown length: opening one grows the panel, in the click's
  // frame, to the height that takes the modal to its own limit (a phone's sheet to its full height),
  // so the list that loads fills a panel already that tall instead of growing the modal as it
  // arrives (docs/design.md, "How a view may grow").
  const select = (next: AccountTab) => {
    const element = panelRef.current
    const modal = element?.closest<HTMLElement>('.portico-modal')
    if (next !== 'tokens' && element && modal && typeof getComputedStyle === 'function') {
      const room = Math.floor(Number.parseFloat(getComputedStyle(modal).maxHeight) - modal.getBoundingClientRect().height)
      if (room > 0) setTallest((height) => Math.max(height, element.offsetHeight + room))
    }
    setTab(next)
  }

  let panel
  if (current === 'tokens') {
    const tokens = account.tokenBalances ?? []
    panel = tokens.length ? (
      <TokenList tokens={tokens} />
    ) : account.tokenBalancesLoading || (account.tokenBalances === undefined && account.lastRetry === undefined) ? (
      <EmptyState loading heading={t('view.account.tokens.loading')} />
    ) : (
      <EmptyState heading={t('view.account.tokens.empty')} hint={t('view.account.tokens.emptyHint', { network: networkName })} />
    )
  } else if (current === 'nfts') {
    const nfts = account.nfts ?? []
    panel = nfts.length ? (
      <NftGrid nfts={nfts} />
    ) : account.nftsLoading || account.nfts === undefined ? (
      // Two rows of empty tiles, a collection's usual first screen, so the grid arrives in their place.
      <>
        <p className="portico-visually-hidden" role="status">
          {t('view.account.nfts.loading')}
        </p>
        <ul className="portico-nft-grid" aria-hidden="true">
          {[0, 1, 2, 3].map((index) => (
            <li key={index} className="portico-nft-grid__item">
              <span className="portico-nft-grid__placeholder" />
              <span className="portico-nft-grid__name" />
            </li>
          ))}
        </ul>
      </>
    ) : (
      <EmptyState heading={t('view.account.nfts.empty')} hint={t('view.account.nfts.emptyHint', { network: networkName })} />
    )
  } else {
    const transactions = account.transactions ?? []
    const next = account.transactionsNext
    panel = transactions.length ? (
      <>
        <ActivityList transactions={transactions} now={now} />
        {next ? (
          <div className="portico-account-tabs__more">
            <Button
              variant="secondary"
              busy={account.transactionsLoading}
              disabled={account.transactionsLoading}
              onClick={() => {
                setPagedActivity(true)
                void portico.fetchTransactions(namespace, { cursor: next })
              }}
            >
              {t('view.account.activity.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    ) : account.transactionsUnavailable && !account.transactionsLoading ? (
      <EmptyState heading={t('view.account.activity.unavailable')} hint={t('view.account.activity.unavailableHint', { network: networkName })} />
    ) : !failed && (account.transactionsLoading || account.transactions === undefined) ? (
      <EmptyState loading heading={t('view.account.activity.loading')} />
    ) : (
      <EmptyState heading={t('view.account.activity.empty')} hint={t('view.account.activity.emptyHint', { network: networkName })} />
    )
  }

  return (
    <Tabs label={t('view.account.tabs')} tabs={tabs} selected={current} onSelect={(id) => select(id as AccountTab)}>
      <div ref={panelRef} className={`portico-account-tabs__panel${nativeOnly ? ' portico-account-tabs__panel--one-row' : ''}`} style={tallest ? { minHeight: tallest } : undefined}>
        {panel}
      </div>
    </Tabs>
  )
})
