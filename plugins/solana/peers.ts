import { loadPeer } from '../../kernel/kernel.js'
import { meta } from './meta.js'

/**
 * Loads a module of the solana plugin that imports its optional peer dependencies
 * (`meta.peerDependencies`): a peer the site has not installed is a `MissingPeerDependencyError`
 * naming it and the install command.
 *
 * @example
 * const { registerMobileWalletAdapter } = await loadSolanaPeer(() => import('./lazy/mobileWalletAdapter.js')) // what `portico/solana/mobile` loads
 */
export function loadSolanaPeer<T>(load: () => Promise<T>): Promise<T> {
  return loadPeer(load, meta.peerDependencies, 'solana')
}
