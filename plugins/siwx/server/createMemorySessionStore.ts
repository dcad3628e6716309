import type { SiwxServerSession, SiwxServerSessionStore } from './types.js'

/**
 * Sessions in this process's memory (lost on restart). A site with several processes or that
 * must survive restarts plugs its database with the same three methods.
 *
 * @example
 * createSiwxServer({ domain, chains, sessionStore: createMemorySessionStore() })
 */
export function createMemorySessionStore(): SiwxServerSessionStore {
  const sessions = new Map<string, SiwxServerSession>()
  return {
    set: (session) => void sessions.set(session.id, session),
    get: (id) => sessions.get(id),
    delete: (id) => void sessions.delete(id),
  }
}
