import { useCallback, useContext, useRef, useSyncExternalStore } from 'react'
import { PorticoContext } from '../provider/PorticoContext.js'

/**
 * Reads a value derived from Portico's stores and re-renders when it changes (compared by JSON),
 * through the kernel's `watch` (so the page's first bytes carry no MobX). Before the kernel has
 * loaded nothing changes: `read` should then return its empty answer. Client state: the server
 * snapshot is the same read.
 *
 * @param read - reads the stores and returns plain data
 * @example
 * const toasts = useStore(() => ({ open: portico.stores.toasts.open }))
 */
export function useStore<T>(read: () => T): T {
  const kernel = useContext(PorticoContext)
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
  // A kernel that loads later is a new subscription.
  const subscribe = useCallback((onChange: () => void) => (kernel ? kernel.watch(() => readRef.current(), onChange) : () => {}), [kernel])
  return useSyncExternalStore(subscribe, get, get)
}
