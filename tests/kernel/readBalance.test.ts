// context.readBalance: the native balance of any address on a configured network through the
// namespace's chain plugin (the `fetchBalance` hook), for accounts that are not connected (a
// Ledger's addresses); nothing cached, no store changed, nothing asked for a malformed request.
import { describe, expect, it } from 'vitest'
import { NetworkNotFoundError, ProviderRpcError } from '../../kernel/kernel.js'
import { addressB, contextKeeper, createTestPortico, evmA, evmB, newWallet, testChain, testFeature } from './helpers/testKit.js'

describe('context.readBalance', () => {
  it("reads an address that is not connected on the network asked for, and changes no store", async () => {
    const read = contextKeeper()
    const asked: unknown[] = []
    const spy = testFeature('spy', 'Sees balance reads in a test.', (portico) => {
      portico.hooks.fetchBalance.for('eip155').tapPromise('spy', async (request) => {
        asked.push({ address: request.address, network: request.network.caipNetworkId })
        return undefined
      })
    })
    const wallet = newWallet()
    const { portico } = createTestPortico({ plugins: [spy, testChain('eip155', wallet), read.plugin] }, wallet)
    await portico.ready()
    expect(await read.context().readBalance({ chainId: evmB.caipNetworkId, address: addressB })).toEqual({ balance: '1.23456', symbol: 'ETH' })
    expect(asked).toEqual([{ address: addressB, network: evmB.caipNetworkId }])
    expect(portico.stores.accounts.get('eip155').balance).toBeUndefined()
    await portico.destroy()
  })

  it('refuses a malformed address and an unconfigured network before asking anyone', async () => {
    const read = contextKeeper()
    const wallet = newWallet()
    const { portico } = createTestPortico({ plugins: [testChain('eip155', wallet), read.plugin] }, wallet)
    await portico.ready()
    await expect(read.context().readBalance({ chainId: evmA.caipNetworkId, address: 'javascript:alert(1)' })).rejects.toThrow('Not a eip155 address')
    await expect(read.context().readBalance({ chainId: 'eip155:999', address: addressB })).rejects.toBeInstanceOf(NetworkNotFoundError)
    await expect(read.context().readBalance({ chainId: evmA.caipNetworkId, address: 42 as never })).rejects.toThrow('Not a eip155 address')
    expect(wallet.calls).not.toContain('fetchBalance')
    await portico.destroy()
  })

  it("passes a node's failure on as a ProviderRpcError with its code", async () => {
    const read = contextKeeper()
    const failing = testFeature('failing', 'A node that fails in a test.', (portico) => {
      portico.hooks.fetchBalance.for('eip155').tapPromise('failing', async () => {
        throw Object.assign(new Error('header not found'), { code: -32000 })
      })
    })
    const { portico } = createTestPortico({ plugins: [failing, testChain('eip155', newWallet()), read.plugin] })
    await portico.ready()
    const error = await read.context().readBalance({ chainId: evmA.caipNetworkId, address: addressB }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: -32000 })
    await portico.destroy()
  })
})
