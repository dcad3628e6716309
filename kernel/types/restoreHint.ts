import type { CaipAddress, ChainNamespace } from './caip.js'

/**
 * What a server may know of a returning visitor before any script runs: which namespaces had a
 * connection, and through which connector; with `restoreCookie: { account: true }`, also each
 * connection's account (CAIP-10: network and address). Nothing secret (no session, no key). Read
 * it from the request's `Cookie` header with `readRestoreHint` and pass it to `<PorticoProvider
 * restoreHint>` (or `createPortico({ restoreHint })`), so the server renders the buttons'
 * restoring state (and, with the account, the account itself) instead of "Connect Wallet".
 */
export type RestoreHint = {
  connections: Readonly<Partial<Record<ChainNamespace, RestoreHintConnection>>>
}

/** One namespace's entry of a {@link RestoreHint}. */
export type RestoreHintConnection = {
  connectorId: string
  /** The account the connection had (`restoreCookie: { account: true }` only), e.g. `eip155:1:0xf39F…2266`. */
  caipAddress?: CaipAddress
}

/** Something with a writable `cookie` property; `document` fits. */
export type CookieJar = { cookie: string }

/** `createPortico({ restoreCookie })`: keep the restore-hint cookie in sync with the stored connections. */
export type RestoreCookieOptions = {
  /** Lifetime in seconds, renewed on every load and connection change (default 30 days; at most 400 days). */
  maxAge?: number
  /** Where to write the cookie (default `document` in a browser; nothing elsewhere). */
  jar?: CookieJar
  /**
   * Also keep each connection's account (CAIP-10: its network and address) in the cookie, so a
   * returning visitor's account shows at first paint, on the server too, while the wallet is
   * asked again (default `false`). The trade-off: the address is then sent with every request to
   * the site's own server (a first-party cookie, never to anyone else), which can tie the
   * visitor's visits to it; leave it off unless the pages need the account before scripts run.
   */
  account?: boolean
}

/** The restore-hint cookie's name. */
export const restoreCookieName = 'portico.restore'

/** The restore-hint cookie's default lifetime: 30 days, in seconds. */
export const restoreCookieMaxAge = 30 * 24 * 60 * 60

/** Limits on a restore hint, shared by the reader, the writer and option validation. */
export const restoreHintLimits = {
  /** Namespaces in one hint. */
  namespaces: 16,
  /** Characters of one connector id. */
  connectorId: 200,
  /** Characters of the cookie's value. */
  value: 2048,
  /** Characters of a whole `Cookie` header that is looked at. */
  header: 32_768,
} as const
