import { useSyncExternalStore } from 'react'
import type { Portico, PorticoState } from '../../kernel/index.js'
import { usePortico } from './usePortico.js'

/**
 * The public state snapshot, re-rendering on change. On the server and during hydration it is
 * the state before anything stored was restored (modal closed, the default network, nothing
 * connected), the same on both sides, so hydration never mismatches.
 *
 * @example
 * const { open, view } = usePorticoState()
 */
export function usePorticoState(hook = 'usePorticoState'): PorticoState {
  const portico = usePortico(hook)
  return useSyncExternalStore(
    (onChange) => portico.subscribe('state', onChange),
    () => cachedState(portico),
    () => serverState(portico),
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

const serverCache = new WeakMap<object, PorticoState>()
/** The storage-independent initial state: what a server without the visitor's storage renders. */
export function serverState(portico: Portico): PorticoState {
  const hit = serverCache.get(portico)
  if (hit) return hit
  const initial = portico.options.defaultNetwork ?? portico.options.networks[0]
  const connections: PorticoState['connections'] = {}
  for (const namespace of portico.stores.networks.namespaces) connections[namespace] = { status: 'disconnected' }
  const state: PorticoState = {
    open: false,
    view: 'Connect',
    history: ['Connect'],
    loading: false,
    activeNamespace: initial?.chainNamespace ?? portico.stores.networks.activeNamespace,
    activeNetworkId: initial?.caipNetworkId,
    connections,
  }
  serverCache.set(portico, state)
  return state
}
