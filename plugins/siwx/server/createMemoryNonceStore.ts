import type { SiwxNonceStore } from './types.js'

export type CreateMemoryNonceStoreParameters = {
  /** Most nonces remembered; the oldest are forgotten first (default 100 000). */
  maxEntries?: number
}

/**
 * Nonces in this process's memory: fine for one Node process; a site behind several processes
 * plugs a shared store (Redis, SQL) with the same three methods.
 *
 * @example
 * createSiwxServer({ domain, chains, nonceStore: createMemoryNonceStore() })
 */
export function createMemoryNonceStore({ maxEntries = 100_000 }: CreateMemoryNonceStoreParameters = {}): SiwxNonceStore {
  const entries = new Map<string, { expiresAt: number; used: boolean }>()
  const prune = (now: number) => {
    for (const [nonce, entry] of entries) if (entry.expiresAt <= now) entries.delete(nonce)
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }
  return {
    add(nonce, expiresAt) {
      if (entries.size >= maxEntries) prune(Date.now())
      entries.set(nonce, { expiresAt, used: false })
    },
    status(nonce, now) {
      const entry = entries.get(nonce)
      if (!entry) return undefined
      if (entry.expiresAt <= now) {
        entries.delete(nonce)
        return undefined
      }
      return entry.used ? 'used' : 'issued'
    },
    consume(nonce, now) {
      const entry = entries.get(nonce)
      if (!entry || entry.used || entry.expiresAt <= now) return false
      entry.used = true
      return true
    },
  }
}
