/** What a social login tells the server about the account. */
export type SocialProfile = { sub: string; email?: string; emailVerified: boolean; handle?: string; name?: string }
