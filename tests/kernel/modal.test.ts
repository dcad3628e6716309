import { describe, expect, it, vi } from 'vitest'
import { runInAction } from 'mobx'
import type { Portico } from '../../kernel/kernel.js'
import { RouterStore } from '../../kernel/stores/RouterStore.js'
import { createTestPortico, evmA, evmB, network, newWallet, solanaNet, testChain } from './helpers/testKit.js'

describe('opening the modal (spec §2 order)', () => {
  it('5. shows Connect when nothing else applies', async () => {
    const { portico } = createTestPortico()
    await portico.ready()
    await portico.open()
    expect(portico.getState()).toMatchObject({ open: true, view: 'Connect', history: ['Connect'] })
  })

  it('4. shows Account when connected', async () => {
    const { portico } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.open()
    expect(portico.getState().view).toBe('Account')
  })

  it('3. a requested view with data wins over Account', async () => {
    const { portico } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.open({ view: 'Networks', data: { from: 'test' } })
    expect(portico.getState().view).toBe('Networks')
    expect(portico.stores.router.data).toEqual({ from: 'test' })
  })

  it('1. a namespace other than the active one switches network without confirmation', async () => {
    const { portico } = createTestPortico({
      networks: [evmA, solanaNet],
      plugins: [testChain('eip155', newWallet()), testChain('solana', newWallet({ accounts: ['So1anaAddress11111111111111111111111111111'], chain: 'solana:localnet' }))],
    })
    await portico.open({ namespace: 'solana', view: 'Account' })
    expect(portico.getState().view).toBe('SwitchNetwork')
    expect((portico.stores.router.data?.network as { caipNetworkId: string }).caipNetworkId).toBe('solana:localnet')
  })

  it('2. manual WalletConnect control opens the view registered for manual pairing, AllWallets on mobile or when none is', async () => {
    const pairing = { name: 'pairing', kind: 'connector' as const, version: '0.0.0', meta: { description: 'Registers a manual pairing view.' }, setup(portico: Portico) {
      portico.hooks.registerViews.tap('pairing', (registry) => registry.register({ id: 'PairingQr', title: 'pairing.title', owner: 'pairing', manualPairing: true, load: async () => ({}) }))
    } }
    const desktop = createTestPortico({ manualWCControl: true, isMobile: false, plugins: [testChain('eip155', newWallet()), pairing] }).portico
    await desktop.open()
    expect(desktop.getState().view).toBe('PairingQr')
    const none = createTestPortico({ manualWCControl: true, isMobile: false }).portico
    await none.open()
    expect(none.getState().view).toBe('AllWallets')
    const mobile = createTestPortico({ manualWCControl: true, isMobile: true }).portico
    await mobile.open()
    expect(mobile.getState().view).toBe('AllWallets')
  })

  it('keeps an optional uri when opened with one', async () => {
    const { portico } = createTestPortico()
    await portico.open({ uri: 'wc:abc@2' })
    expect(portico.stores.router.data).toEqual({ uri: 'wc:abc@2' })
  })
})

describe('closing', () => {
  it('resets to Connect', async () => {
    const { portico } = createTestPortico()
    await portico.open({ view: 'Networks' })
    portico.stores.router.push('SwitchNetwork', { network: evmB })
    portico.close()
    expect(portico.getState()).toMatchObject({ open: false, view: 'Connect', history: ['Connect'] })
  })

  it('in embedded mode goes to Account when connected, else Connect, and stays open', async () => {
    const { portico } = createTestPortico({ embedded: true })
    await portico.open({ view: 'Networks' })
    portico.close()
    expect(portico.getState()).toMatchObject({ open: true, view: 'Connect' })
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.open({ view: 'Networks' })
    portico.close()
    expect(portico.getState()).toMatchObject({ open: true, view: 'Account', history: ['Account'] })
  })

  it('Esc on UnsupportedChain shakes instead of closing, as does a close guard', async () => {
    const { portico } = createTestPortico()
    await portico.open({ view: 'UnsupportedChain' })
    expect(portico.requestClose()).toBe(false)
    expect(portico.stores.modal.shakeCount).toBe(1)
    expect(portico.getState().open).toBe(true)
    portico.stores.router.push('SwitchNetwork', { network: evmB })
    expect(portico.requestClose()).toBe(false)
    portico.close()
    await portico.open({ view: 'Account' })
    let blocked = true
    const remove = portico.stores.modal.addCloseGuard(() => blocked)
    expect(portico.requestClose()).toBe(false)
    blocked = false
    expect(portico.requestClose()).toBe(true)
    remove()
  })

  it('emits MODAL_OPEN and MODAL_CLOSE with the connected flag, and only closes an open modal once', async () => {
    const { portico } = createTestPortico()
    const events: string[] = []
    portico.subscribe('event', (event) => events.push(`${event.event}:${String(event.properties?.connected)}`))
    await portico.open()
    portico.close()
    portico.close()
    expect(events).toEqual(['MODAL_OPEN:false', 'MODAL_CLOSE:false'])
  })
})

