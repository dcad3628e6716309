import type { TranslateFunction } from '../hooks/useTranslate.js'

/**
 * When a transaction was mined, for the activity list: relative within a week ("3 min ago"),
 * else the date.
 *
 * @param minedAt - an ISO date from the history API
 * @param now - the current time in ms
 * @param t - the translate function
 * @returns the text, or undefined for a date that does not parse
 * @example
 * formatActivityTime('2026-11-21T14:02:30.000Z', Date.now(), t) // '2 min ago'
 */
export function formatActivityTime(minedAt: string, now: number, t: TranslateFunction): string | undefined {
  const time = Date.parse(minedAt)
  if (!Number.isFinite(time)) return undefined
  const seconds = Math.max(0, Math.floor((now - time) / 1000))
  if (seconds < 60) return t('time.justNow')
  if (seconds < 3600) return t('time.minutesAgo', { count: Math.floor(seconds / 60) })
  if (seconds < 86_400) return t('time.hoursAgo', { count: Math.floor(seconds / 3600) })
  if (seconds < 7 * 86_400) return t('time.daysAgo', { count: Math.floor(seconds / 86_400) })
  return new Date(time).toISOString().slice(0, 10)
}
