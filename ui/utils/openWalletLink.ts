/** Telegram's Mini App object (`window.Telegram.WebApp`), the part that opens links. */
export type TelegramWebApp = {
  platform?: string
  openLink?: (url: string, options?: { try_instant_view?: boolean }) => void
  openTelegramLink?: (url: string) => void
}

/** Where the page runs, for opening a wallet's link. */
export type LinkHost =
  | { kind: 'telegram'; webApp: TelegramWebApp }
  | { kind: 'in-app'; app: string }
  | { kind: 'browser' }

/** In-app browsers (by user agent) that block a page's own navigation to another app's link. */
const inAppBrowsers: readonly [string, RegExp][] = [
  ['facebook', /FBAN|FBAV|FB_IAB/],
  ['instagram', /Instagram/],
  ['line', /\bLine\//],
  ['wechat', /MicroMessenger/],
  ['tiktok', /musical_ly|BytedanceWebview|TikTok/],
  ['snapchat', /Snapchat/],
  ['linkedin', /LinkedInApp/],
  ['twitter', /Twitter(?:Android)?\b/],
]

type Scope = { Telegram?: { WebApp?: unknown }; navigator?: { userAgent?: string }; location?: { assign(url: string): void } }

/**
 * Where the page runs (docs/guides/mobile.md, "Opening wallet links"): inside Telegram when
 * `Telegram.WebApp` is there with `openLink` and a platform other than `unknown` (Telegram's
 * script reports `unknown` outside Telegram); in an in-app browser that blocks navigation when its
 * user agent names one (Facebook, Instagram, LINE, WeChat, TikTok, Snapchat, LinkedIn, X); else a
 * browser.
 *
 * @param scope - the window (default `globalThis`)
 * @example
 * detectLinkHost(window).kind // 'telegram' inside a Telegram Mini App
 */
export function detectLinkHost(scope: unknown = globalThis): LinkHost {
  const page = (scope ?? {}) as Scope
  const webApp = page.Telegram?.WebApp as TelegramWebApp | undefined
  if (webApp && typeof webApp.openLink === 'function' && typeof webApp.platform === 'string' && webApp.platform !== '' && webApp.platform !== 'unknown') {
    return { kind: 'telegram', webApp }
  }
  const userAgent = page.navigator?.userAgent ?? ''
  const app = inAppBrowsers.find(([, pattern]) => pattern.test(userAgent))
  return app ? { kind: 'in-app', app: app[0] } : { kind: 'browser' }
}

export type OpenWalletLinkParameters = {
  /**
   * `tap`: called from the click of a visible link (a user gesture); `auto`: the page opens it by
   * itself (a WalletConnect deep link once its URI is ready).
   */
  from: 'tap' | 'auto'
  /** The window (default `globalThis`). */
  scope?: unknown
}

/**
 * What opening did: `host` (Telegram's `openLink`/`openTelegramLink` took it: a tapped link must
 * not navigate too), `navigated` (the page went to it), `default` (a tapped link navigates
 * itself), `visible-link` (nothing opened: the page must show the link for the visitor to tap).
 */
export type OpenWalletLinkReturnType = 'host' | 'navigated' | 'default' | 'visible-link'

/**
 * Opens a wallet's link (a WalletConnect deep link, an in-app browser link) the way the page's host
 * allows. Inside Telegram a tapped https link goes through `Telegram.WebApp.openLink` (a `t.me`
 * link through `openTelegramLink`), never by navigating the Mini App; Telegram accepts those calls
 * only in a user gesture, so an automatic open there (and in an in-app browser that blocks
 * navigation, and for a wallet scheme inside Telegram) leaves the link visible to tap. In a
 * browser an automatic open navigates to it.
 *
 * @param url - the link (https, or a wallet's own scheme)
 * @param parameters - a tap or an automatic open, and the window
 * @returns what happened (a tapped link's click is prevented when `host`)
 * @example
 * <a href={link} onClick={(e) => { if (openWalletLink(link, { from: 'tap' }) === 'host') e.preventDefault() }}>Open</a>
 */
export function openWalletLink(url: string, { from, scope = globalThis }: OpenWalletLinkParameters): OpenWalletLinkReturnType {
  const host = detectLinkHost(scope)
  if (host.kind === 'telegram') {
    if (from === 'auto' || !/^https:\/\//i.test(url)) return from === 'auto' ? 'visible-link' : 'default'
    if (/^https:\/\/t\.me\//i.test(url) && typeof host.webApp.openTelegramLink === 'function') host.webApp.openTelegramLink(url)
    else host.webApp.openLink?.(url)
    return 'host'
  }
  if (from === 'tap') return 'default'
  if (host.kind === 'in-app') return 'visible-link'
  const location = (scope as Scope).location
  if (!location) return 'visible-link'
  location.assign(url)
  return 'navigated'
}
