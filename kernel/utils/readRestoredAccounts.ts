import type { BaseError } from '../errors/BaseError.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { PorticoOptions } from '../types/options.js'
import type { CookieJar } from '../types/restoreHint.js'
import { readRestoreHint } from './readRestoreHint.js'

/**
 * With `restoreCookie: { account: true }`, the accounts the visitor's restore cookie kept for the
 * stored connections being restored: what the page shows (in its restoring style) until the
 * wallet answers. An entry whose connector is not the stored one is left out; a damaged cookie
 * gives nothing and is passed to `onError`. Without the option, nothing (the cookie is not read).
 *
 * @param options - the site's options
 * @param stored - the stored connections being restored, by namespace
 * @param onError - the cookie was there and was dropped
 * @example
 * readRestoredAccounts(options, { eip155: { connectorId: 'io.metamask' } }) // { eip155: 'eip155:1:0xf39F…2266' }
 */
export function readRestoredAccounts(
  options: Pick<PorticoOptions, 'restoreCookie'>,
  stored: Readonly<Record<string, { connectorId: string }>>,
  onError: (error: BaseError) => void = () => {},
): Partial<Record<ChainNamespace, CaipAddress>> {
  const option = options.restoreCookie
  if (typeof option !== 'object' || option.account !== true || Object.keys(stored).length === 0) return {}
  let cookie: unknown
  try {
    cookie = (option.jar ?? (globalThis as { document?: CookieJar }).document)?.cookie
  } catch {
    // an unreadable jar: nothing restored from it
  }
  const hint = readRestoreHint(cookie, { onError })
  const accounts: Partial<Record<ChainNamespace, CaipAddress>> = {}
  for (const [namespace, entry] of Object.entries(hint?.connections ?? {})) {
    if (entry?.caipAddress && Object.hasOwn(stored, namespace) && stored[namespace]?.connectorId === entry.connectorId) accounts[namespace] = entry.caipAddress
  }
  return accounts
}
