import { useEffect, useState } from 'react'

/**
 * The current time, updated every `intervalMs` while `active` (countdowns and expiry).
 *
 * @example
 * const now = useNow(1000, true)
 */
export function useNow(intervalMs: number, active: boolean, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock)
  useEffect(() => {
    if (!active) return
    setNow(clock())
    const timer = setInterval(() => setNow(clock()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, active, clock])
  return now
}
