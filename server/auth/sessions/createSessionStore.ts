import type { Database } from 'better-sqlite3'
import { digest, randomSecret } from '../secrets.js'

/** A live session: whose it is, how and when they logged in. */
export type AuthSession = { tokenHash: string; userId: string; provider: string; projectId: string; authenticatedAt: number; expiresAt: number }

/**
 * Sessions of the auth service: a random bearer token, kept only as its sha256, valid until
 * `expiresAt`. `authenticatedAt` is the time of the login (fresh logins may do more).
 *
 * @example
 * const sessions = createSessionStore(db, { now: Date.now, ttlMs: 86_400_000 })
 * const token = sessions.create({ userId, provider: 'email', projectId: 'demo' })
 */
export function createSessionStore(db: Database, { now, ttlMs }: { now: () => number; ttlMs: number }) {
  const insert = db.prepare('INSERT INTO auth_sessions (token_hash, user_id, provider, project_id, authenticated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
  const find = db.prepare<[string], { token_hash: string; user_id: string; provider: string; project_id: string; authenticated_at: number; expires_at: number }>(
    'SELECT token_hash, user_id, provider, project_id, authenticated_at, expires_at FROM auth_sessions WHERE token_hash = ?',
  )
  const remove = db.prepare('DELETE FROM auth_sessions WHERE token_hash = ?')
  const prune = db.prepare('DELETE FROM auth_sessions WHERE expires_at <= ?')
  return {
    /** Starts a session; returns the bearer token (the only time it exists in clear). */
    create({ userId, provider, projectId }: { userId: string; provider: string; projectId: string }): { token: string; authenticatedAt: number } {
      const token = randomSecret()
      const at = now()
      prune.run(at)
      insert.run(digest(token), userId, provider, projectId, at, at + ttlMs)
      return { token, authenticatedAt: at }
    },
    /** The live session of a bearer token, or undefined. */
    find(token: string): AuthSession | undefined {
      const row = find.get(digest(token))
      if (!row || row.expires_at <= now()) return undefined
      return { tokenHash: row.token_hash, userId: row.user_id, provider: row.provider, projectId: row.project_id, authenticatedAt: row.authenticated_at, expiresAt: row.expires_at }
    },
    /** Ends a session. */
    remove(tokenHash: string): void {
      remove.run(tokenHash)
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
