import { AuthConfigError } from '../AuthConfigError.js'
import { socialPresets } from './socialPresets.js'
import type { ResolvedSocialProvider, SocialProviderConfig } from './SocialProviderConfig.js'

const idPattern = /^[a-z0-9][a-z0-9_-]{0,31}$/

function checkUrl(where: string, value: unknown): string {
  let url: URL | undefined
  try {
    url = new URL(String(value))
  } catch {
    url = undefined
  }
  if (typeof value !== 'string' || !url || !/^https?:$/.test(url.protocol) || url.hash) throw new AuthConfigError(`${where} must be an http(s) URL, got ${JSON.stringify(value)}`)
  return value
}

function checkScopes(where: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((s) => typeof s === 'string' && /^[\x21-\x7e]+$/.test(s))) throw new AuthConfigError(`${where} must be a non-empty list of scope strings`)
  return value as string[]
}

/**
 * Checks `auth.providers` and resolves presets to their endpoints (with the config's overrides).
 * A wrong entry throws an {@link AuthConfigError} naming the provider and the field.
 *
 * @param providers - `auth.providers`
 * @returns the providers by id, in configuration order
 * @example
 * resolveSocialProviders({ google: { preset: 'google', clientId: 'abc' } }).get('google')?.kind // 'oidc'
 */
export function resolveSocialProviders(providers: Record<string, SocialProviderConfig> = {}): Map<string, ResolvedSocialProvider> {
  if (typeof providers !== 'object' || providers === null || Array.isArray(providers)) throw new AuthConfigError('auth.providers must be an object keyed by provider id')
  const resolved = new Map<string, ResolvedSocialProvider>()
  for (const [id, entry] of Object.entries(providers)) {
    const where = `auth.providers.${id}`
    if (!idPattern.test(id) || id === 'email') throw new AuthConfigError(`${where}: a provider id is lower-case letters, digits, "_" or "-" (and not "email")`)
    if (typeof entry !== 'object' || entry === null) throw new AuthConfigError(`${where} must be an object`)
    if (typeof entry.clientId !== 'string' || entry.clientId === '') throw new AuthConfigError(`${where}.clientId is required`)
    if (entry.clientSecret !== undefined && typeof entry.clientSecret !== 'string') throw new AuthConfigError(`${where}.clientSecret must be a string`)
    const client = { clientId: entry.clientId, ...(entry.clientSecret ? { clientSecret: entry.clientSecret } : {}) }
    if ('preset' in entry) {
      const preset = Object.hasOwn(socialPresets, entry.preset) ? socialPresets[entry.preset] : undefined
      if (!preset) throw new AuthConfigError(`${where}.preset must be one of ${Object.keys(socialPresets).join(', ')}`)
      const name = typeof entry.name === 'string' && entry.name ? entry.name : preset.name
      const scopes = entry.scopes ? checkScopes(`${where}.scopes`, entry.scopes) : preset.scopes
      if (preset.kind === 'oidc') {
        resolved.set(id, { id, name, kind: 'oidc', issuer: checkUrl(`${where}.issuer`, entry.issuer ?? preset.issuer), scopes, ...client })
      } else {
        const emails = entry.emailsEndpoint ?? preset.emailsEndpoint
        resolved.set(id, {
          id,
          name,
          kind: 'oauth2',
          authorizationEndpoint: checkUrl(`${where}.authorizationEndpoint`, entry.authorizationEndpoint ?? preset.authorizationEndpoint),
          tokenEndpoint: checkUrl(`${where}.tokenEndpoint`, entry.tokenEndpoint ?? preset.tokenEndpoint),
          userinfoEndpoint: checkUrl(`${where}.userinfoEndpoint`, entry.userinfoEndpoint ?? preset.userinfoEndpoint),
          ...(emails ? { emailsEndpoint: checkUrl(`${where}.emailsEndpoint`, emails) } : {}),
          scopes,
          map: preset.map,
          ...client,
        })
      }
    } else if (entry.type === 'oidc') {
      if (typeof entry.name !== 'string' || !entry.name) throw new AuthConfigError(`${where}.name is required`)
      resolved.set(id, { id, name: entry.name, kind: 'oidc', issuer: checkUrl(`${where}.issuer`, entry.issuer), scopes: entry.scopes ? checkScopes(`${where}.scopes`, entry.scopes) : ['openid', 'email', 'profile'], ...client })
    } else if (entry.type === 'oauth2') {
      if (typeof entry.name !== 'string' || !entry.name) throw new AuthConfigError(`${where}.name is required`)
      if (typeof entry.map !== 'object' || entry.map === null || typeof entry.map.sub !== 'string') throw new AuthConfigError(`${where}.map.sub is required (the path of the account id in the userinfo answer)`)
      resolved.set(id, {
        id,
        name: entry.name,
        kind: 'oauth2',
        authorizationEndpoint: checkUrl(`${where}.authorizationEndpoint`, entry.authorizationEndpoint),
        tokenEndpoint: checkUrl(`${where}.tokenEndpoint`, entry.tokenEndpoint),
        userinfoEndpoint: checkUrl(`${where}.userinfoEndpoint`, entry.userinfoEndpoint),
        ...(entry.emailsEndpoint ? { emailsEndpoint: checkUrl(`${where}.emailsEndpoint`, entry.emailsEndpoint) } : {}),
        scopes: checkScopes(`${where}.scopes`, entry.scopes),
        map: entry.map,
        ...client,
      })
    } else {
      throw new AuthConfigError(`${where} needs a preset (${Object.keys(socialPresets).join(', ')}) or type 'oidc' / 'oauth2'`)
    }
  }
  return resolved
}
