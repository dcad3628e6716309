/** A Telegram Mini App's platform (`Telegram.WebApp.platform`), or undefined outside Telegram. */
export type TelegramPlatform = 'ios' | 'macos' | 'android' | (string & {})

/** What each Telegram platform cannot open in its in-app browser (spec §5). */
const blockedInTelegram: Record<string, readonly string[]> = {
  ios: ['google'],
  macos: ['x'],
  android: ['facebook', 'x'],
}

export type FilterSocialsParameters = {
  /** The socials the project enables, in order (the remote feature `socials`). */
  enabled: readonly string[] | false
  /** The plugin's `socials` option (its order wins), or undefined for all enabled ones. */
  chosen?: readonly string[]
  /** The Telegram platform the page runs in, if any. */
  telegram?: TelegramPlatform
}

/**
 * The social buttons to show, in order: the plugin's `socials` (else the project's list), only
 * those the project enables, each once, minus what Telegram's in-app browser cannot open
 * (spec §5: iOS removes google, Mac removes x, Android removes facebook and x).
 *
 * @example
 * filterSocials({ enabled: ['google', 'x', 'github'], telegram: 'android' }) // ['google', 'github']
 */
export function filterSocials({ enabled, chosen, telegram }: FilterSocialsParameters): string[] {
  if (!Array.isArray(enabled) || enabled.length === 0) return []
  const allowed = new Set(enabled)
  const blocked = new Set(telegram ? (blockedInTelegram[telegram] ?? []) : [])
  const out: string[] = []
  for (const social of chosen ?? enabled) {
    if (typeof social === 'string' && allowed.has(social) && !blocked.has(social) && !out.includes(social)) out.push(social)
  }
  return out
}

/**
 * The Telegram platform of a Mini App page (`window.Telegram.WebApp.platform`), or undefined.
 *
 * @example
 * detectTelegramPlatform(globalThis) // 'ios' inside Telegram on an iPhone
 */
export function detectTelegramPlatform(scope: unknown): TelegramPlatform | undefined {
  const telegram = (scope as { Telegram?: { WebApp?: { platform?: unknown } } } | undefined)?.Telegram
  const platform = telegram?.WebApp?.platform
  if (typeof platform !== 'string' || platform === 'unknown' || platform.length > 40) return undefined
  if (platform === 'ios' || platform === 'macos' || platform === 'android') return platform
  return platform
}
