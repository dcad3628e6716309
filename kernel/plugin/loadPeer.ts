import { MissingPeerDependencyError } from '../errors/peerDependency.js'

/** The messages a module loader gives for a bare specifier it cannot find (Node, webpack, the browsers). */
const notFound = /Cannot find (?:module|package)|Failed to resolve module specifier|was a bare specifier|Module name, '[^']*' does not resolve/i

/**
 * The peer `error` says is missing: the package of `peers` its message names (Node's
 * `ERR_MODULE_NOT_FOUND`, webpack's `MODULE_NOT_FOUND`, a browser's unresolved specifier), or
 * `undefined` when the error is something else (the module loaded and threw, a missing file of an
 * installed package, a network failure).
 */
export function missingPeer(error: unknown, peers: Readonly<Record<string, string>>): string | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as { code?: unknown }).code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND' && !notFound.test(error.message)) return undefined
  // The longest name first: `@scure/btc-signer` before a `@scure/btc` that could prefix it.
  const names = Object.keys(peers).sort((a, b) => b.length - a.length)
  return names.find((name) => new RegExp(`['"\`\u201c]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^'"\`\u201d]*)?['"\`\u201d]`).test(error.message))
}

/**
 * Loads a module that imports a plugin's optional peer dependencies (`await import()` of the
 * plugin's own lazy module, or of the package itself): when the site has not installed one of them,
 * throws {@link MissingPeerDependencyError} naming it and the install command; any other failure is
 * thrown as it is.
 *
 * @param load - the import, e.g. `() => import('./LedgerDevice.js')`
 * @param peers - the plugin's optional peers, name → version (its `meta.peerDependencies`)
 * @param plugin - the plugin's name, for the message
 * @returns the loaded module
 *
 * @example
 * const { LedgerDevice } = await loadPeer(() => import('./LedgerDevice.js'), meta.peerDependencies, 'ledger')
 */
export async function loadPeer<T>(load: () => Promise<T>, peers: Readonly<Record<string, string>>, plugin: string): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const packageName = missingPeer(error, peers)
    if (packageName) throw new MissingPeerDependencyError({ plugin, packageName, peers, cause: error })
    throw error
  }
}
