// The elements' events come from the kernel's state, not from clicks: a real Portico instance
// (with a fake chain plugin, inside this unit test) connects, opens, switches account, closes
// and disconnects, and stateEvents turns each state change into the events the elements dispatch.
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, PorticoState } from '../../../kernel/kernel.js'
import { stateEvents, type StateEvent } from '../../../ui/elements/stateEvents.js'
import { eoa, fakeWallet, setupPortico, smart, until } from '../../plugins/calls/helpers.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

function record(portico: Portico) {
  const events: StateEvent[] = []
  let previous: PorticoState = portico.getState()
  portico.subscribe('state', (next) => {
    events.push(...stateEvents(previous, next))
    previous = next
  })
  return events
}

describe('stateEvents', () => {
  it('reports connect, open, account change, close and disconnect as they happen in the kernel', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    const portico = setupPortico(wallet)
    instances.push(portico)
    await portico.ready()
    const events = record(portico)
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'w', namespace: 'eip155' })
    await until(() => events.some((e) => e.type === 'portico-connect'))
    expect(events.find((e) => e.type === 'portico-connect')).toEqual({
      type: 'portico-connect',
      detail: { namespace: 'eip155', address: eoa, caipAddress: `eip155:31337:${eoa}`, connectorId: 'w' },
    })

    await portico.open({ view: 'Account' })
    await until(() => events.some((e) => e.type === 'portico-open'))
    expect(events.find((e) => e.type === 'portico-open')).toEqual({ type: 'portico-open', detail: { view: 'Account' } })

    portico.reportAccountsChanged('eip155', [smart])
    await until(() => events.some((e) => e.type === 'portico-account-change'))
    expect(events.find((e) => e.type === 'portico-account-change')?.detail).toMatchObject({ namespace: 'eip155', address: smart })

    await portico.close()
    await until(() => events.some((e) => e.type === 'portico-close'))

    await portico.disconnect('eip155')
    await until(() => events.some((e) => e.type === 'portico-disconnect'))
    expect(events.filter((e) => e.type === 'portico-disconnect')).toEqual([{ type: 'portico-disconnect', detail: { namespace: 'eip155' } }])
    expect(events.filter((e) => e.type === 'portico-connect')).toHaveLength(1)
  })

  it('reports the network, and nothing when nothing an element shows changed', () => {
    const base: PorticoState = { open: false, view: 'Connect', history: [], loading: false, activeNamespace: 'eip155', activeNetworkId: 'eip155:1', connections: {} }
    expect(stateEvents(base, { ...base, loading: true, history: ['Connect'] })).toEqual([])
    expect(stateEvents(base, { ...base, activeNetworkId: 'eip155:10' })).toEqual([{ type: 'portico-network-change', detail: { namespace: 'eip155', caipNetworkId: 'eip155:10' } }])
    // "connecting" is not a connection yet; a restored connection counts once it is connected.
    const connecting = { ...base, connections: { eip155: { status: 'connecting' as const } } }
    expect(stateEvents(base, connecting)).toEqual([])
    expect(stateEvents(connecting, { ...base, connections: { eip155: { status: 'connected' as const, address: eoa } } })).toEqual([
      { type: 'portico-connect', detail: { namespace: 'eip155', address: eoa } },
    ])
  })
})
