import { describe, expect, it, vi } from 'vitest'
import { ConnectFailedError, ConnectionRejectedError, NoPluginForHookError, type PorticoState } from '../../kernel/kernel.js'
import { addressA, addressB, createTestPortico, evmA, evmB, memoryStorage, newWallet, solanaNet, testChain } from './helpers/testKit.js'

describe('connection status per namespace', () => {
  it('goes disconnected → connecting → connected and exposes the account', async () => {
    const { portico } = createTestPortico()
    await portico.ready()
    const statuses: string[] = []
    portico.subscribe('state', (state) => {
      const status = state.connections.eip155?.status ?? 'none'
      if (statuses[statuses.length - 1] !== status) statuses.push(status)
    })
    expect(portico.getState().connections.eip155).toEqual({ status: 'disconnected' })
    const result = await portico.connect({ connectorId: 'eip155.wallet' })
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(result).toEqual({ status: 'connected', address: addressA, caipAddress: `eip155:1:${addressA}`, connectorId: 'eip155.wallet' })
    expect(portico.getAccount()).toMatchObject({ isConnected: true, address: addressA })
  })

  it('a pairing connector (a QR code that may never be scanned) leaves the status alone until the wallet answers', async () => {
    const { portico } = createTestPortico()
    await portico.ready()
    let answer: ((value: { connectorId: string; accounts: { address: string }[]; caipNetworkId: 'eip155:1' }) => void) | undefined
    portico.stores.wallets.addConnectors([{ id: 'pairing.qr', name: 'Pairing', namespace: 'eip155', type: 'WALLET_CONNECT', pairing: true }])
    portico.hooks.connect.for('eip155').tapPromise({ name: 'pairing', stage: -1 }, (request) =>
      request.connectorId === 'pairing.qr' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(undefined),
    )
    const statuses: string[] = []
    portico.subscribe('state', (state) => {
      const status = state.connections.eip155?.status ?? 'none'
      if (statuses[statuses.length - 1] !== status) statuses.push(status)
    })
    const connecting = portico.connect({ connectorId: 'pairing.qr' })
    // The connector has the request (the code is showing), so the kernel has set whatever status it sets before it: not "connecting".
    await vi.waitFor(() => expect(answer).toBeDefined())
    expect(portico.getState().connections.eip155?.status).toBe('disconnected')
    answer!({ connectorId: 'pairing.qr', accounts: [{ address: addressA }], caipNetworkId: 'eip155:1' })
    await connecting
    expect(statuses).not.toContain('connecting')
    expect(statuses[statuses.length - 1]).toBe('connected')
  })

  it('a rejection in the wallet gives "Connection rejected" and returns to disconnected', async () => {
    const { portico, wallet } = createTestPortico()
    wallet.reject = true
    const error = await portico.connect({ connectorId: 'eip155.wallet' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionRejectedError)
    expect((error as Error).message).toMatch(/^Connection rejected/)
    expect(portico.getState().connections.eip155?.status).toBe('disconnected')
    wallet.reject = false
    await portico.connect({ connectorId: 'eip155.wallet' })
    expect(portico.getState().connections.eip155?.status).toBe('connected')
  })

  it('a plugin answering garbage gives "Failed to connect" and loses nothing', async () => {
    const { portico, wallet } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    wallet.accounts = ['not-an-address']
    await expect(portico.connect({ connectorId: 'eip155.wallet' })).rejects.toBeInstanceOf(ConnectFailedError)
    expect(portico.getAccount().address).toBe(addressA)
    wallet.chain = 'garbage'
    wallet.accounts = [addressB]
    await expect(portico.connect({ connectorId: 'eip155.wallet' })).rejects.toBeInstanceOf(ConnectFailedError)
    expect(portico.getAccount().address).toBe(addressA)
  })

  it('a namespace no plugin serves throws a typed error with a docs link', async () => {
    const { portico } = createTestPortico()
    const error = await portico.connect({ namespace: 'cosmos', connectorId: 'keplr' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoPluginForHookError)
    expect((error as Error).message).toContain('Docs: docs/kernel/errors.md#nopluginforhookerror')
  })

  it('disconnect resets account and network state and forgets the stored connection', async () => {
    const { portico, wallet, storage } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.fetchBalance()
    expect(storage.data.get('@portico/connections')).toContain('eip155.wallet')
    await portico.disconnect()
    expect(wallet.calls).toContain('disconnect')
    expect(portico.getState().connections.eip155).toEqual({ status: 'disconnected' })
    expect(portico.stores.accounts.get('eip155').balance).toBeUndefined()
    expect(storage.data.has('@portico/connections')).toBe(false)
  })

  it('the wallet reporting no accounts, or a disconnect, ends the connection', async () => {
    const { portico } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    portico.reportAccountsChanged('eip155', [addressB])
    expect(portico.getAccount().address).toBe(addressB)
    portico.reportAccountsChanged('eip155', [])
    expect(portico.getAccount().status).toBe('disconnected')
    await portico.connect({ connectorId: 'eip155.wallet' })
    portico.reportDisconnected('eip155')
    expect(portico.getAccount().status).toBe('disconnected')
  })
})

describe('reconnect on load', () => {
  it('shows connecting from the first snapshot (never a disconnected flash), then connected', async () => {
    const storage = memoryStorage({ '@portico/connections': JSON.stringify({ eip155: { connectorId: 'eip155.wallet' } }) })
    const { portico, wallet } = createTestPortico({ storage })
    const first: PorticoState = portico.getState()
    expect(first.connections.eip155?.status).toBe('connecting')
    await portico.ready()
    expect(wallet.calls).toEqual(['reconnect'])
    expect(portico.getState().connections.eip155).toMatchObject({ status: 'connected', address: addressA })
  })

  it('a stored connection the wallet no longer has is dropped', async () => {
    const storage = memoryStorage({ '@portico/connections': JSON.stringify({ eip155: { connectorId: 'eip155.wallet' } }) })
    const { portico } = createTestPortico({ storage }, newWallet({ accounts: [] }))
    await portico.ready()
    expect(portico.getState().connections.eip155?.status).toBe('disconnected')
    expect(storage.data.has('@portico/connections')).toBe(false)
  })

  it('with enableReconnect off, stored connections are disconnected instead', async () => {
    const storage = memoryStorage({ '@portico/connections': JSON.stringify({ eip155: { connectorId: 'eip155.wallet' } }) })
    const { portico, wallet } = createTestPortico({ storage, enableReconnect: false })
    expect(portico.getState().connections.eip155?.status).toBe('disconnected')
    await portico.ready()
    expect(wallet.calls).toEqual(['disconnect'])
    expect(storage.data.has('@portico/connections')).toBe(false)
  })

  it('a corrupted stored session is discarded with no crash', async () => {
    for (const bad of ['{not json', '"a string"', '{"eip155":{"connectorId":42}}', '{"__proto__":{"polluted":true}}', 'x'.repeat(200_000)]) {
      const storage = memoryStorage({ '@portico/connections': bad, '@portico/active_network_id': '{' })
      const { portico } = createTestPortico({ storage })
      await portico.ready()
      expect(portico.getState().connections.eip155?.status).toBe('disconnected')
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    }
  })

  it('restores the stored active network', async () => {
    const storage = memoryStorage({ '@portico/active_network_id': JSON.stringify('eip155:2') })
    const { portico } = createTestPortico({ storage })
    expect(portico.getState().activeNetworkId).toBe('eip155:2')
  })
})

describe('network switch', () => {
  it('asks the connected wallet, then makes the network active; the same network does nothing', async () => {
    const { portico, wallet } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.switchNetwork(evmA)
    expect(wallet.calls.filter((c) => c === 'switchNetwork')).toHaveLength(0)
    await portico.switchNetwork('eip155:2')
    expect(wallet.chain).toBe('eip155:2')
    expect(portico.getState().activeNetworkId).toBe('eip155:2')
    expect(portico.getAccount().caipAddress).toBe(`eip155:2:${addressA}`)
  })

  it('a rejected switch keeps the current network', async () => {
    const { portico, wallet } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    wallet.reject = true
    await expect(portico.switchNetwork(evmB)).rejects.toMatchObject({ code: 4001 })
    expect(portico.getState().activeNetworkId).toBe('eip155:1')
  })

  it('the wallet moving to an unconfigured chain opens UnsupportedChain unless allowed', async () => {
    const { portico } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    portico.reportChainChanged('eip155', 'eip155:777')
    await Promise.resolve()
    expect(portico.getState()).toMatchObject({ open: true, view: 'UnsupportedChain' })
    portico.reportChainChanged('eip155', 'eip155:2')
    expect(portico.getState()).toMatchObject({ open: false, activeNetworkId: 'eip155:2' })

    const allowed = createTestPortico({ allowUnsupportedChain: true }).portico
    await allowed.connect({ connectorId: 'eip155.wallet' })
    allowed.reportChainChanged('eip155', 'eip155:777')
    expect(allowed.getState().open).toBe(false)
  })

  it('switching to another namespace changes the active namespace', async () => {
    const { portico } = createTestPortico({
      networks: [evmA, evmB, solanaNet],
      plugins: [testChain('eip155', newWallet()), testChain('solana', newWallet({ accounts: ['So1anaAddress11111111111111111111111111111'], chain: 'solana:localnet' }))],
    })
    await portico.switchNetwork(solanaNet)
    expect(portico.getState()).toMatchObject({ activeNamespace: 'solana', activeNetworkId: 'solana:localnet' })
  })

  it('connects a namespace alongside without making it active when asked (activate: false)', async () => {
    const { portico } = createTestPortico({
      networks: [evmA, evmB, solanaNet],
      plugins: [testChain('eip155', newWallet()), testChain('solana', newWallet({ accounts: ['So1anaAddress11111111111111111111111111111'], chain: 'solana:localnet' }))],
    })
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.connect({ namespace: 'solana', connectorId: 'solana.wallet', activate: false })
    expect(portico.getState()).toMatchObject({ activeNamespace: 'eip155', activeNetworkId: evmA.caipNetworkId })
    expect(portico.getAccount('solana').address).toBe('So1anaAddress11111111111111111111111111111')
    await portico.connect({ namespace: 'solana', connectorId: 'solana.wallet' })
    expect(portico.getState().activeNamespace).toBe('solana')
  })
})

describe('other actions', () => {
  it('signMessage, fetchBalance and send go through the namespace plugin', async () => {
    const { portico } = createTestPortico()
    await expect(portico.signMessage({ message: 'hi' })).rejects.toThrow('No account is connected')
    await portico.connect({ connectorId: 'eip155.wallet' })
    expect(await portico.signMessage({ message: 'hi' })).toBe('signed:hi')
    expect(await portico.fetchBalance()).toEqual({ balance: '1.23456', symbol: 'ETH' })
    expect(portico.stores.accounts.get('eip155')).toMatchObject({ balance: '1.23456', balanceSymbol: 'ETH', balanceLoading: false })
    expect(await portico.send({ to: addressB, amount: '0.5' })).toBe(`hash:${addressB}:0.5`)
  })

  it('send refuses bad input before the wallet is asked', async () => {
    const { portico, wallet } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    wallet.calls.length = 0
    await expect(portico.send({ to: '', amount: '1' })).rejects.toThrow('An amount and receiver address are required')
    await expect(portico.send({ to: addressB, amount: '' })).rejects.toThrow('An amount and receiver address are required')
    for (const amount of ['0', '-1', '1e3', 'abc', '1.', '0.000']) {
      await expect(portico.send({ to: addressB, amount })).rejects.toThrow('positive decimal')
    }
    await expect(portico.send({ to: '0x123', amount: '1' })).rejects.toThrow('Invalid Address')
    await expect(portico.send({ to: addressB, amount: '1', token: 'solana:x:abc' as `${string}:${string}:${string}` })).rejects.toThrow('A token is required')
    expect(wallet.calls).toEqual([])
  })

  it('discovered wallets are merged and listed once', async () => {
    const { portico } = createTestPortico()
    await portico.discoverWallets()
    await portico.discoverWallets()
    expect(portico.stores.wallets.merged.map((w) => w.name)).toEqual(['Test Wallet'])
    expect(portico.isAddress(addressB)).toBe(true)
    expect(portico.isAddress('0xzz')).toBe(false)
    expect(portico.isAddress(addressB, 'cosmos')).toBe(false)
  })

  it('destroy runs every disposer once', async () => {
    const { portico, wallet } = createTestPortico()
    await portico.destroy()
    await portico.destroy()
    expect(wallet.calls.filter((c) => c === 'disposed')).toHaveLength(1)
  })

  it('multi-namespace: each namespace has its own status', async () => {
    const { portico } = createTestPortico({
      networks: [evmA, evmB, solanaNet],
      plugins: [testChain('eip155', newWallet()), testChain('solana', newWallet({ accounts: ['So1anaAddress11111111111111111111111111111'], chain: 'solana:localnet' }))],
    })
    await portico.connect({ namespace: 'solana', connectorId: 'solana.wallet' })
    expect(portico.getState().connections).toMatchObject({ eip155: { status: 'disconnected' }, solana: { status: 'connected' } })
    expect(portico.getState().activeNamespace).toBe('solana')
    await portico.connect({ namespace: 'eip155', connectorId: 'eip155.wallet' })
    await portico.switchNetwork(solanaNet)
    await portico.open()
    expect(portico.getState()).toMatchObject({ activeNamespace: 'solana', view: 'Account' })
    await portico.disconnect('solana')
    expect(portico.getState().connections).toMatchObject({ eip155: { status: 'connected' }, solana: { status: 'disconnected' } })
    // The namespace still connected becomes the active one, so the account view is not empty.
    expect(portico.getState()).toMatchObject({ activeNamespace: 'eip155', open: true })
    expect(portico.getAccount().isConnected).toBe(true)
  })
})
