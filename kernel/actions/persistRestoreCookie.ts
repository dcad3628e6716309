import type { PorticoBase } from '../types/portico.js'
import type { StoredConnections } from '../services/storageKeys.js'
import { restoreCookieMaxAge, restoreCookieName, type CookieJar } from '../types/restoreHint.js'
import type { RestoreHintConnection } from '../types/restoreHint.js'
import type { CaipAddress } from '../types/caip.js'
import { formatRestoreHint } from '../utils/formatRestoreHint.js'
import { isRestoreHint } from '../utils/isRestoreHint.js'

/** What keeps the cookie: the kernel, or `createPortico`'s handle before the kernel loads. */
type CookieOwner = { options: PorticoBase['options']; reportError(error: unknown, context?: { action?: string }): unknown }

function defaultJar(): CookieJar | undefined {
  return (globalThis as { document?: CookieJar }).document
}

function isHttps(): boolean {
  return (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:'
}

/**
 * With `restoreCookie`, keeps the first-party restore-hint cookie (`portico.restore`) in sync
 * with the stored connections: which namespaces are connected through which connector, nothing
 * secret (with `account: true`, each one's CAIP-10 account too, as stored); `Path=/; SameSite=Lax; Max-Age`, `Secure` on https. Written whenever the stored
 * connections are (and, with `account`, when the wallet changes account or chain), removed when
 * none is left. A jar that throws is reported, never fatal.
 *
 * @example
 * persistRestoreCookie(portico, { eip155: { connectorId: 'io.metamask' } })
 */
export function persistRestoreCookie(portico: CookieOwner, stored: StoredConnections): void {
  const option = portico.options.restoreCookie
  if (!option) return
  const jar = (option === true ? undefined : option.jar) ?? defaultJar()
  if (!jar) return
  const connections: Record<string, RestoreHintConnection> = {}
  for (const [namespace, { connectorId, caipAddress }] of Object.entries(stored)) {
    const withAccount = { connectorId, caipAddress: caipAddress as CaipAddress }
    // With `account` (stored only then), an account the reader takes back: else the entry goes without it.
    connections[namespace] = caipAddress && isRestoreHint({ connections: { [namespace]: withAccount } }) ? withAccount : { connectorId }
  }
  const value = formatRestoreHint({ connections })
  const maxAge = value ? ((option === true ? undefined : option.maxAge) ?? restoreCookieMaxAge) : 0
  const attributes = `Path=/; Max-Age=${maxAge}; SameSite=Lax${isHttps() ? '; Secure' : ''}`
  try {
    jar.cookie = `${restoreCookieName}=${value}; ${attributes}`
  } catch (error) {
    portico.reportError(error, { action: 'persistRestoreCookie' })
  }
}

/**
 * With `restoreCookie`, removes a restore-hint cookie that names connections the storage no
 * longer has (storage cleared, another browser profile): the server would otherwise render
 * "Connecting…" on every visit. `createPortico` calls it at once when nothing is stored.
 *
 * @example
 * clearStaleRestoreCookie(handle)
 */
export function clearStaleRestoreCookie(portico: CookieOwner): void {
  const option = portico.options.restoreCookie
  if (!option) return
  const jar = (option === true ? undefined : option.jar) ?? defaultJar()
  let present = false
  try {
    present = typeof jar?.cookie === 'string' && jar.cookie.split(';').some((part) => part.trim().startsWith(`${restoreCookieName}=`))
  } catch {
    // an unreadable jar: nothing to clear
  }
  if (present) persistRestoreCookie(portico, {})
}
