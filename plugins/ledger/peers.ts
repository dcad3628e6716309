import { loadPeer } from '../../kernel/kernel.js'
import { meta } from './meta.js'

/**
 * Loads a module of the ledger plugin that imports its optional peer dependencies (`meta.peerDependencies`):
 * a peer the site has not installed is a `MissingPeerDependencyError` naming it and the install command.
 *
 * @example
 * const { x } = await loadLedgerPeer(() => import('./lazy/x.js'))
 */
export function loadLedgerPeer<T>(load: () => Promise<T>): Promise<T> {
  return loadPeer(load, meta.peerDependencies, 'ledger')
}
