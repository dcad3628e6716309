/** The display names of the social providers the server knows (spec §9's list). */
const names: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  discord: 'Discord',
  x: 'X',
  apple: 'Apple',
  facebook: 'Facebook',
  farcaster: 'Farcaster',
}

/**
 * A provider's display name (`github` → `GitHub`); an unknown id is shown capitalised.
 *
 * @example
 * socialName('x') // 'X'
 */
export function socialName(provider: string): string {
  return names[provider] ?? (provider ? provider.charAt(0).toUpperCase() + provider.slice(1) : provider)
}
