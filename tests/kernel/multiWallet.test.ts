import { describe, expect, it } from 'vitest'
import { ConnectFailedError, ConnectionNotFoundError } from '../../kernel/kernel.js'
import { addressA, addressB, memoryStorage } from './helpers/testKit.js'
import { setupTwoWallets as setup } from './helpers/twoWallets.js'

describe('multi-wallet on: several wallets per namespace, one active', () => {
  it('a second connection keeps the first; switching changes which wallet signs', async () => {
    const { portico, calls } = setup({ multiWallet: true })
    await portico.ready()
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'one' })
    await portico.connect({ connectorId: 'two' })
    expect(portico.getConnections('eip155').map((c) => [c.connectorId, c.name, c.address, c.active])).toEqual([
      ['two', 'Wallet Two', addressB, true],
      ['one', 'Wallet One', addressA, false],
    ])
    expect(await portico.signMessage({ message: 'hi' })).toBe('two:hi')
    expect(calls).not.toContain('disconnect:one')

    await portico.switchConnection({ namespace: 'eip155', connectorId: 'one' })
    expect(calls).toContain('reconnect:one')
    expect(portico.getAccount()).toMatchObject({ address: addressA, connectorId: 'one' })
    expect(await portico.signMessage({ message: 'hi' })).toBe('one:hi')
    expect(portico.getConnections().map((c) => [c.connectorId, c.active])).toEqual([
      ['one', true],
      ['two', false],
    ])
  })

  it('kept connections survive a reload and are checked only when picked', async () => {
    const storage = memoryStorage()
    const first = setup({ multiWallet: true, storage })
    await first.portico.ready()
    await first.portico.connect({ connectorId: 'one' })
    await first.portico.connect({ connectorId: 'two' })
    await first.portico.destroy()

    const second = setup({ multiWallet: true, storage })
    await second.portico.ready()
    expect(second.calls).toEqual(['reconnect:two'])
    expect(second.portico.getConnections().map((c) => [c.connectorId, c.address, c.active])).toEqual([
      ['two', addressB, true],
      ['one', addressA, false],
    ])
    await second.portico.switchConnection({ connectorId: 'one' })
    expect(second.portico.getAccount().address).toBe(addressA)
  })

  it('a kept wallet that is gone is dropped with "Failed to connect"; the active one stays', async () => {
    const { portico, live } = setup({ multiWallet: true })
    await portico.connect({ connectorId: 'one' })
    await portico.connect({ connectorId: 'two' })
    live.one = false
    await expect(portico.switchConnection({ connectorId: 'one' })).rejects.toBeInstanceOf(ConnectFailedError)
    expect(portico.getAccount()).toMatchObject({ address: addressB, connectorId: 'two' })
    expect(portico.getConnections().map((c) => c.connectorId)).toEqual(['two'])
    await expect(portico.switchConnection({ connectorId: 'nobody' })).rejects.toBeInstanceOf(ConnectionNotFoundError)
  })

  it('deleteConnection ends a kept wallet, or the active one with the next taking its place; disconnect ends all', async () => {
    const { portico, calls } = setup({ multiWallet: true })
    await portico.connect({ connectorId: 'one' })
    await portico.connect({ connectorId: 'two' })
    await portico.deleteConnection({ connectorId: 'two' })
    expect(calls).toContain('disconnect:two')
    expect(portico.getAccount()).toMatchObject({ isConnected: true, address: addressA, connectorId: 'one' })
    expect(portico.getConnections()).toHaveLength(1)

    await portico.connect({ connectorId: 'two' })
    await portico.disconnect('eip155')
    expect(calls.filter((c) => c.startsWith('disconnect:'))).toEqual(['disconnect:two', 'disconnect:two', 'disconnect:one'])
    expect(portico.getConnections()).toEqual([])
    expect(portico.getAccount().isConnected).toBe(false)
  })

  it('events of a kept wallet move its entry, never the active connection', async () => {
    const { portico } = setup({ multiWallet: true })
    await portico.connect({ connectorId: 'one' })
    await portico.connect({ connectorId: 'two' })
    portico.reportAccountsChanged('eip155', ['0x0000000000000000000000000000000000000001'], { connectorId: 'one' })
    portico.reportChainChanged('eip155', 'eip155:2', { connectorId: 'one' })
    expect(portico.getAccount()).toMatchObject({ address: addressB, caipAddress: `eip155:1:${addressB}` })
    expect(portico.getConnections()[1]).toMatchObject({ connectorId: 'one', address: '0x0000000000000000000000000000000000000001', caipNetworkId: 'eip155:2' })
    portico.reportDisconnected('eip155', { connectorId: 'one' })
    expect(portico.getConnections().map((c) => c.connectorId)).toEqual(['two'])
    expect(portico.getAccount().isConnected).toBe(true)
  })

  it('corrupted kept entries in storage are dropped, the good ones and the active connection restored', async () => {
    const storage = memoryStorage({
      '@portico/connections': JSON.stringify({
        eip155: {
          connectorId: 'two',
          kept: [
            { connectorId: 'one', caipNetworkId: 'eip155:1', addresses: [addressA] },
            { connectorId: 'x', caipNetworkId: 'solana:1', addresses: [addressA] },
            { connectorId: 'y', caipNetworkId: 'eip155:1', addresses: ['javascript:alert(1)'] },
            { connectorId: 'two', caipNetworkId: 'eip155:1', addresses: [addressB] },
            null,
            'garbage',
          ],
        },
      }),
    })
    const { portico } = setup({ multiWallet: true, storage })
    await portico.ready()
    expect(portico.getConnections().map((c) => [c.connectorId, c.active])).toEqual([
      ['two', true],
      ['one', false],
    ])
  })
})

describe("a wallet's own name (a phone wallet behind WalletConnect)", () => {
  it('is listed cleaned of control and bidi characters, kept with its connection and restored after a reload', async () => {
    const storage = memoryStorage()
    const first = setup({ multiWallet: true, storage, walletNames: { one: '  Rainbow\u202e\u0000 Wallet ', two: 42 } })
    await first.portico.ready()
    await first.portico.discoverWallets('eip155')
    await first.portico.connect({ connectorId: 'one' })
    await first.portico.connect({ connectorId: 'two' })
    // A name that is not a string falls back to the connector's.
    expect(first.portico.getConnections().map((c) => c.name)).toEqual(['Wallet Two', 'Rainbow Wallet'])
    await first.portico.destroy()

    const second = setup({ multiWallet: true, storage })
    await second.portico.ready()
    expect(second.portico.getConnections()[1]).toMatchObject({ connectorId: 'one', name: 'Rainbow Wallet', active: false })
  })
})

describe('multi-wallet off (the default)', () => {
  it('switchConnection and deleteConnection only show "Multi-Wallet Not Enabled"; one connection is listed', async () => {
    const { portico, calls } = setup({ multiWallet: false })
    await portico.connect({ connectorId: 'one' })
    await portico.connect({ connectorId: 'two' })
    expect(portico.getConnections().map((c) => c.connectorId)).toEqual(['two'])
    await portico.switchConnection({ connectorId: 'one' })
    expect(portico.stores.alerts.current?.shortMessage).toBe('Multi-Wallet Not Enabled')
    portico.stores.alerts.dismiss()
    await portico.deleteConnection({ connectorId: 'two' })
    expect(portico.stores.alerts.current?.shortMessage).toBe('Multi-Wallet Not Enabled')
    expect(calls.filter((c) => c.startsWith('reconnect') || c.startsWith('disconnect'))).toEqual([])
    expect(portico.getAccount()).toMatchObject({ isConnected: true, connectorId: 'two' })
  })
})
