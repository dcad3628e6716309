// context.walletRequest: a feature plugin asks a given wallet a question of its own (EIP-5792,
// capabilities), also while it connects: the chain plugin holding its provider (`request` hook),
// else the namespace's channel when it is that wallet's and approved the method; `undefined` when
// nothing can carry it. Unit tests of the one kernel action, with test plugins as the wallets.
import { describe, expect, it } from 'vitest'
import { BaseError, ProviderRpcError, type ConnectionRequest, type WalletRequest } from '../../kernel/kernel.js'
import { addressA, contextKeeper, createTestPortico, newWallet, testChain, testFeature } from './helpers/testKit.js'

/** A chain-side plugin that answers eip155's `request` hook for `connectorId` only, recording what it was asked. */
function injected(connectorId: string, answer: (request: WalletRequest) => Promise<unknown>) {
  const seen: WalletRequest[] = []
  const plugin = testFeature('injected', 'Holds an injected wallet in a test.', (portico) => {
    portico.chains.register({ namespace: 'eip155', request: async (request) => {
      if (request.connectorId !== connectorId) return undefined
      seen.push(request)
      return { result: await answer(request) }
    } })
  })
  return { plugin, seen }
}

/** A connector whose connection is a channel that approved only `approved` methods. */
function channelConnector(approved: string[], answer: (request: ConnectionRequest) => Promise<unknown>) {
  const seen: ConnectionRequest[] = []
  const plugin = testFeature('channel', 'Connects over a channel in a test.', (portico) => {
    portico.hooks.connect.for('eip155').tapPromise('channel', async (request) =>
      request.connectorId === 'phone'
        ? {
            connectorId: 'phone',
            accounts: [{ address: addressA }],
            caipNetworkId: 'eip155:1',
            channel: {
              request: async (r) => (seen.push(r), answer(r)),
              supports: (method) => approved.includes(method),
            },
          }
        : undefined,
    )
  })
  return { plugin, seen }
}

describe('context.walletRequest', () => {
  it("asks the wallet's provider through the request hook while nothing is connected, and passes the answer back boxed", async () => {
    const read = contextKeeper()
    const wallet = injected('io.metamask', async (request) => (request.method === 'wallet_getCapabilities' ? { '0x1': { atomic: { status: 'supported' } } } : null))
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), wallet.plugin, read.plugin] })
    await portico.ready()
    expect(await read.context().walletRequest({ connectorId: 'io.metamask', chainId: 'eip155:1', method: 'wallet_getCapabilities', params: [addressA] })).toEqual({ result: { '0x1': { atomic: { status: 'supported' } } } })
    expect(await read.context().walletRequest({ connectorId: 'io.metamask', chainId: 'eip155:1', method: 'eth_call' })).toEqual({ result: null })
    expect(wallet.seen).toEqual([
      { namespace: 'eip155', connectorId: 'io.metamask', method: 'wallet_getCapabilities', params: [addressA], chainId: 'eip155:1' },
      { namespace: 'eip155', connectorId: 'io.metamask', method: 'eth_call', chainId: 'eip155:1' },
    ])
    // Another wallet, which no plugin holds and no channel carries: undefined, nothing thrown.
    expect(await read.context().walletRequest({ connectorId: 'com.other', chainId: 'eip155:1', method: 'wallet_getCapabilities' })).toBeUndefined()
    await portico.destroy()
  })

  it("carries it over the namespace's channel only for that channel's wallet and a method it approved", async () => {
    const read = contextKeeper()
    const phone = channelConnector(['wallet_getCallsStatus'], async (request) => ({ asked: request.method }))
    const { portico } = createTestPortico({ plugins: [phone.plugin, testChain('eip155', newWallet()), read.plugin] })
    await portico.connect({ namespace: 'eip155', connectorId: 'phone' })
    expect(await read.context().walletRequest({ connectorId: 'phone', chainId: 'eip155:1', method: 'wallet_getCallsStatus', params: ['0xab'] })).toEqual({ result: { asked: 'wallet_getCallsStatus' } })
    expect(phone.seen).toEqual([{ method: 'wallet_getCallsStatus', params: ['0xab'], chainId: 'eip155:1' }])
    // Not approved by the session, or asked of another wallet: undefined, and the phone is not asked.
    expect(await read.context().walletRequest({ connectorId: 'phone', chainId: 'eip155:1', method: 'wallet_sendCalls', params: [{}] })).toBeUndefined()
    expect(await read.context().walletRequest({ connectorId: 'io.metamask', chainId: 'eip155:1', method: 'wallet_getCallsStatus', params: ['0xab'] })).toBeUndefined()
    expect(phone.seen).toHaveLength(1)
    await portico.destroy()
  })

  it("keeps the wallet's EIP-1193 code, and refuses a malformed request before asking anyone", async () => {
    const read = contextKeeper()
    const wallet = injected('io.metamask', async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), wallet.plugin, read.plugin] })
    await portico.ready()
    const rejected = await read.context().walletRequest({ connectorId: 'io.metamask', chainId: 'eip155:1', method: 'wallet_sendCalls', params: [{}] }).catch((e: unknown) => e)
    expect(rejected).toBeInstanceOf(ProviderRpcError)
    expect(rejected).toMatchObject({ code: 4001, isUserRejection: true })
    await expect(read.context().walletRequest({ connectorId: 'io.metamask', chainId: 'eip155:1', method: '' })).rejects.toThrow('A request needs a method name')
    await expect(read.context().walletRequest({ connectorId: '', chainId: 'eip155:1', method: 'eth_chainId' })).rejects.toThrow('A wallet request needs the connector id of the wallet to ask')
    await expect(read.context().walletRequest({ connectorId: 'io.metamask', chainId: 'nonsense' as never, method: 'eth_chainId' })).rejects.toBeInstanceOf(BaseError)
    expect(wallet.seen).toHaveLength(1)
    await portico.destroy()
  })
})
