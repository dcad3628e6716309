import type { EmailConfig } from '../email/EmailConfig.js'
import { type AuthConfig, type AuthLimits, defaultAuthLimits } from './AuthConfig.js'
import { AuthConfigError } from './AuthConfigError.js'
import { parseShareKey } from './shares/parseShareKey.js'
import { resolveSocialProviders } from './social/resolveSocialProviders.js'
import type { ResolvedSocialProvider } from './social/SocialProviderConfig.js'

/** `auth` checked and completed with defaults. */
export type ResolvedAuthConfig = {
  walletOrigin: string
  /** The `Host` header requests to the wallet origin carry. */
  walletHost: string
  listen?: { host: string; port: number }
  /** The explicit site origins (AuthConfig.siteOrigins), when set. */
  siteOrigins?: readonly string[]
  shareKey: Buffer
  recoveryKey: Buffer
  frame: { script: string; style: string }
  providers: Map<string, ResolvedSocialProvider>
  /** Where codes go out; undefined when email login is off. */
  email?: EmailConfig
  siteName: string
  limits: AuthLimits
  now: () => number
}

/**
 * Checks `ServerConfig.auth` at start and fills in the defaults; a mistake throws an
 * {@link AuthConfigError} that names the field.
 *
 * @param auth - the `auth` section
 * @param email - `ServerConfig.email` (codes go out through its SMTP server)
 * @example
 * const resolved = resolveAuthConfig(config.auth, config.email)
 */
export function resolveAuthConfig(auth: AuthConfig, email: EmailConfig | undefined): ResolvedAuthConfig {
  if (typeof auth !== 'object' || auth === null) throw new AuthConfigError('auth must be an object')
  let origin: URL | undefined
  try {
    origin = new URL(auth.walletOrigin)
  } catch {
    origin = undefined
  }
  if (!origin || !/^https?:$/.test(origin.protocol) || origin.origin !== auth.walletOrigin.replace(/\/$/, '')) {
    throw new AuthConfigError(`auth.walletOrigin must be an origin such as https://wallet.example.com (scheme, host and port only), got ${JSON.stringify(auth.walletOrigin)}`)
  }
  if (auth.listen !== undefined) {
    const { host, port } = auth.listen ?? {}
    if (typeof host !== 'string' || host === '' || !Number.isInteger(port) || port < 0 || port > 65_535) throw new AuthConfigError('auth.listen must be { host, port } with a port from 0 to 65535')
  }
  const shareKey = parseShareKey('auth.shareKey', auth.shareKey)
  const recoveryKey = parseShareKey('auth.recoveryKey', auth.recoveryKey)
  if (shareKey.equals(recoveryKey)) throw new AuthConfigError('auth.recoveryKey must differ from auth.shareKey (the two shares are kept under different keys)')
  if (typeof auth.frame?.script !== 'string' || typeof auth.frame?.style !== 'string') throw new AuthConfigError('auth.frame must be { script, style }: the built wallet frame (plugins/auth/frame)')
  if (auth.email === true && !email) throw new AuthConfigError('auth.email needs the server\'s email (SMTP) settings: set config.email')
  if (auth.siteName !== undefined && (typeof auth.siteName !== 'string' || !/^[^\r\n]{1,64}$/.test(auth.siteName))) throw new AuthConfigError('auth.siteName must be one line of at most 64 characters')
  const limits = { ...defaultAuthLimits, ...auth.limits }
  for (const [name, value] of Object.entries(limits)) {
    if (!(Number.isSafeInteger(value) && value > 0)) throw new AuthConfigError(`auth.limits.${name} must be a positive integer`)
  }
  if (auth.siteOrigins !== undefined && (!Array.isArray(auth.siteOrigins) || auth.siteOrigins.length === 0 || auth.siteOrigins.some((o) => typeof o !== 'string' || !/^https?:\/\/[^\s;,'"/]+$/.test(o)))) {
    throw new AuthConfigError('auth.siteOrigins must be a non-empty list of origins such as https://shop.example.com or https://*.example.com')
  }
  if (auth.now !== undefined && typeof auth.now !== 'function') throw new AuthConfigError('auth.now must be a function')
  const emailOn = auth.email ?? email !== undefined
  return {
    walletOrigin: origin.origin,
    walletHost: origin.host,
    ...(auth.listen ? { listen: auth.listen } : {}),
    ...(auth.siteOrigins ? { siteOrigins: [...auth.siteOrigins] } : {}),
    shareKey,
    recoveryKey,
    frame: auth.frame,
    providers: resolveSocialProviders(auth.providers),
    ...(emailOn && email ? { email } : {}),
    siteName: auth.siteName ?? 'Portico',
    limits,
    now: auth.now ?? Date.now,
  }
}
