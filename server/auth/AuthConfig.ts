import type { SocialProviderConfig } from './social/SocialProviderConfig.js'

/** Limits of the auth service; every field has the contract's default (docs/guides/embedded-wallet.md §4). */
export type AuthLimits = {
  /** How long a login code is valid, ms; default 10 minutes. */
  codeTtlMs: number
  /** Wrong codes that lock an attempt; default 5. */
  maxWrongCodes: number
  /** Least time between two codes for the same email, ms; default 30 s. */
  resendGapMs: number
  /** Most codes per email per hour; default 5. */
  codesPerEmailPerHour: number
  /** Most code or social starts per client IP per hour; default 20. */
  startsPerIpPerHour: number
  /** A login this recent (ms) is "fresh": it may create a wallet and release the recovery share; default 10 minutes. */
  freshMs: number
  /** How long a session lasts, ms; default 30 days. */
  sessionTtlMs: number
  /** How long a social login's state (provider round trip) and its ticket live, ms; default 10 minutes and 2 minutes. */
  socialStateTtlMs: number
  socialTicketTtlMs: number
}

/**
 * Email and social login with the self-hosted embedded wallet (`/auth/v1/*`, answered only on
 * the wallet origin). See docs/guides/embedded-wallet.md and docs/server/auth.md.
 *
 * @example
 * const auth: AuthConfig = {
 *   walletOrigin: 'https://wallet.example.com',
 *   shareKey: process.env.PORTICO_SHARE_KEY!,
 *   recoveryKey: process.env.PORTICO_RECOVERY_KEY!,
 *   frame: { script, style },
 *   providers: { google: { preset: 'google', clientId: '…apps.googleusercontent.com', clientSecret: '…' } },
 * }
 */
export type AuthConfig = {
  /** The origin the wallet frame and the auth routes are served on, e.g. `https://wallet.example.com`; not the site's origin. */
  walletOrigin: string
  /**
   * The site origins that may embed the wallet frame, connect to it and receive social-login
   * tickets, as CSP sources (`https://shop.example.com`, `https://*.example.com`,
   * `http://127.0.0.1:4700`). Set, it is the whole list: nothing else, not even loopback, may embed
   * the frame. Absent, each project's allowed origins (`/projects/v1/origins`) and loopback on any
   * port.
   */
  siteOrigins?: readonly string[]
  /** An extra listener serving the same app (for a wallet origin on another port); closed with the server. */
  listen?: { host: string; port: number }
  /** 32-byte key (64 hex digits or base64) that encrypts the auth shares at rest (AES-256-GCM). */
  shareKey: string
  /** A different 32-byte key that encrypts the recovery shares. */
  recoveryKey: string
  /** The built wallet frame (`plugins/auth/frame`), served at `/auth/v1/frame.js` and `/frame.css`. */
  frame: { script: string; style: string }
  /** Social providers by id (`google`, `github`, … or your own id). */
  providers?: Record<string, SocialProviderConfig>
  /** Email code login; default on when `ServerConfig.email` (SMTP) is set. */
  email?: boolean
  /** The name in emails ("Your <siteName> login code"); default `Portico`. */
  siteName?: string
  /** Overrides of {@link AuthLimits} (tests use short ones). */
  limits?: Partial<AuthLimits>
  /** The clock, epoch ms; default `Date.now` (tests move it). */
  now?: () => number
}

/** The contract's limits. */
export const defaultAuthLimits: AuthLimits = {
  codeTtlMs: 10 * 60_000,
  maxWrongCodes: 5,
  resendGapMs: 30_000,
  codesPerEmailPerHour: 5,
  startsPerIpPerHour: 20,
  freshMs: 10 * 60_000,
  sessionTtlMs: 30 * 24 * 3_600_000,
  socialStateTtlMs: 10 * 60_000,
  socialTicketTtlMs: 2 * 60_000,
}
