import { useSyncExternalStore } from 'react'
import type { PorticoState } from '../../kernel/index.js'
import { usePortico } from './usePortico.js'

/**
 * The public state snapshot, re-rendering on change (server rendering reads the same snapshot).
 *
 * @example
 * const { open, view } = usePorticoState()
 */
export function usePorticoState(hook = 'usePorticoState'): PorticoState {
  const portico = usePortico(hook)
  return useSyncExternalStore(
    (onChange) => portico.subscribe('state', onChange),
    () => cachedState(portico),
    () => cachedState(portico),
  )
}

// useSyncExternalStore needs the same object while nothing changed.
const cache = new WeakMap<object, { json: string; state: PorticoState }>()
function cachedState(portico: { getState(): PorticoState }): PorticoState {
  const state = portico.getState()
  const json = JSON.stringify(state)
  const hit = cache.get(portico)
  if (hit && hit.json === json) return hit.state
  cache.set(portico, { json, state })
  return state
}
