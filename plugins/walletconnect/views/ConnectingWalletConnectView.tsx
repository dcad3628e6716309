import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChainNamespace, DirectoryWallet, Portico } from '../../../kernel/kernel.js'
import { closeAfterConnect, detectLinkHost, installLink, loadQrEncoder, openWalletLink, QrCode, StatusPanel, usePortico, useTranslate, WalletIcon, walletImageSrc, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { walletConnectConnectorId } from '../constants.js'
import { pairingExpiryMarginMs } from '../constants.js'
import type { WalletConnectStore } from '../store/WalletConnectStore.js'
import { buildWalletLinks, phoneLink } from '../utils/buildWalletLinks.js'
import { walletConnectLogo } from '../logo.js'

function readWallet(data: Record<string, unknown> | undefined): DirectoryWallet | undefined {
  const wallet = data?.wallet as DirectoryWallet | undefined
  return wallet && typeof wallet.id === 'string' && typeof wallet.name === 'string' ? wallet : undefined
}

function targetNamespace(portico: Portico, data: Record<string, unknown> | undefined): ChainNamespace {
  const served = portico.stores.wallets.connectors.filter((c) => c.id === walletConnectConnectorId).map((c) => c.namespace)
  const asked = typeof data?.namespace === 'string' ? data.namespace : undefined
  const active = portico.stores.networks.activeNamespace
  return [asked, active].find((ns): ns is string => ns !== undefined && served.includes(ns)) ?? served[0] ?? active
}

/** A tapped wallet link: inside Telegram it goes through the host's `openLink` instead of navigating. */
function tapped(href: string) {
  return (event: { preventDefault(): void }) => {
    if (openWalletLink(href, { from: 'tap' }) === 'host') event.preventDefault()
  }
}

function formatTime(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * WalletConnect pairing: a QR code of the `wc:` URI (also on the figure's `data-wc-uri`), "Copy
 * link", the time left before a fresh code replaces it, and for a directory wallet its desktop,
 * mobile and web-app links (safe schemes only). On a phone, a directory wallet with a universal
 * link (`link_mode`) or `mobile_link` gets no QR code but the "Opening <wallet>…" screen from the
 * first frame: the wallet's icon, "Approve the connection in <wallet>, then come back here", the
 * deep link carrying the URI as a real link to tap ("Try again" once the page opened it, "Open
 * <wallet>" before), Copy link, "Don't have <wallet>? Get it" (its store for this phone) and "Use
 * another wallet" (back). The view opens the deep link by itself once (the first URI, through
 * `openWalletLink`: not inside Telegram or an in-app browser that blocks navigation, where the
 * heading says "Continue in <wallet>" and the visitor taps the link; a tap inside Telegram goes
 * through its `openLink`); the screen stays when the visitor comes back, and the session arriving
 * closes it. Starts the connection on mount unless one is
 * already waiting; leaving the view cancels the pairing; on success the modal closes (or goes
 * to `redirectView`).
 *
 * @example
 * portico.open({ view: 'ConnectingWalletConnect', data: { wallet } })
 */
export const ConnectingWalletConnectView = observer(function ConnectingWalletConnectView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const text = useTranslate()
  const store = portico.getStore<WalletConnectStore>('walletconnect')
  const { router, connections } = portico.stores
  const [data] = useState(() => router.data)
  const [namespace] = useState(() => targetNamespace(portico, data))
  const wallet = readWallet(data)
  const [now, setNow] = useState(() => portico.clock.now())
  const cancelTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const view = useRef(router.view)

  const start = useCallback(() => {
    if (!store) return
    store.setWallet(wallet)
    portico.connect({ namespace, connectorId: walletConnectConnectorId }).catch(() => undefined)
  }, [portico, store, namespace, wallet])

  // The QR encoder loads while the pairing URI is made, so the code shows with it.
  useEffect(() => {
    loadQrEncoder().catch(() => {
      // offline: the code's frame stays empty; the copy link and the wallet links still work
    })
  }, [])
  useEffect(() => {
    // React may mount twice in development: a cancel scheduled by the first unmount is undone.
    if (cancelTimer.current) clearTimeout(cancelTimer.current)
    // Another wallet connected in the namespace (multi-wallet: the visitor adds this one) is no reason not to pair.
    const paired = connections.isConnected(namespace) && connections.get(namespace).connectorId === walletConnectConnectorId
    if (store && !store.pending && !paired) start()
    return () => {
      cancelTimer.current = setTimeout(() => store?.cancel(), 0)
    }
  }, [])

  const connected = connections.isConnected(namespace) && connections.get(namespace).connectorId === walletConnectConnectorId
  useEffect(() => {
    if (!connected || router.view !== view.current) return
    const redirect = data?.redirectView
    if (typeof redirect === 'string') store?.continueTo(redirect)
    else closeAfterConnect(portico)
  }, [connected])

  const expiry = store?.expiry
  useEffect(() => {
    if (expiry === undefined) return
    setNow(portico.clock.now())
    const timer = setInterval(() => setNow(portico.clock.now()), 1000)
    return () => clearInterval(timer)
  }, [expiry])

  const uri = store?.uri

  // A phone and a directory wallet that a phone opens by link: the "Opening <wallet>…" screen, from
  // the first frame (before the URI is ready, its link is a placeholder `wc:` to know it has one).
  const opensOnPhone = portico.isMobile && phoneLink(buildWalletLinks(wallet, 'wc:')) !== undefined
  const deepLink = opensOnPhone ? phoneLink(buildWalletLinks(wallet, uri)) : undefined
  // Whether the page's host lets it open a link by itself (a browser; not Telegram, not an in-app
  // browser that blocks navigation): read once, it does not change while the view is open.
  const [opensByItself] = useState(() => detectLinkHost().kind === 'browser')
  // Whether the link was opened (by the view or the visitor's tap): the button then says "Try again".
  const [tried, setTried] = useState(false)
  const opened = useRef(false)
  useEffect(() => {
    // Once per visit of the view: a renewed URI (the pairing expired while the visitor was away)
    // does not yank them to the wallet again; "Try again" carries the new one.
    if (!deepLink || opened.current) return
    opened.current = true
    // Through the page's host: inside Telegram or an in-app browser that blocks navigation nothing
    // opens by itself, and the visible "Open <wallet>" link below is what the visitor taps.
    if (openWalletLink(deepLink, { from: 'auto' }) === 'navigated') setTried(true)
  }, [deepLink])

  if (!store) return <p className="portico-wc__error">{text('walletconnect.failed')}</p>

  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      store.reportLinkCopied(true)
    } catch {
      store.reportLinkCopied(false)
    }
  }

  const heading = wallet ? text('walletconnect.scanWallet', { wallet: wallet.name }) : text('walletconnect.scan')
  if (store.status === 'error' && store.error) {
    const rejected = typeof store.error.code === 'number' && [4001, 5000].includes(store.error.code)
    return (
      <div className="portico-wc">
        <h3 className="portico-wc__heading">{rejected ? text('walletconnect.rejected') : text('walletconnect.failed')}</h3>
        <p className="portico-wc__error" role="alert">
          {text(`walletconnect.error.${String(store.error.code)}`, undefined, store.error.shortMessage)}
        </p>
        <button type="button" className="portico-wc__button" onClick={start}>
          {text('walletconnect.retry')}
        </button>
      </div>
    )
  }

  // "Link copied" is a toast (see copy), so the view keeps only the button.
  const copyControls = (
    <button type="button" className="portico-wc__button" onClick={copy} disabled={!uri}>
      {text('walletconnect.copy')}
    </button>
  )

  if (wallet && opensOnPhone) {
    const open = tried ? text('walletconnect.retry') : text('walletconnect.open', { wallet: wallet.name })
    const device = { isMobile: portico.isMobile, userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent }
    const get = installLink(wallet, device)
    return (
      <div className="portico-wc portico-wc--opening">
        <StatusPanel
          tone="waiting"
          heading={opensByItself ? text('walletconnect.opening', { wallet: wallet.name }) : text('walletconnect.continueIn', { wallet: wallet.name })}
          hint={text('walletconnect.continueHint', { wallet: wallet.name })}
          image={{ src: walletImageSrc(portico, wallet), name: wallet.name }}
        />
        {/* A real link the visitor taps: webviews that block a page's own navigation still follow it. */}
        {deepLink ? (
          <a
            className="portico-wc__button portico-wc__button--primary"
            href={deepLink}
            rel="noopener noreferrer"
            onClick={(event) => {
              setTried(true)
              tapped(deepLink)(event)
            }}
          >
            {open}
          </a>
        ) : (
          <button type="button" className="portico-wc__button portico-wc__button--primary" disabled>
            {open}
          </button>
        )}
        {copyControls}
        {get ? (
          <p className="portico-wc__hint">
            {text('walletconnect.noWallet', { wallet: wallet.name })}{' '}
            <a className="portico-wc__link" href={get} target="_blank" rel="noopener noreferrer">
              {text('walletconnect.getIt')}
            </a>
          </p>
        ) : null}
        <button type="button" className="portico-wc__text-button" onClick={() => portico.back()}>
          {text('walletconnect.useAnother')}
        </button>
      </div>
    )
  }

  const links = buildWalletLinks(wallet, uri)
  const remaining = expiry === undefined ? undefined : expiry - pairingExpiryMarginMs - now
  // The wallet's own logo (else WalletConnect's) beside the heading and in the QR code's centre.
  const logo = (wallet ? walletImageSrc(portico, wallet) : undefined) ?? walletConnectLogo
  const qr = (
    <figure className="portico-qr portico-wc-qr" data-wc-uri={uri ?? ''} aria-busy={uri ? undefined : true}>
      {uri ? <QrCode value={uri} label={text('walletconnect.qrLabel')} logo={logo} /> : <span className="portico-wc__hint">{text('walletconnect.loading')}</span>}
    </figure>
  )
  // The countdown's line is kept from the first frame (empty until the pairing's expiry is known), so the view does not grow by a line when the URI comes.
  const countdown =
    remaining !== undefined ? (
      <p className="portico-wc__countdown">
        {text('walletconnect.expiresIn', { time: formatTime(remaining) })}
        {store.uriCount > 1 ? ` · ${text('walletconnect.refreshed')}` : ''}
      </p>
    ) : (
      <p className="portico-wc__countdown" aria-hidden="true">
        {'\u00a0'}
      </p>
    )

  if (portico.isMobile && !wallet) {
    // On the phone itself there is nothing to scan (issue 52): the pairing link opens a wallet app
    // that handles `wc:` links (the system offers the installed ones), and the code is kept, folded,
    // for a visitor who would rather scan it from another device.
    return (
      <div className="portico-wc">
        <p className="portico-wc__hint">{text('walletconnect.openAppHint')}</p>
        {uri ? (
          <a className="portico-wc__button portico-wc__button--primary" href={uri} rel="noopener noreferrer" onClick={tapped(uri)}>
            {text('walletconnect.openApp')}
          </a>
        ) : (
          <button type="button" className="portico-wc__button portico-wc__button--primary" disabled>
            {text('walletconnect.openApp')}
          </button>
        )}
        {copyControls}
        <details className="portico-wc__other">
          <summary>{text('walletconnect.otherDevice')}</summary>
          {qr}
          {countdown}
        </details>
      </div>
    )
  }

  return (
    <div className="portico-wc">
      <h3 className="portico-wc__heading portico-wc__heading--scan">
        {wallet ? <WalletIcon src={logo} name={wallet.name} size="small" /> : null}
        <span>{heading}</span>
      </h3>
      {qr}
      <p className="portico-wc__hint">{text('walletconnect.scanHint')}</p>
      {countdown}
      {copyControls}
      {wallet && (links.desktop || links.mobile || links.webapp) ? (
        <ul className="portico-wc__links" aria-label={text('walletconnect.links', { wallet: wallet.name })}>
          {links.desktop ? (
            <li>
              <a className="portico-wc__link" href={links.desktop} rel="noopener noreferrer" onClick={tapped(links.desktop)}>
                {text('walletconnect.desktop')}
              </a>
            </li>
          ) : null}
          {links.mobile ? (
            <li>
              <a className="portico-wc__link" href={links.mobile} rel="noopener noreferrer" onClick={tapped(links.mobile)}>
                {text('walletconnect.mobile')}
              </a>
            </li>
          ) : null}
          {links.webapp ? (
            <li>
              <a className="portico-wc__link" href={links.webapp} target="_blank" rel="noopener noreferrer" onClick={tapped(links.webapp)}>
                {text('walletconnect.webapp')}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
})
