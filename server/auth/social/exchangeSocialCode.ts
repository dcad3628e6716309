import { createRemoteJWKSet, jwtVerify } from 'jose'
import { discoverOidcIssuer } from './discoverOidcIssuer.js'
import type { SocialProfile } from './SocialProfile.js'
import type { ResolvedSocialProvider } from './SocialProviderConfig.js'
import { SocialProviderError } from './SocialProviderError.js'

const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

/** Reads a dotted path (`data.id`) from a JSON value. */
function pick(value: unknown, path: string | undefined): unknown {
  if (!path) return undefined
  let current = value
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

const text = (value: unknown, max = 256): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, max) : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined

async function getJson(provider: ResolvedSocialProvider, what: string, url: string, init: RequestInit): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  } catch (cause) {
    throw new SocialProviderError({ provider: provider.name, reason: `its ${what} could not be reached (${(cause as Error).message})`, cause })
  }
  const body = await response.text()
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  if (!response.ok || json === undefined || (typeof json === 'object' && json !== null && 'error' in json && what === 'token endpoint')) {
    const reason = typeof json === 'object' && json !== null && 'error' in json ? String((json as { error: unknown }).error).slice(0, 100) : `HTTP ${response.status}`
    throw new SocialProviderError({ provider: provider.name, reason: `its ${what} refused (${reason})` })
  }
  return json
}

export type ExchangeSocialCodeParameters = {
  provider: ResolvedSocialProvider
  /** The `code` of the callback. */
  code: string
  redirectUri: string
  /** The PKCE verifier the server used for this login. */
  codeVerifier: string
  /** The nonce sent to an OIDC provider, checked in the id_token. */
  nonce: string
}

/**
 * Trades an authorization code for the account's profile. OIDC: the id_token is verified with
 * `jose` against the issuer's JWKS (issuer, audience, nonce, expiry), then the userinfo endpoint
 * fills in email and name when the id_token lacks them (same `sub` required). OAuth 2: the
 * userinfo answer is read with the provider's field map (and GitHub's `/user/emails` for the
 * primary verified address).
 *
 * @returns the profile; throws {@link SocialProviderError} naming the provider on any failure
 * @example
 * const profile = await exchangeSocialCode({ provider, code, redirectUri, codeVerifier, nonce })
 */
export async function exchangeSocialCode({ provider, code, redirectUri, codeVerifier, nonce }: ExchangeSocialCodeParameters): Promise<SocialProfile> {
  const tokenEndpoint = provider.kind === 'oidc' ? (await discoverOidcIssuer(provider.issuer, provider.name)).token_endpoint : provider.tokenEndpoint
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.clientId, code_verifier: codeVerifier })
  if (provider.clientSecret) form.set('client_secret', provider.clientSecret)
  const tokens = (await getJson(provider, 'token endpoint', tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  })) as { access_token?: unknown; id_token?: unknown }
  const accessToken = typeof tokens.access_token === 'string' ? tokens.access_token : undefined
  const bearer = (url: string, what: string) => getJson(provider, what, url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Portico' } })

  if (provider.kind === 'oidc') {
    const metadata = await discoverOidcIssuer(provider.issuer, provider.name)
    if (typeof tokens.id_token !== 'string') throw new SocialProviderError({ provider: provider.name, reason: 'its token answer has no id_token' })
    let jwks = jwksByUri.get(metadata.jwks_uri)
    if (!jwks) jwksByUri.set(metadata.jwks_uri, (jwks = createRemoteJWKSet(new URL(metadata.jwks_uri))))
    let claims: Record<string, unknown>
    try {
      claims = (await jwtVerify(tokens.id_token, jwks, { issuer: provider.issuer, audience: provider.clientId })).payload
    } catch (cause) {
      throw new SocialProviderError({ provider: provider.name, reason: `its id_token did not verify (${(cause as Error).message})`, cause })
    }
    if (claims.nonce !== nonce) throw new SocialProviderError({ provider: provider.name, reason: 'its id_token carries the wrong nonce' })
    const sub = text(claims.sub)
    if (!sub) throw new SocialProviderError({ provider: provider.name, reason: 'its id_token has no sub' })
    if ((claims.email === undefined || claims.name === undefined) && metadata.userinfo_endpoint && accessToken) {
      const info = (await bearer(metadata.userinfo_endpoint, 'userinfo endpoint')) as Record<string, unknown>
      if (info.sub !== sub) throw new SocialProviderError({ provider: provider.name, reason: 'its userinfo answer is for another account' })
      claims = { ...info, ...claims }
    }
    const email = text(claims.email)?.toLowerCase()
    const handle = text(claims.preferred_username)
    const name = text(claims.name)
    return { sub, emailVerified: email !== undefined && (claims.email_verified === true || claims.email_verified === 'true'), ...(email ? { email } : {}), ...(handle ? { handle } : {}), ...(name ? { name } : {}) }
  }

  if (!accessToken) throw new SocialProviderError({ provider: provider.name, reason: 'its token answer has no access_token' })
  const info = await bearer(provider.userinfoEndpoint, 'userinfo endpoint')
  const sub = text(pick(info, provider.map.sub))
  if (!sub) throw new SocialProviderError({ provider: provider.name, reason: `its userinfo answer has no ${provider.map.sub}` })
  let email = text(pick(info, provider.map.email))?.toLowerCase()
  let emailVerified = email !== undefined && provider.map.emailVerified !== undefined && pick(info, provider.map.emailVerified) === true
  if (provider.emailsEndpoint) {
    const list = await bearer(provider.emailsEndpoint, 'emails endpoint')
    const primary = Array.isArray(list) ? list.find((e) => e && e.primary === true && typeof e.email === 'string') : undefined
    if (primary) {
      email = String(primary.email).toLowerCase()
      emailVerified = primary.verified === true
    }
  }
  const handle = text(pick(info, provider.map.handle))
  const name = text(pick(info, provider.map.name))
  return { sub, emailVerified, ...(email ? { email } : {}), ...(handle ? { handle } : {}), ...(name ? { name } : {}) }
}
