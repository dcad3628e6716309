/**
 * When a transaction was mined, for the activity list, in the locale (`Intl`): relative within a
 * week ("3 min. ago", "قبل ٣ دقائق"), else the date ("Nov 21, 2026").
 *
 * @param minedAt - an ISO date from the history API
 * @param now - the current time in ms
 * @param locale - a BCP 47 locale
 * @returns the text, or undefined for a date that does not parse
 * @example
 * formatActivityTime('2026-11-21T14:02:30.000Z', Date.parse('2026-11-21T14:04:40.000Z'), 'en') // '2 min. ago'
 */
export function formatActivityTime(minedAt: string, now: number, locale: string): string | undefined {
  const time = Date.parse(minedAt)
  if (!Number.isFinite(time)) return undefined
  const seconds = Math.max(0, Math.floor((now - time) / 1000))
  if (seconds >= 7 * 86_400) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time)
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })
  if (seconds < 60) return relative.format(0, 'second')
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute')
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour')
  return relative.format(-Math.floor(seconds / 86_400), 'day')
}
