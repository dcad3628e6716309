import { observer } from 'mobx-react-lite'
import { useEffect, useId, useRef, useState } from 'react'
import { constants, type DirectoryWallet } from '../../../kernel/kernel.js'
import { Button } from '../../components/Button/Button.js'
import { Icon } from '../../components/Icon/Icon.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { WalletButton } from '../../components/WalletButton/WalletButton.js'
import { useAnnounce } from '../../hooks/useAnnounce.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { loadView } from '../../modal/viewComponents.js'
import { directoryWalletView } from '../../utils/directoryWalletView.js'
import { findConnectorFor } from '../../utils/findConnectorFor.js'
import { selectDirectoryWallet } from '../../utils/selectDirectoryWallet.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'

/** How far (px) below the visible end of the list the next wallets are already rendered or fetched. */
const aheadPx = 400

/**
 * The All Wallets view: the wallet directory in a grid that grows as the visitor scrolls (40 more
 * wallets rendered, or the next page of 40 fetched, when the end comes within 400 px; tiles off
 * screen skip layout and paint with `content-visibility: auto`), and a search (trimmed, from 2
 * characters, 500 ms after typing stops) whose results render the same way.
 *
 * @example
 * portico.open({ view: 'AllWallets' })
 */
export const AllWalletsView = observer(function AllWalletsView() {
  const portico = usePortico()
  const t = useTranslate()
  const inputId = useId()
  const { directory, wallets } = portico.stores
  const [input, setInput] = useState(directory.query)
  const scrollRef = useRef<HTMLDivElement>(null)

  // Page 1 when the view first opens.
  useEffect(() => {
    if (directory.page === 0 && !directory.loading) void directory.fetchNextPage()
  }, [directory])
  // The view a tile opens (a pairing connector's, e.g. WalletConnect's) loads while the visitor
  // looks, so a tap shows it at its own height, never after the modal's loading state.
  useEffect(() => {
    const next = portico.views.get(directoryWalletView(portico).view)
    if (next) void loadView(next).catch(() => undefined)
  }, [portico])

  // 500 ms after typing stops, search (again only when the trimmed text changed). Search mode
  // needs 2 characters after trimming: " t" does not search for "t".
  const commit = (text: string) => {
    const before = directory.query.trim()
    directory.setQuery(text)
    const term = directory.query.trim()
    if (term !== before && (term.length >= constants.searchMinLength || before.length >= constants.searchMinLength)) void directory.search()
  }
  useEffect(() => {
    const timer = setTimeout(() => commit(input), constants.searchDebounceMs)
    return () => clearTimeout(timer)
  }, [input, directory])
  // Leaving the view before the search ran (a wallet tapped within 500 ms of typing) keeps the
  // text, searched, for the way back: Back shows the list as the visitor left it.
  const typed = useRef(input)
  typed.current = input
  useEffect(() => () => commit(typed.current), [directory])

  const searchMode = directory.isSearch && directory.query.trim().length >= constants.searchMinLength
  const items: readonly DirectoryWallet[] = searchMode ? directory.searchResults : directory.wallets
  // The wallets in the DOM: one page at first, one more each time the end comes near.
  const [shown, setShown] = useState<number>(constants.walletsPerPage)
  const endRef = useRef<HTMLDivElement>(null)
  const [nearEnd, setNearEnd] = useState(false)
  // Observed afresh after every render, so `nearEnd` tells where the end is once the grid has grown.
  useEffect(() => {
    const root = scrollRef.current
    const end = endRef.current
    if (!root || !end || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => setNearEnd(entries.some((entry) => entry.isIntersecting)), { root, rootMargin: `0px 0px ${aheadPx}px 0px` })
    observer.observe(end)
    return () => observer.disconnect()
  })

  // Near the end of the list: more of what is loaded, else the next page.
  useEffect(() => {
    if (!nearEnd) return
    if (shown < items.length) return setShown((count) => count + constants.walletsPerPage)
    if (searchMode || directory.loading || directory.failed || !directory.hasMore || directory.page === 0) return
    void directory.fetchNextPage()
  }, [nearEnd, shown, items.length, searchMode, directory, directory.loading, directory.failed, directory.hasMore, directory.page])

  // A new search starts at the top, with one page of wallets.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 })
    setShown(constants.walletsPerPage)
  }, [searchMode, directory.query])

  const searching = searchMode && directory.searching
  const firstLoad = !searchMode && items.length === 0 && (directory.loading || directory.page === 0) && !directory.failed
  useAnnounce(
    searching
      ? t('status.searching')
      : searchMode
        ? items.length
          ? t('status.results', { count: items.length })
          : t('view.allWallets.noResults')
        : firstLoad
          ? t('view.allWallets.loading')
          : undefined,
  )

  return (
    <div className="portico-all-wallets">
      <div className="portico-all-wallets__search">
        <label className="portico-visually-hidden" htmlFor={inputId}>
          {t('view.allWallets.search')}
        </label>
        <Icon name="search" className="portico-all-wallets__search-icon" />
        <input
          id={inputId}
          className="portico-all-wallets__input"
          type="search"
          value={input}
          placeholder={t('view.allWallets.search')}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          onChange={(event) => setInput(event.target.value)}
        />
        {searching ? <Spinner /> : null}
      </div>
      {firstLoad ? (
        <p className="portico-all-wallets__note">
          <Spinner /> {t('view.allWallets.loading')}
        </p>
      ) : !searchMode && items.length === 0 && directory.failed ? (
        <div className="portico-all-wallets__note">
          <p>{t('view.allWallets.failed')}</p>
          <Button onClick={() => void directory.fetchNextPage()}>{t('modal.retry')}</Button>
        </div>
      ) : searchMode && !searching && items.length === 0 ? (
        <p className="portico-all-wallets__note">{t('view.allWallets.noResults')}</p>
      ) : (
        <div ref={scrollRef} className="portico-all-wallets__scroll" role="region" aria-label={t('view.allWallets.list')} aria-busy={directory.loading || searching || undefined}>
          <div className="portico-all-wallets__grid">
            {items.slice(0, shown).map((wallet) => {
              // An installed wallet keeps its own icon and says so.
              const installed = findConnectorFor(wallets.merged, wallet)
              return (
                <WalletButton
                  key={wallet.id}
                  layout="tile"
                  name={wallet.name}
                  imageSrc={(installed && walletImageSrc(portico, installed)) ?? walletImageSrc(portico, wallet)}
                  {...(installed ? { tag: t('wallet.installed') } : {})}
                  onSelect={() => selectDirectoryWallet(portico, wallet)}
                />
              )
            })}
          </div>
          <div ref={endRef} className="portico-all-wallets__end" />
          {directory.loading && !searchMode && items.length > 0 ? (
            <p className="portico-all-wallets__more">
              <Spinner /> <span className="portico-visually-hidden">{t('view.allWallets.loading')}</span>
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
})
