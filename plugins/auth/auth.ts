import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { FrameDocument } from './client/mountFrame.js'
import type { OpenFrameReturnType } from './client/openFrame.js'

export type AuthOptions = {
  /** The wallet origin: an origin of your Portico server that is not the site's (`https://wallet.example.com`). */
  walletOrigin: string
  /** Sent to the frame (`?projectId=`); default: `createPortico`'s `projectId`. */
  projectId?: string
  /** The social logins to offer, in this order (only those the project's `socials` feature enables). Default: the project's list. */
  socials?: readonly string[]
  /** Offer the email one-time-code login (default true; also needs the project's `email` feature). */
  email?: boolean
  /**
   * `'ask'` (default): every signature shows the approval screen in the wallet frame. `'skip'`:
   * plain messages (`personal_sign`, solana `signMessage`) sign without it. Typed data and
   * transactions always ask.
   */
  messageApproval?: 'ask' | 'skip'
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type AuthEnvironment = {
  /** Where the frame is mounted (default: the page's `document`). */
  document?: FrameDocument
  /** Listens for `message` events of the page (default: `window`). */
  messages?: { addEventListener(type: 'message', fn: (event: { origin?: unknown; data?: unknown }) => void): void; removeEventListener(type: 'message', fn: (event: { origin?: unknown; data?: unknown }) => void): void }
  /** Opens the frame (default: mounts the real iframe); tests hand in a client over a MessageChannel. */
  openFrame?: () => Promise<Pick<OpenFrameReturnType, 'client' | 'place' | 'destroy'>>
  /** The Telegram platform (default: read from `window.Telegram.WebApp`). */
  telegramPlatform?: string
}

/** What the plugin's views read (`portico.getStore('auth')` is the {@link AuthStore}; this sits beside it). */
export type AuthSettings = Readonly<{
  /** The social buttons to show, in order (project features, plugin option, Telegram rules). */
  socials(): string[]
  /** Whether the email login is offered. */
  email(): boolean
  walletOrigin: string
  /** Shows one of the plugin's views on top of the current one (back returns). */
  navigate(view: string, data?: Record<string, unknown>): void
  /** Shows a toast (a message key or text). */
  notify(variant: 'success' | 'error', message: string): void
}>

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupAuth.js'))

/**
 * The auth connector plugin (issue 23): email one-time-code and social login with an embedded
 * wallet whose key lives only in a frame on your Portico server's wallet origin
 * (docs/guides/embedded-wallet.md). One `AUTH` connector per approved namespace the site
 * configured (eip155, solana); one login connects both. The frame loads only when the visitor
 * uses email or a social login, or a stored auth connection is restored; the rest of its code (the
 * connectors, taps and the login's MobX store) loads with the kernel (`load()`). Its state is
 * `portico.getStore('auth')`; its views are EmailLogin, ConnectingSocial (alias
 * ConnectingFarcaster), UpdateEmailWallet, EmbeddedWalletProfile ("Wallet & login"), ExportPrivateKey and
 * ApproveTransaction (the modal shows the frame's approval screen while a signature waits).
 *
 * @param options - see {@link AuthOptions}
 * @param environment - test and host seams, see {@link AuthEnvironment}
 * @example
 * import { auth } from 'portico/auth'
 * createPortico({ projectId, networks, plugins: [eip155(), solana(), auth({ walletOrigin: 'https://wallet.example.com', socials: ['google', 'github'] })] })
 */
export function auth(options: AuthOptions, environment: AuthEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'auth',
    kind: 'connector',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code (its MobX store, connectors and taps) loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupAuth(portico, options, environment),
  })
}
