import { useSyncExternalStore } from 'react'
import type { Network, PorticoOptions, PorticoState, RestoreHint } from '../../kernel/index.js'
import { usePorticoHandle } from './usePorticoHandle.js'
import { useRestoreHint } from './useRestoreHint.js'

/**
 * The public state snapshot, re-rendering on change. On the server and during hydration it is
 * the state before anything stored was restored (modal closed, the default network, nothing
 * connected, or restoring what the restore hint names), the same on both sides, so hydration
 * never mismatches. Before the kernel loads it is the handle's state (stored connections
 * restoring); it never suspends.
 *
 * @example
 * const { open, view } = usePorticoState()
 */
export function usePorticoState(hook = 'usePorticoState'): PorticoState {
  const portico = usePorticoHandle(hook)
  const hint = useRestoreHint()
  return useSyncExternalStore(
    (onChange) => portico.subscribe('state', onChange),
    () => cachedState(portico),
    () => serverState(portico, hint),
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

const serverCache = new WeakMap<object, { hint: RestoreHint | undefined; state: PorticoState }>()
/**
 * The storage-independent initial state: what a server without the visitor's storage renders.
 * With a restore hint (from the visitor's cookie), the namespaces it names are `connecting`, as
 * they are on the client while the stored connection is restored; with `restoreCookie: { account:
 * true }`, each carries the account the hint kept, and the active namespace's network is that
 * account's (when the site offers it).
 */
export function serverState(portico: { options: PorticoOptions }, hint?: RestoreHint): PorticoState {
  const hit = serverCache.get(portico)
  if (hit && hit.hint === hint) return hit.state
  const { options } = portico
  const withAccount = (options.restoreCookie as { account?: boolean } | undefined)?.account
  // Options always hold a network (createPortico throws NoNetworksError otherwise).
  let initial = (options.defaultNetwork ?? options.networks[0]) as Network
  const connections: PorticoState['connections'] = {}
  for (const namespace of new Set(options.networks.map((n) => n.chainNamespace))) {
    const entry = options.enableReconnect !== false && hint && Object.hasOwn(hint.connections, namespace) ? hint.connections[namespace] : undefined
    const caipAddress = withAccount ? entry?.caipAddress : undefined
    connections[namespace] = entry ? { status: 'connecting', ...(caipAddress ? { address: caipAddress.split(':')[2] as string, caipAddress } : {}) } : { status: 'disconnected' }
    const network = caipAddress && namespace === initial.chainNamespace ? options.networks.find((n) => caipAddress.startsWith(`${n.caipNetworkId}:`)) : undefined
    if (network) initial = network
  }
  const state: PorticoState = {
    open: false,
    view: 'Connect',
    history: ['Connect'],
    loading: false,
    activeNamespace: initial.chainNamespace,
    activeNetworkId: initial.caipNetworkId,
    connections,
  }
  serverCache.set(portico, { hint, state })
  return state
}
