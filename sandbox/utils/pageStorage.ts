/**
 * The page's localStorage, or undefined where it is denied (sandboxed frames, privacy modes).
 *
 * @example
 * createDevWalletProvider({ account, chains, storage: pageStorage() })
 */
export function pageStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}
