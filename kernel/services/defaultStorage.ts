import type { StorageBackend } from './createStorage.js'

/**
 * The page's `localStorage`, or `null` where there is none or it may not be read (a server, a
 * sandboxed iframe, some privacy modes): Portico then keeps its values in memory.
 *
 * @example
 * createStorage({ backend: defaultStorage() })
 */
export function defaultStorage(): StorageBackend | null {
  try {
    const storage = (globalThis as { localStorage?: StorageBackend }).localStorage
    return storage ?? null
  } catch {
    return null // access denied (sandboxed iframe, privacy mode)
  }
}
