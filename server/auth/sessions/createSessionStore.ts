import type { SqlStorage } from '../../storage/SqlStorage.js'
import { digest, randomSecret } from '../secrets.js'

/** A live session: whose it is, how and when they logged in. */
export type AuthSession = { tokenHash: string; userId: string; provider: string; projectId: string; authenticatedAt: number; expiresAt: number }

type SessionRow = { token_hash: string; user_id: string; provider: string; project_id: string; authenticated_at: number; expires_at: number }

/**
 * Sessions of the auth service: a random bearer token, kept only as its sha256, valid until
 * `expiresAt`. `authenticatedAt` is the time of the login (fresh logins may do more). In the
 * server's storage, so a session started on one instance is known to every other.
 *
 * @example
 * const sessions = createSessionStore(storage, { now: Date.now, ttlMs: 86_400_000 })
 * const { token } = await sessions.create({ userId, provider: 'email', projectId: 'demo' })
 */
export function createSessionStore(storage: SqlStorage, { now, ttlMs }: { now: () => number; ttlMs: number }) {
  return {
    /** Starts a session; returns the bearer token (the only time it exists in clear). */
    async create({ userId, provider, projectId }: { userId: string; provider: string; projectId: string }): Promise<{ token: string; authenticatedAt: number }> {
      const token = randomSecret()
      const at = now()
      await storage.run('DELETE FROM auth_sessions WHERE expires_at <= ?', [at])
      await storage.run('INSERT INTO auth_sessions (token_hash, user_id, provider, project_id, authenticated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
        digest(token),
        userId,
        provider,
        projectId,
        at,
        at + ttlMs,
      ])
      return { token, authenticatedAt: at }
    },
    /** The live session of a bearer token, or undefined. */
    async find(token: string): Promise<AuthSession | undefined> {
      const [row] = await storage.query<SessionRow>('SELECT token_hash, user_id, provider, project_id, authenticated_at, expires_at FROM auth_sessions WHERE token_hash = ?', [digest(token)])
      if (!row || row.expires_at <= now()) return undefined
      return { tokenHash: row.token_hash, userId: row.user_id, provider: row.provider, projectId: row.project_id, authenticatedAt: row.authenticated_at, expiresAt: row.expires_at }
    },
    /** Ends a session. */
    async remove(tokenHash: string): Promise<void> {
      await storage.run('DELETE FROM auth_sessions WHERE token_hash = ?', [tokenHash])
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
