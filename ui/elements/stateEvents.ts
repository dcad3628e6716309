import type { PorticoState } from '../../kernel/index.js'

/** The events the elements dispatch, by name, with their `detail`. */
export type PorticoElementEventMap = {
  /** A namespace became connected. */
  'portico-connect': { namespace: string; address?: string; caipAddress?: string; connectorId?: string }
  /** A namespace's connection ended. */
  'portico-disconnect': { namespace: string }
  /** A connected namespace's account changed (the wallet switched accounts). */
  'portico-account-change': { namespace: string; address?: string; caipAddress?: string }
  /** The active network changed. */
  'portico-network-change': { namespace: string; caipNetworkId: string | undefined }
  /** The modal opened, on `view`. */
  'portico-open': { view: string }
  /** The modal closed. */
  'portico-close': Record<string, never>
}

export type PorticoElementEventName = keyof PorticoElementEventMap

/** One event to dispatch. */
export type StateEvent = { [K in PorticoElementEventName]: { type: K; detail: PorticoElementEventMap[K] } }[PorticoElementEventName]

/**
 * The events one change of `portico.getState()` means, in the order they happened: disconnects,
 * connects and account changes per namespace, then the network, then the modal.
 *
 * @param previous - the state before
 * @param next - the state after
 * @returns the events (empty when nothing an element reports changed)
 * @example
 * stateEvents(before, after) // [{ type: 'portico-connect', detail: { namespace: 'eip155', address: '0xf39F…' } }]
 */
export function stateEvents(previous: PorticoState, next: PorticoState): StateEvent[] {
  const events: StateEvent[] = []
  const namespaces = new Set([...Object.keys(previous.connections), ...Object.keys(next.connections)])
  for (const namespace of namespaces) {
    const before = previous.connections[namespace]
    const after = next.connections[namespace]
    const wasConnected = before?.status === 'connected'
    const isConnected = after?.status === 'connected'
    if (wasConnected && !isConnected) events.push({ type: 'portico-disconnect', detail: { namespace } })
    else if (!wasConnected && isConnected)
      events.push({
        type: 'portico-connect',
        detail: { namespace, ...(after.address ? { address: after.address } : {}), ...(after.caipAddress ? { caipAddress: after.caipAddress } : {}), ...(after.connectorId ? { connectorId: after.connectorId } : {}) },
      })
    else if (wasConnected && isConnected && before.caipAddress !== after.caipAddress)
      events.push({ type: 'portico-account-change', detail: { namespace, ...(after.address ? { address: after.address } : {}), ...(after.caipAddress ? { caipAddress: after.caipAddress } : {}) } })
  }
  if (previous.activeNetworkId !== next.activeNetworkId) events.push({ type: 'portico-network-change', detail: { namespace: next.activeNamespace, caipNetworkId: next.activeNetworkId } })
  if (!previous.open && next.open) events.push({ type: 'portico-open', detail: { view: next.view } })
  else if (previous.open && !next.open) events.push({ type: 'portico-close', detail: {} })
  return events
}
