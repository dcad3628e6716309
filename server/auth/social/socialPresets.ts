import type { OAuth2ProfileMap, SocialPresetId } from './SocialProviderConfig.js'

type OidcPreset = { kind: 'oidc'; name: string; issuer: string; scopes: string[] }
type OAuth2Preset = {
  kind: 'oauth2'
  name: string
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string
  emailsEndpoint?: string
  scopes: string[]
  map: OAuth2ProfileMap
}

/**
 * The public endpoints and scopes of the known providers. Google and Apple are OpenID Connect
 * issuers (discovery + id_token); GitHub, Discord, X and Facebook are plain OAuth 2 with a
 * userinfo endpoint. Apple asks only `openid` (its `email`/`name` scopes require a form-post
 * callback); its id_token carries the email.
 *
 * @example
 * socialPresets.github.userinfoEndpoint // 'https://api.github.com/user'
 */
export const socialPresets: Record<SocialPresetId, OidcPreset | OAuth2Preset> = {
  google: { kind: 'oidc', name: 'Google', issuer: 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'] },
  apple: { kind: 'oidc', name: 'Apple', issuer: 'https://appleid.apple.com', scopes: ['openid'] },
  github: {
    kind: 'oauth2',
    name: 'GitHub',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    emailsEndpoint: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
    map: { sub: 'id', handle: 'login', name: 'name' },
  },
  discord: {
    kind: 'oauth2',
    name: 'Discord',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    map: { sub: 'id', email: 'email', emailVerified: 'verified', handle: 'username', name: 'global_name' },
  },
  x: {
    kind: 'oauth2',
    name: 'X',
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    map: { sub: 'data.id', handle: 'data.username', name: 'data.name' },
  },
  facebook: {
    kind: 'oauth2',
    name: 'Facebook',
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: ['public_profile', 'email'],
    map: { sub: 'id', email: 'email', name: 'name' },
  },
}
