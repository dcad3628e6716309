import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while rendering on the server and during hydration, true afterwards (and from the first
 * render in a client-only app). Components render their server form until then, so the markup
 * React hydrates matches the server's.
 *
 * @example
 * const hydrated = useHydrated()
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
