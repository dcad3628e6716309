import { reaction } from 'mobx'
import { useCallback, useRef, useSyncExternalStore } from 'react'

/**
 * Reads a value derived from Portico's MobX stores and re-renders when it changes (compared
 * by JSON). Client state: the server snapshot is the same read.
 *
 * @param read - reads observables and returns plain data
 * @example
 * const toasts = useStore(() => ({ open: portico.stores.toasts.open }))
 */
export function useStore<T>(read: () => T): T {
  const readRef = useRef(read)
  readRef.current = read
  const cache = useRef<{ json: string; value: T } | undefined>(undefined)
  const get = useCallback(() => {
    const value = readRef.current()
    const json = JSON.stringify(value) ?? 'undefined'
    if (cache.current && cache.current.json === json) return cache.current.value
    cache.current = { json, value }
    return value
  }, [])
  const subscribe = useCallback((onChange: () => void) => reaction(() => JSON.stringify(readRef.current()), onChange), [])
  return useSyncExternalStore(subscribe, get, get)
}
