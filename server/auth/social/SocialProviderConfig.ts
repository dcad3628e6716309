/** The social providers Portico knows the public endpoints of. */
export type SocialPresetId = 'google' | 'github' | 'discord' | 'x' | 'apple' | 'facebook'

/** Where a plain OAuth 2 provider's profile fields are (dotted paths into its userinfo JSON). */
export type OAuth2ProfileMap = {
  /** The stable account id, e.g. `id` or `data.id`. */
  sub: string
  email?: string
  /** A boolean field saying the email is verified; absent: emails from this provider count as unverified. */
  emailVerified?: string
  handle?: string
  name?: string
}

/** Overrides a preset accepts (the sandbox points every endpoint at its local identity provider). */
export type SocialEndpointOverrides = {
  issuer?: string
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userinfoEndpoint?: string
  /** GitHub-shaped `GET /user/emails` (a list of `{ email, primary, verified }`). */
  emailsEndpoint?: string
  scopes?: string[]
  name?: string
}

/** A known provider by preset, with your client's id and secret. */
export type SocialPresetConfig = { preset: SocialPresetId; clientId: string; clientSecret?: string } & SocialEndpointOverrides

/** Any OpenID Connect issuer (discovery, id_token checked against its JWKS). */
export type OidcProviderConfig = { type: 'oidc'; issuer: string; clientId: string; clientSecret?: string; name: string; scopes?: string[] }

/** Any plain OAuth 2 provider with a userinfo endpoint. */
export type OAuth2ProviderConfig = {
  type: 'oauth2'
  name: string
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string
  emailsEndpoint?: string
  scopes: string[]
  clientId: string
  clientSecret?: string
  map: OAuth2ProfileMap
}

/** One social provider of `auth.providers`. */
export type SocialProviderConfig = SocialPresetConfig | OidcProviderConfig | OAuth2ProviderConfig

/** A provider ready to use: OIDC (by issuer) or OAuth 2 (by endpoints). */
export type ResolvedSocialProvider =
  | { id: string; name: string; kind: 'oidc'; issuer: string; scopes: string[]; clientId: string; clientSecret?: string }
  | {
      id: string
      name: string
      kind: 'oauth2'
      authorizationEndpoint: string
      tokenEndpoint: string
      userinfoEndpoint: string
      emailsEndpoint?: string
      scopes: string[]
      clientId: string
      clientSecret?: string
      map: OAuth2ProfileMap
    }
