import { randomBytes } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import type { SocialProfile } from '../social/SocialProfile.js'

/** A user row. `provider` is how the user first logged in. */
export type AuthUserRow = { id: string; email: string | null; provider: string; handle: string | null; name: string | null }

/**
 * The users of the auth service. An email login reaches the user with that email (created on
 * first login as `email:<address>`); a social login reaches the user linked to the provider's
 * account, else — when the provider says the email is verified — the user with that email, else a
 * new user `<provider>:<sub>`.
 *
 * @example
 * const users = createUserStore(db, Date.now)
 * const user = users.forEmail('alice@example.com')
 */
export function createUserStore(db: Database, now: () => number) {
  const byId = db.prepare<[string], AuthUserRow>('SELECT id, email, provider, handle, name FROM auth_users WHERE id = ?')
  const byEmail = db.prepare<[string], AuthUserRow>('SELECT id, email, provider, handle, name FROM auth_users WHERE email = ?')
  const insert = db.prepare('INSERT INTO auth_users (id, email, provider, handle, name, created_at) VALUES (?, ?, ?, ?, ?, ?)')
  const identity = db.prepare<[string, string], { user_id: string }>('SELECT user_id FROM auth_identities WHERE provider = ? AND sub = ?')
  const link = db.prepare('INSERT OR IGNORE INTO auth_identities (provider, sub, user_id) VALUES (?, ?, ?)')
  const fill = db.prepare('UPDATE auth_users SET handle = COALESCE(handle, ?), name = COALESCE(name, ?) WHERE id = ?')
  const setEmail = db.prepare('UPDATE auth_users SET email = ? WHERE id = ?')

  const create = (preferredId: string, email: string | null, provider: string, handle: string | null, name: string | null): AuthUserRow => {
    const id = byId.get(preferredId) ? `${preferredId}#${randomBytes(4).toString('hex')}` : preferredId
    insert.run(id, email, provider, handle, name, now())
    return byId.get(id) as AuthUserRow
  }

  return {
    get: (id: string) => byId.get(id),
    byEmail: (email: string) => byEmail.get(email),
    /** The user of an email code login (created on first login). */
    forEmail: db.transaction((email: string): AuthUserRow => byEmail.get(email) ?? create(`email:${email}`, email, 'email', null, null)),
    /** The user of a social login (see above). */
    forSocial: db.transaction((provider: string, profile: SocialProfile): AuthUserRow => {
      const linked = identity.get(provider, profile.sub)
      let user = linked ? byId.get(linked.user_id) : undefined
      if (!user && profile.emailVerified && profile.email) user = byEmail.get(profile.email)
      if (!user) {
        const email = profile.emailVerified && profile.email ? profile.email : null
        user = create(`${provider}:${profile.sub}`, email, provider, profile.handle ?? null, profile.name ?? null)
      }
      link.run(provider, profile.sub, user.id)
      fill.run(profile.handle ?? null, profile.name ?? null, user.id)
      return byId.get(user.id) as AuthUserRow
    }),
    /** Sets a user's email (after the new address proved itself with a code). */
    changeEmail: (id: string, email: string) => setEmail.run(email, id),
  }
}

export type UserStore = ReturnType<typeof createUserStore>
