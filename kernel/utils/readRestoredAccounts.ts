import { StorageValueDroppedError } from '../errors/storage.js'
import type { BaseError } from '../errors/BaseError.js'
import type { StoredConnections } from '../services/storageKeys.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { PorticoOptions } from '../types/options.js'
import { isRestoreHint } from './isRestoreHint.js'

/**
 * With `restoreCookie: { account: true }`, the accounts stored with the connections being
 * restored: what the page shows (in its restoring style) until the wallet answers. Each is checked
 * as the restore cookie's reader checks it (a CAIP-10 id of its namespace, letters and digits); a
 * malformed one is left out and passed to `onError`. Without the option, none.
 *
 * @param options - the site's options
 * @param stored - the stored connections being restored, by namespace
 * @param onError - a stored account was malformed and dropped
 * @example
 * readRestoredAccounts({ restoreCookie: { account: true } }, { eip155: { connectorId: 'io.metamask', caipAddress: 'eip155:1:0xf39F…2266' } }) // { eip155: 'eip155:1:0xf39F…2266' }
 */
export function readRestoredAccounts(
  options: Pick<PorticoOptions, 'restoreCookie'>,
  stored: Readonly<StoredConnections>,
  onError: (error: BaseError) => void = () => {},
): Partial<Record<ChainNamespace, CaipAddress>> {
  const accounts: Partial<Record<ChainNamespace, CaipAddress>> = {}
  if (!(options.restoreCookie as { account?: boolean } | undefined)?.account) return accounts
  for (const [namespace, { connectorId, caipAddress }] of Object.entries(stored)) {
    if (caipAddress === undefined) continue
    if (isRestoreHint({ connections: { [namespace]: { connectorId, caipAddress } } })) accounts[namespace] = caipAddress as CaipAddress
    else onError(new StorageValueDroppedError({ key: `connections.${namespace}.caipAddress`, reason: 'not an account' }))
  }
  return accounts
}
