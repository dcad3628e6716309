import { loadPeer } from '../../kernel/kernel.js'
import { meta } from './meta.js'

/**
 * Loads a module of the bip122 plugin that imports its optional peer dependencies (`meta.peerDependencies`):
 * a peer the site has not installed is a `MissingPeerDependencyError` naming it and the install command.
 *
 * @example
 * const { x } = await loadBip122Peer(() => import('./lazy/x.js'))
 */
export function loadBip122Peer<T>(load: () => Promise<T>): Promise<T> {
  return loadPeer(load, meta.peerDependencies, 'bip122')
}
