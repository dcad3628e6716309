import type { WalletConnectKeyValueStorage } from '../../../../plugins/walletconnect/index.js'

/**
 * An in-memory key-value store for the sign-client that outlives one client: handing the same
 * store to a second Portico is what a page reload with IndexedDB does in a browser. Values are
 * copied through JSON, as a real store serialises them.
 */
export function memoryKeyValueStorage(): WalletConnectKeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getKeys: async () => [...data.keys()],
    getEntries: async <T>() => [...data.entries()].map(([k, v]) => [k, JSON.parse(v) as T] as [string, T]),
    getItem: async <T>(key: string) => (data.has(key) ? (JSON.parse(data.get(key) as string) as T) : undefined),
    setItem: async <T>(key: string, value: T) => void data.set(key, JSON.stringify(value)),
    removeItem: async (key: string) => void data.delete(key),
  }
}
