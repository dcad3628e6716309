import { createHash, createHmac } from 'node:crypto'
import { HttpError } from '../../errors/HttpError.js'
import type { SqlStorage } from '../../storage/SqlStorage.js'
import type { AuthLimits } from '../AuthConfig.js'
import { digest, randomSecret, verifierMatches } from '../secrets.js'
import type { UserStore } from '../users/createUserStore.js'
import { discoverOidcIssuer } from './discoverOidcIssuer.js'
import { exchangeSocialCode } from './exchangeSocialCode.js'
import type { ResolvedSocialProvider } from './SocialProviderConfig.js'
import { SocialProviderError } from './SocialProviderError.js'

export type SocialLoginsOptions = {
  /** The server's storage (states and tickets; on Postgres a login may come back to any instance). */
  storage: SqlStorage
  providers: Map<string, ResolvedSocialProvider>
  /** Where the provider sends the visitor back: `<walletOrigin>/auth/v1/social/callback`. */
  redirectUri: string
  /** Derives each login's PKCE verifier and nonce from its state (so neither is stored). */
  secret: Buffer
  limits: AuthLimits
  now: () => number
  users: UserStore
}

/** What the callback page posts to the site. */
export type SocialCallbackResult = {
  origin?: string
  message: { type: 'portico-auth:social'; ticket: string } | { type: 'portico-auth:social'; error: { code: string; message: string } }
}

/**
 * Social login, both legs: `start` records a one-time state (its digest, the provider, the
 * project, the site's origin and the frame's challenge) and answers the provider's authorize URL
 * with PKCE (S256) and, for OIDC, a nonce; `callback` takes the state back, trades the code for
 * the profile, finds the user and answers a one-time ticket bound to the frame's challenge;
 * `redeem` trades ticket + verifier for the user.
 *
 * @example
 * const social = createSocialLogins({ storage, providers, redirectUri, secret, limits, now, users })
 * const url = await social.start({ providerId: 'google', projectId: 'demo', challenge, origin })
 */
export function createSocialLogins({ storage, providers, redirectUri, secret, limits, now, users }: SocialLoginsOptions) {
  const derive = (label: string, state: string) => createHmac('sha256', secret).update(`${label}:${state}`).digest('base64url')
  type TicketRow = { user_id: string; provider: string; project_id: string; challenge: string; expires_at: number; used: number }
  type StateRow = { provider: string; project_id: string; origin: string; challenge: string; expires_at: number }

  return {
    /** The provider's authorize URL for a new login. The caller checked project, origin and challenge. */
    async start({ provider, projectId, challenge, origin }: { provider: ResolvedSocialProvider; projectId: string; challenge: string; origin: string }): Promise<string> {
      const endpoint = provider.kind === 'oidc' ? (await discoverOidcIssuer(provider.issuer, provider.name)).authorization_endpoint : provider.authorizationEndpoint
      const state = randomSecret()
      const at = now()
      await storage.run('DELETE FROM auth_social_states WHERE expires_at <= ?', [at])
      await storage.run('INSERT INTO auth_social_states (state_hash, provider, project_id, origin, challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
        digest(state),
        provider.id,
        projectId,
        origin,
        challenge,
        at + limits.socialStateTtlMs,
      ])
      const url = new URL(endpoint)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('client_id', provider.clientId)
      url.searchParams.set('redirect_uri', redirectUri)
      url.searchParams.set('scope', provider.scopes.join(' '))
      url.searchParams.set('state', state)
      url.searchParams.set('code_challenge', createHash('sha256').update(derive('pkce', state)).digest('base64url'))
      url.searchParams.set('code_challenge_method', 'S256')
      if (provider.kind === 'oidc') url.searchParams.set('nonce', derive('nonce', state))
      return url.href
    },

    /** Handles the provider's redirect back; never throws (every failure becomes the page's error). */
    async callback(query: Record<string, unknown>): Promise<SocialCallbackResult> {
      const fail = (code: string, message: string, origin?: string): SocialCallbackResult => ({ ...(origin ? { origin } : {}), message: { type: 'portico-auth:social', error: { code, message } } })
      const state = typeof query.state === 'string' && query.state.length <= 128 ? query.state : undefined
      const at = now()
      const [row] = state
        ? await storage.query<StateRow>('DELETE FROM auth_social_states WHERE state_hash = ? RETURNING provider, project_id, origin, challenge, expires_at', [digest(state)])
        : []
      if (!row || row.expires_at <= at) return fail('INVALID_PARAMS', 'This login link is unknown or has expired; start the login again')
      const provider = providers.get(row.provider)
      if (!provider) return fail('PROVIDER_ERROR', `The provider ${row.provider} is no longer configured`, row.origin)
      if (query.error !== undefined) {
        const reason = String(query.error).slice(0, 64).replace(/[^\w.-]/g, '')
        const detail = reason === 'access_denied' ? 'the login was cancelled or refused (access_denied)' : `the provider answered ${reason}`
        return fail('PROVIDER_ERROR', new SocialProviderError({ provider: provider.name, reason: detail }).shortMessage, row.origin)
      }
      const code = typeof query.code === 'string' && query.code.length <= 2048 ? query.code : undefined
      if (!code) return fail('PROVIDER_ERROR', new SocialProviderError({ provider: provider.name, reason: 'it sent no authorization code' }).shortMessage, row.origin)
      try {
        const profile = await exchangeSocialCode({ provider, code, redirectUri, codeVerifier: derive('pkce', state as string), nonce: derive('nonce', state as string) })
        const user = await users.forSocial(provider.id, profile)
        const ticket = randomSecret()
        await storage.run('DELETE FROM auth_social_tickets WHERE expires_at <= ?', [at])
        await storage.run('INSERT INTO auth_social_tickets (ticket_hash, user_id, provider, project_id, challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
          digest(ticket),
          user.id,
          provider.id,
          row.project_id,
          row.challenge,
          now() + limits.socialTicketTtlMs,
        ])
        return { origin: row.origin, message: { type: 'portico-auth:social', ticket } }
      } catch (error) {
        const message = error instanceof SocialProviderError ? error.shortMessage : `${provider.name} login failed: ${(error as Error).message}`
        return fail('PROVIDER_ERROR', message, row.origin)
      }
    },

    /** Trades a ticket and the frame's verifier for the user; one use, short-lived. */
    async redeem({ ticket, verifier }: { ticket: string; verifier: string }): Promise<{ userId: string; provider: string; projectId: string }> {
      const hash = digest(ticket)
      const [row] = await storage.query<TicketRow>('SELECT user_id, provider, project_id, challenge, expires_at, used FROM auth_social_tickets WHERE ticket_hash = ?', [hash])
      if (!row || row.expires_at <= now()) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: 'This login ticket is unknown or has expired; log in again' })
      if (!verifierMatches(verifier, row.challenge)) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: 'The verifier does not match the challenge of this login' })
      if ((await storage.run('UPDATE auth_social_tickets SET used = 1 WHERE ticket_hash = ? AND used = 0', [hash])).changes !== 1) throw new HttpError({ status: 409, code: 'CODE_USED', message: 'This login ticket was already used; log in again' })
      return { userId: row.user_id, provider: row.provider, projectId: row.project_id }
    },
  }
}

export type SocialLogins = ReturnType<typeof createSocialLogins>
