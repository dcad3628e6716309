import { randomBytes } from 'node:crypto'
import type { SqlExecutor, SqlStorage } from '../../storage/SqlStorage.js'
import type { SocialProfile } from '../social/SocialProfile.js'

/** A user row. `provider` is how the user first logged in. */
export type AuthUserRow = { id: string; email: string | null; provider: string; handle: string | null; name: string | null }

const userColumns = 'SELECT id, email, provider, handle, name FROM auth_users'

/**
 * The users of the auth service, in the server's storage (SQLite or Postgres, shared by every
 * instance). An email login reaches the user with that email (created on first login as
 * `email:<address>`); a social login reaches the user linked to the provider's account, else —
 * when the provider says the email is verified — the user with that email, else a new user
 * `<provider>:<sub>`. Two instances creating the same user at once end with one row.
 *
 * @example
 * const users = createUserStore(storage, Date.now)
 * const user = await users.forEmail('alice@example.com')
 */
export function createUserStore(storage: SqlStorage, now: () => number) {
  const byId = async (db: SqlExecutor, id: string) => (await db.query<AuthUserRow>(`${userColumns} WHERE id = ?`, [id]))[0]
  const byEmail = async (db: SqlExecutor, email: string) => (await db.query<AuthUserRow>(`${userColumns} WHERE email = ?`, [email]))[0]

  const create = async (db: SqlExecutor, preferredId: string, email: string | null, provider: string, handle: string | null, name: string | null): Promise<AuthUserRow> => {
    const id = (await byId(db, preferredId)) ? `${preferredId}#${randomBytes(4).toString('hex')}` : preferredId
    // Another instance may have created this user (same id or email) since the read: that row wins.
    const inserted = await db.run('INSERT INTO auth_users (id, email, provider, handle, name, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [id, email, provider, handle, name, now()])
    const user = inserted.changes === 1 || email === null ? await byId(db, id) : await byEmail(db, email)
    return user as AuthUserRow
  }

  return {
    get: (id: string) => byId(storage, id),
    byEmail: (email: string) => byEmail(storage, email),
    /** The user of an email code login (created on first login). */
    forEmail: (email: string): Promise<AuthUserRow> =>
      storage.transaction(async (tx) => (await byEmail(tx, email)) ?? create(tx, `email:${email}`, email, 'email', null, null)),
    /** The user of a social login (see above). */
    forSocial: (provider: string, profile: SocialProfile): Promise<AuthUserRow> =>
      storage.transaction(async (tx) => {
        const linked = (await tx.query<{ user_id: string }>('SELECT user_id FROM auth_identities WHERE provider = ? AND sub = ?', [provider, profile.sub]))[0]
        let user = linked ? await byId(tx, linked.user_id) : undefined
        if (!user && profile.emailVerified && profile.email) user = await byEmail(tx, profile.email)
        if (!user) {
          const email = profile.emailVerified && profile.email ? profile.email : null
          user = await create(tx, `${provider}:${profile.sub}`, email, provider, profile.handle ?? null, profile.name ?? null)
        }
        await tx.run('INSERT INTO auth_identities (provider, sub, user_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [provider, profile.sub, user.id])
        await tx.run('UPDATE auth_users SET handle = COALESCE(handle, ?), name = COALESCE(name, ?) WHERE id = ?', [profile.handle ?? null, profile.name ?? null, user.id])
        return (await byId(tx, user.id)) as AuthUserRow
      }),
    /** Sets a user's email (after the new address proved itself with a code). */
    changeEmail: async (id: string, email: string): Promise<void> => {
      await storage.run('UPDATE auth_users SET email = ? WHERE id = ?', [email, id])
    },
  }
}

export type UserStore = ReturnType<typeof createUserStore>
