import type { SocialProviderConfig } from '../../server/auth/social/SocialProviderConfig.js'
import { sandboxIdentityClientId } from './identityTestUsers.js'
import type { IdentityProvider } from './startIdentityProvider.js'

/**
 * The sandbox server's social providers, all pointing at its identity provider: Google and Apple
 * by preset with the issuer overridden; Discord, X, Facebook and Farcaster as OpenID Connect issuers
 * (the local provider speaks OIDC for them, not their own OAuth 2 shapes or Sign In With Farcaster); GitHub by preset with every
 * endpoint on the GitHub-shaped fake.
 *
 * @example
 * const providers = sandboxAuthProviders(idp)
 */
export function sandboxAuthProviders(idp: Pick<IdentityProvider, 'issuer' | 'github'>): Record<string, SocialProviderConfig> {
  return {
    google: { preset: 'google', clientId: sandboxIdentityClientId('google'), issuer: idp.issuer('google') },
    github: {
      preset: 'github',
      clientId: sandboxIdentityClientId('github'),
      authorizationEndpoint: `${idp.github}/login/oauth/authorize`,
      tokenEndpoint: `${idp.github}/login/oauth/access_token`,
      userinfoEndpoint: `${idp.github}/user`,
      emailsEndpoint: `${idp.github}/user/emails`,
    },
    discord: { type: 'oidc', name: 'Discord', issuer: idp.issuer('discord'), clientId: sandboxIdentityClientId('discord') },
    x: { type: 'oidc', name: 'X', issuer: idp.issuer('x'), clientId: sandboxIdentityClientId('x') },
    apple: { preset: 'apple', clientId: sandboxIdentityClientId('apple'), issuer: idp.issuer('apple'), scopes: ['openid', 'email', 'profile'] },
    facebook: { type: 'oidc', name: 'Facebook', issuer: idp.issuer('facebook'), clientId: sandboxIdentityClientId('facebook') },
    farcaster: { type: 'oidc', name: 'Farcaster', issuer: idp.issuer('farcaster'), clientId: sandboxIdentityClientId('farcaster') },
  }
}
