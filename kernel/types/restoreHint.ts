import type { ChainNamespace } from './caip.js'

/**
 * What a server may know of a returning visitor before any script runs: which namespaces had a
 * connection, and through which connector. Nothing secret (no address, no session). Read it from
 * the request's `Cookie` header with `readRestoreHint` and pass it to `<PorticoProvider
 * restoreHint>` (or `createPortico({ restoreHint })`), so the server renders the buttons'
 * restoring state instead of "Connect Wallet".
 */
export type RestoreHint = {
  connections: Readonly<Partial<Record<ChainNamespace, { connectorId: string }>>>
}

/** Something with a writable `cookie` property; `document` fits. */
export type CookieJar = { cookie: string }

/** `createPortico({ restoreCookie })`: keep the restore-hint cookie in sync with the stored connections. */
export type RestoreCookieOptions = {
  /** Lifetime in seconds, renewed on every load and connection change (default 30 days; at most 400 days). */
  maxAge?: number
  /** Where to write the cookie (default `document` in a browser; nothing elsewhere). */
  jar?: CookieJar
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
