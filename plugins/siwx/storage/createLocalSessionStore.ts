import type { CaipNetworkId, PorticoStorage } from '../../../kernel/kernel.js'
import type { SiwxSession, SiwxSessionStore } from '../types.js'
import { isSiwxSession } from '../utils/isSiwxSession.js'

export type CreateLocalSessionStoreParameters = {
  /** Portico's storage (`portico.services.storage`): survives corrupted or foreign values. */
  storage: PorticoStorage
  /** Storage key under Portico's prefix (default `siwx_sessions`). */
  key?: string
  /** Most sessions kept; the oldest go first (default 20). */
  maxSessions?: number
  now?: () => number
}

function isSessionList(value: unknown): value is unknown[] {
  return Array.isArray(value)
}

/**
 * The default session store: the browser's storage through Portico's storage service. Entries
 * that are not sessions or have expired are dropped on read; `remove` forgets exactly the
 * sessions of one network and address.
 *
 * @example
 * siwx({ sessionStore: createLocalSessionStore({ storage: portico.services.storage }) })
 */
export function createLocalSessionStore({ storage, key = 'siwx_sessions', maxSessions = 20, now = Date.now }: CreateLocalSessionStoreParameters): SiwxSessionStore {
  const read = (): SiwxSession[] => {
    const raw = storage.get(key, isSessionList) ?? []
    const sessions = raw.filter(isSiwxSession)
    const live = sessions.filter((s) => s.data.expirationTime === undefined || Date.parse(s.data.expirationTime) > now())
    if (live.length !== raw.length) write(live)
    return live
  }
  const write = (sessions: SiwxSession[]) => {
    if (sessions.length === 0) storage.remove(key)
    else storage.set(key, sessions.slice(-maxSessions))
  }
  const matches = (s: SiwxSession, caipNetworkId: CaipNetworkId, address: string) => s.data.chainId === caipNetworkId && s.data.accountAddress === address

  return {
    get: (caipNetworkId, address) => read().filter((s) => matches(s, caipNetworkId, address)),
    add(session) {
      write([...read().filter((s) => s.message !== session.message), session])
    },
    remove(caipNetworkId, address) {
      write(read().filter((s) => !matches(s, caipNetworkId, address)))
    },
    clear() {
      storage.remove(key)
    },
  }
}