describe('going back (RouterStore)', () => {
  function router(connected = false) {
    const close = vi.fn()
    const reloadAuth = vi.fn()
    const scheduled: { fn: () => void; ms: number }[] = []
    const store = new RouterStore({ isConnected: () => connected, close, schedule: (fn, ms) => scheduled.push({ fn, ms }), reloadAuth })
    return { store, close, reloadAuth, scheduled }
  }

  it('push of the current view is a no-op', () => {
    const { store } = router()
    store.push('Connect')
    expect(store.history).toEqual(['Connect'])
    store.push('AllWallets')
    store.push('AllWallets')
    expect(store.history).toEqual(['Connect', 'AllWallets'])
  })

  it('back pops the history', () => {
    const { store, close } = router()
    store.push('AllWallets')
    store.push('ConnectingExternal', { wallet: { id: 'x' }, redirectView: 'Account', keep: 1 })
    store.goBack()
    expect(store.view).toBe('AllWallets')
    expect(store.data).toEqual({ keep: 1 })
    expect(close).not.toHaveBeenCalled()
  })

  it('back with one view closes the modal', () => {
    const { store, close } = router()
    store.goBack()
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('back onto Connect while connected shows Account', () => {
    const { store } = router(true)
    store.push('Networks')
    store.goBack()
    expect(store.view).toBe('Account')
    expect(store.history).toEqual(['Connect'])
  })

  it('leaving ConnectingFarcaster with no address reloads the auth connector after 100 ms', () => {
    const { store, scheduled, reloadAuth } = router(false)
    store.push('ConnectingFarcaster')
    store.goBack()
    expect(scheduled).toHaveLength(1)
    expect(scheduled[0]?.ms).toBe(100)
    scheduled[0]?.fn()
    expect(reloadAuth).toHaveBeenCalledTimes(1)
  })

  it('replace overwrites the last entry, reset starts over, goBackToIndex truncates', () => {
    const { store } = router()
    store.push('AllWallets')
    store.replace('ConnectingExternal')
    expect(store.history).toEqual(['Connect', 'ConnectingExternal'])
    store.push('Networks')
    store.goBackToIndex(0)
    expect(store.history).toEqual(['Connect'])
    expect(store.view).toBe('Connect')
    store.goBackToIndex(7)
    expect(store.history).toEqual(['Connect'])
    store.reset('Account')
    expect(store.history).toEqual(['Account'])
  })

  it('portico.back() on the only view closes the modal', async () => {
    const { portico } = createTestPortico()
    await portico.open()
    portico.back()
    expect(portico.getState().open).toBe(false)
  })
})

describe('network routing from the Networks view', () => {
  it('the same network does nothing; another network of the namespace pushes SwitchNetwork', async () => {
    const { portico } = createTestPortico()
    await portico.open({ view: 'Networks' })
    portico.selectNetwork(evmA)
    expect(portico.getState().view).toBe('Networks')
    portico.selectNetwork(evmB)
    expect(portico.getState().view).toBe('SwitchNetwork')
  })

  it('connected, to an unconnected other namespace: SwitchActiveChain with its data', async () => {
    const { portico } = createTestPortico({
      networks: [evmA, solanaNet],
      plugins: [testChain('eip155', newWallet()), testChain('solana', newWallet({ accounts: ['So1anaAddress11111111111111111111111111111'], chain: 'solana:localnet' }))],
    })
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.open({ view: 'Networks' })
    portico.selectNetwork(solanaNet)
    expect(portico.getState().view).toBe('SwitchActiveChain')
    expect(portico.stores.router.data).toMatchObject({ switchToChain: 'solana', navigateTo: 'Connect', navigateWithReplace: true })
  })

  it('unknown network: alert APKT001 and NetworkNotFoundError', async () => {
    const { portico } = createTestPortico()
    await expect(portico.switchNetwork('eip155:999')).rejects.toThrow('Network not found')
    expect(portico.stores.alerts.hasShown('APKT001')).toBe(true)
    await expect(portico.switchNetwork(network('eip155', 5))).rejects.toThrow('Network not found')
  })
})

describe('the namespace the visitor chose to connect in (issue 52: the Connect list follows it)', () => {
  const twoNamespaces = () =>
    createTestPortico({
      networks: [evmA, evmB, solanaNet],
      plugins: [testChain('eip155', newWallet()), testChain('solana', newWallet({ accounts: ['So1anaAddress11111111111111111111111111111'], chain: 'solana:localnet' }))],
    }).portico

  it('nothing is chosen at first; open({ namespace }) for a namespace not connected chooses it', async () => {
    const portico = twoNamespaces()
    expect(portico.stores.networks.chosenNamespace).toBeUndefined()
    await portico.open()
    expect(portico.stores.networks.chosenNamespace).toBeUndefined()
    await portico.open({ namespace: 'solana' })
    expect(portico.stores.networks.chosenNamespace).toBe('solana')
    await portico.open({ namespace: 'eip155' })
    expect(portico.stores.networks.chosenNamespace).toBe('eip155')
  })

  it('a network picked while not connected in its namespace chooses it; a switch of the connected namespace\'s chain does not', async () => {
    const portico = twoNamespaces()
    await portico.switchNetwork(solanaNet)
    expect(portico.stores.networks.chosenNamespace).toBe('solana')
    runInAction(() => portico.stores.networks.chooseNamespace(undefined))
    await portico.connect({ connectorId: 'eip155.wallet', namespace: 'eip155' })
    await portico.switchNetwork(evmB)
    expect(portico.stores.networks.chosenNamespace).toBeUndefined()
    await portico.open({ namespace: 'eip155' })
    expect(portico.stores.networks.chosenNamespace).toBeUndefined()
  })
})
