/** One account of the sandbox's identity provider. Any password is accepted. On the OIDC providers the `sub` is the login (oidc-provider's account id). */
export type IdentityTestUser = { login: string; sub: string; email: string; emailVerified: boolean; name: string; handle?: string }

/** The providers the sandbox's identity provider plays with OpenID Connect (GitHub is plain OAuth 2). */
export const sandboxOidcProviders = ['google', 'apple', 'discord', 'x', 'facebook', 'farcaster'] as const

/**
 * The test accounts of every provider the sandbox plays. `alice` and `bob` have verified emails
 * (a social login reaches the same user and wallet as that email's code login); `mallory`'s email
 * is not verified (her social login gets a user of its own).
 *
 * @example
 * identityTestUsers.google[0] // { login: 'alice', email: 'alice@example.com', … }
 */
export const identityTestUsers: Record<(typeof sandboxOidcProviders)[number] | 'github', IdentityTestUser[]> = {
  google: [
    { login: 'alice', sub: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice Example' },
    { login: 'bob', sub: 'bob', email: 'bob@example.com', emailVerified: true, name: 'Bob Example' },
    { login: 'mallory', sub: 'mallory', email: 'mallory@example.com', emailVerified: false, name: 'Mallory Example' },
  ],
  apple: [
    { login: 'alice', sub: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice Example' },
    { login: 'bob', sub: 'bob', email: 'bob@example.com', emailVerified: true, name: 'Bob Example' },
  ],
  discord: [
    { login: 'alice', sub: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice', handle: 'alice_discord' },
    { login: 'bob', sub: 'bob', email: 'bob@example.com', emailVerified: true, name: 'Bob', handle: 'bob_discord' },
  ],
  x: [
    { login: 'alice', sub: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice', handle: 'alice_on_x' },
    { login: 'bob', sub: 'bob', email: 'bob@example.com', emailVerified: true, name: 'Bob', handle: 'bob_on_x' },
  ],
  facebook: [
    { login: 'alice', sub: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice Example' },
    { login: 'bob', sub: 'bob', email: 'bob@example.com', emailVerified: true, name: 'Bob Example' },
  ],
  // Farcaster's own sign-in is Sign In With Farcaster (a signed message through a Farcaster client),
  // not OpenID Connect: the sandbox plays it as an OIDC issuer, as it plays Discord and X, so a site
  // listing it (the demo's ?socials=farcaster) reaches the ConnectingFarcaster view and a login.
  farcaster: [
    { login: 'alice', sub: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice', handle: 'alice_fc' },
    { login: 'bob', sub: 'bob', email: 'bob@example.com', emailVerified: true, name: 'Bob', handle: 'bob_fc' },
  ],
  github: [
    { login: 'octo-alice', sub: '583231', email: 'alice@example.com', emailVerified: true, name: 'Alice Octo', handle: 'octo-alice' },
    { login: 'octo-bob', sub: '583232', email: 'bob@example.com', emailVerified: true, name: 'Bob Octo', handle: 'octo-bob' },
    { login: 'octo-carol', sub: '583233', email: 'carol@example.com', emailVerified: false, name: 'Carol Octo', handle: 'octo-carol' },
  ],
}

/** The client id the sandbox's server uses at each provider of the identity provider. */
export const sandboxIdentityClientId = (provider: string) => `portico-sandbox-${provider}`
