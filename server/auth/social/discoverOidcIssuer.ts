import { SocialProviderError } from './SocialProviderError.js'

/** The parts of an issuer's discovery document the server uses. */
export type OidcMetadata = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string; userinfo_endpoint?: string }

const cache = new Map<string, Promise<OidcMetadata>>()

/**
 * Reads (once per issuer, then cached) `<issuer>/.well-known/openid-configuration` and checks
 * that its `issuer` is the one configured. A failure is not cached.
 *
 * @param issuer - the configured issuer, e.g. `https://accounts.google.com`
 * @param providerName - for the error message
 * @example
 * const metadata = await discoverOidcIssuer('https://accounts.google.com', 'Google')
 */
export function discoverOidcIssuer(issuer: string, providerName: string): Promise<OidcMetadata> {
  let pending = cache.get(issuer)
  if (!pending) {
    pending = (async () => {
      const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
      let metadata: OidcMetadata
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        metadata = (await response.json()) as OidcMetadata
      } catch (cause) {
        throw new SocialProviderError({ provider: providerName, reason: `its OpenID configuration at ${url} could not be read (${(cause as Error).message})`, cause })
      }
      if (metadata?.issuer !== issuer) throw new SocialProviderError({ provider: providerName, reason: `its OpenID configuration names issuer ${JSON.stringify(metadata?.issuer)}, not ${issuer}` })
      for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
        if (typeof metadata[field] !== 'string') throw new SocialProviderError({ provider: providerName, reason: `its OpenID configuration has no ${field}` })
      }
      return metadata
    })()
    cache.set(issuer, pending)
    pending.catch(() => cache.delete(issuer))
  }
  return pending
}
