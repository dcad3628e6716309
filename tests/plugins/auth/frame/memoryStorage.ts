import type { KeyValueStorage } from '../../../../plugins/auth/frame/utils/KeyValueStorage.js'

/** An in-memory stand-in for the wallet origin's localStorage (unit tests only). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial))
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  }
}
