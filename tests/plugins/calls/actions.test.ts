// The kernel's EIP-5792 actions against a fake chain plugin's taps: validation before any wallet is
// asked, the contract's messages, wallet errors 5700–5760 kept, the sequential fallback, polling.
import { describe, expect, it } from 'vitest'
import { ProviderRpcError } from '../../../kernel/kernel.js'
import { type CallsStatus } from '../../../plugins/calls/index.js'
import { CallsStatusTimeoutError, InvalidCallsError, MissingCapabilitiesAddressError, SequentialCallsError } from '../../../plugins/calls/errors.js'
import { connected, eoa, fakeWallet, rpcError, setupPortico, smart, token } from './helpers.js'

const approve = `0x095ea7b3${'00'.repeat(64)}`
const status = (s: CallsStatus['status'], code: number): CallsStatus => ({ id: 'b1', caipNetworkId: 'eip155:31337', status: s, statusCode: code, atomic: true, receipts: [] })

describe('getCapabilities', () => {
  it("throws 'Missing address parameter in wallet_getCapabilities request' with no address and no connection, asking nobody", async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    const portico = setupPortico(wallet)
    await portico.ready()
    const error = await portico.getCapabilities().catch((e) => e)
    expect(error).toBeInstanceOf(MissingCapabilitiesAddressError)
    expect(error.shortMessage).toBe('Missing address parameter in wallet_getCapabilities request')
    expect(wallet.asked).toEqual([])
    await portico.destroy()
  })

  it('asks for the connected account by default, or the address given, with the chains asked', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.capabilities = () => ({ 'eip155:31337': { atomic: { status: 'unsupported' } } })
    const portico = await connected(wallet)
    expect(await portico.getCapabilities()).toEqual({ 'eip155:31337': { atomic: { status: 'unsupported' } } })
    await portico.getCapabilities({ address: smart, caipNetworkIds: ['eip155:31337'] })
    const asked = wallet.asked.filter((a) => a.hook === 'getCapabilities').map((a) => a.request as { address: string; caipNetworkIds?: string[] })
    expect(asked.map((r) => [r.address, r.caipNetworkIds])).toEqual([[eoa, undefined], [smart, ['eip155:31337']]])
    await portico.destroy()
  })

  it('refuses a malformed address or chain list, and answers 4200 when no connection can carry the method', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    const portico = await connected(wallet)
    await expect(portico.getCapabilities({ address: 'nope' })).rejects.toThrow('The address to ask capabilities for is not valid')
    await expect(portico.getCapabilities({ caipNetworkIds: ['solana:x' as never] })).rejects.toThrow(/caipNetworkIds must be CAIP-2 ids/)
    expect(wallet.asked.filter((a) => a.hook === 'getCapabilities')).toEqual([])
    const error = await portico.getCapabilities().catch((e) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error.code).toBe(4200)
    await portico.destroy()
  })
})

describe('sendCalls', () => {
  it('checks every call before the wallet is asked', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.sendCalls = () => ({ id: 'b1' })
    const portico = await connected(wallet)
    const bad: unknown[] = [
      { calls: [] },
      { calls: 'x' },
      { calls: [{ to: 'nope' }] },
      { calls: [{ to: token, data: 'hello' }] },
      { calls: [{ to: token, data: '0x123' }] },
      { calls: [{ to: token, value: '-1' }] },
      { calls: [{ to: token, value: '0x10' }] },
      { calls: [null] },
      { calls: Array.from({ length: 101 }, () => ({ to: token })) },
      { calls: [{ to: token }], id: '' },
      { calls: [{ to: token }], id: 'sequential:0x' },
      { calls: [{ to: token }], atomicRequired: 'yes' },
      { calls: [{ to: token }], capabilities: [] },
      { calls: [{ to: token }], fallback: 'parallel' },
    ]
    for (const parameters of bad) await expect(portico.sendCalls(parameters as never), JSON.stringify(parameters).slice(0, 80)).rejects.toBeInstanceOf(InvalidCallsError)
    expect(wallet.asked.filter((a) => a.hook === 'sendCalls')).toEqual([])
    await portico.destroy()
  })

  it('hands the clean batch to the chain plugin with from, network, atomicity, capabilities and id', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.sendCalls = () => ({ id: 'b1' })
    const portico = await connected(wallet)
    const capabilities = { paymasterService: { url: 'http://127.0.0.1:9/sandbox/paymaster/eip155:31337' } }
    expect(await portico.sendCalls({ calls: [{ to: token, data: approve, value: '0' }, { to: token, value: '5' }], atomicRequired: true, capabilities, id: 'mine' })).toEqual({ id: 'b1' })
    const request = wallet.asked.find((a) => a.hook === 'sendCalls')?.request as Record<string, unknown>
    expect(request).toMatchObject({ namespace: 'eip155', connectorId: 'w', from: eoa, calls: [{ to: token, data: approve }, { to: token, value: '5' }], atomicRequired: true, capabilities, id: 'mine' })
    expect((request.network as { caipNetworkId: string }).caipNetworkId).toBe('eip155:31337')
    await portico.destroy()
  })

  it('keeps the wallet\'s EIP-5792 errors 5700–5760 with their names, and 4001 as a rejection', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    const portico = await connected(wallet)
    const names: Record<number, string> = { 5700: 'UnsupportedNonOptionalCapabilityError', 5710: 'UnsupportedChainIdError', 5720: 'DuplicateIdError', 5730: 'UnknownBundleIdError', 5740: 'BundleTooLargeError', 5750: 'AtomicReadyWalletRejectedUpgradeError', 5760: 'AtomicityNotSupportedError' }
    for (const code of [5700, 5710, 5720, 5730, 5740, 5750, 5760, 4001]) {
      wallet.sendCalls = () => {
        throw rpcError(code)
      }
      const error = await portico.sendCalls({ calls: [{ to: token }], fallback: 'sequential' }).catch((e) => e)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error.code).toBe(code)
      if (names[code]) expect(error.name).toBe(names[code])
      if (code === 4001) expect(error.isUserRejection).toBe(true)
    }
    // No fallback for any of them: they are the wallet's answers, not a missing method.
    expect(wallet.asked.filter((a) => a.hook === 'sendTransaction')).toEqual([])
    await portico.destroy()
  })

  it("falls back to one transaction per call when the wallet lacks the method and the site allowed it: id 'sequential:<hash>,<hash>'", async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    for (const code of [-32601, 4200]) {
      wallet.sendCalls = () => {
        throw rpcError(code, 'Method not found')
      }
      wallet.asked = []
      const portico = await connected(wallet)
      const { id } = await portico.sendCalls({ calls: [{ to: token, data: approve }, { to: eoa, value: '7' }], fallback: 'sequential' })
      expect(id).toMatch(/^sequential:0x[0-9a-f]{64},0x[0-9a-f]{64}$/)
      expect(wallet.asked.filter((a) => a.hook === 'sendTransaction').map((a) => a.request)).toEqual([{ to: token, data: approve }, { to: eoa, value: '7' }])
      await portico.destroy()
    }
  })

  it('does not fall back for an atomic batch or without fallback; a tap that passes is 4200', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.sendCalls = () => {
      throw rpcError(-32601)
    }
    const portico = await connected(wallet)
    await expect(portico.sendCalls({ calls: [{ to: token }], fallback: 'sequential', atomicRequired: true })).rejects.toMatchObject({ code: -32601 })
    await expect(portico.sendCalls({ calls: [{ to: token }] })).rejects.toMatchObject({ code: -32601 })
    wallet.sendCalls = undefined
    await expect(portico.sendCalls({ calls: [{ to: token }] })).rejects.toMatchObject({ code: 4200 })
    expect(wallet.asked.filter((a) => a.hook === 'sendTransaction')).toEqual([])
    await portico.destroy()
  })

  it('a sequential fallback that stops part-way keeps the hashes already sent', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.sendCalls = () => {
      throw rpcError(4200)
    }
    const portico = await connected(wallet)
    // The wallet rejects the second transaction: the adapter call is wrapped in front of the fake's.
    const call = portico.chains.call.bind(portico.chains)
    portico.chains.call = (async (namespace, method, request) => {
      if (method === 'sendTransaction' && wallet.hashes >= 1) throw rpcError(4001, 'User rejected the request.')
      return call(namespace, method, request)
    }) as typeof call
    const error = await portico.sendCalls({ calls: [{ to: token }, { to: token }], fallback: 'sequential' }).catch((e) => e)
    expect(error).toBeInstanceOf(SequentialCallsError)
    expect(error.hashes).toEqual([`0x${'1'.padStart(64, '0')}`])
    expect(error.walk()).toMatchObject({ code: 4001 })
    await portico.destroy()
  })
})

describe('waitForCallsStatus and showCallsStatus', () => {
  it('polls until the batch is final', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    const answers = [status('pending', 100), status('pending', 100), status('success', 200)]
    wallet.callsStatus = () => answers.shift()
    const portico = await connected(wallet)
    expect((await portico.waitForCallsStatus('b1', { intervalMs: 10 })).status).toBe('success')
    expect(wallet.asked.filter((a) => a.hook === 'getCallsStatus')).toHaveLength(3)
    await portico.destroy()
  })

  it('gives up with CallsStatusTimeoutError while still pending', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.callsStatus = () => status('pending', 100)
    const portico = await connected(wallet)
    await expect(portico.waitForCallsStatus('b1', { intervalMs: 10, timeoutMs: 50 })).rejects.toBeInstanceOf(CallsStatusTimeoutError)
    await portico.destroy()
  })

  it('showCallsStatus asks the wallet, keeps 5730, and refuses an empty id', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.showCallsStatus = () => true
    const portico = await connected(wallet)
    await portico.showCallsStatus('b1')
    expect(wallet.asked.filter((a) => a.hook === 'showCallsStatus').map((a) => (a.request as { id: string }).id)).toEqual(['b1'])
    wallet.showCallsStatus = () => {
      throw rpcError(5730)
    }
    await expect(portico.showCallsStatus('nope')).rejects.toMatchObject({ code: 5730, name: 'UnknownBundleIdError' })
    await expect(portico.showCallsStatus('')).rejects.toThrow('The batch id must be a non-empty string')
    await portico.destroy()
  })
})

describe('isSmartAccount in analytics', () => {
  it('is true on SEND_* events when the active account is a smart account', async () => {
    const wallet = fakeWallet([{ address: smart, type: 'smartAccount' }])
    const portico = await connected(wallet)
    const events: { event: string; properties?: Record<string, unknown> }[] = []
    portico.subscribe('event', (e) => events.push(e as never))
    portico.hooks.send.for('eip155').tapPromise('fake', async () => ({ hash: `0x${'ab'.repeat(32)}` }))
    portico.hooks.fetchBalance.for('eip155').tapPromise('fake', async () => ({ balance: '10', symbol: 'ETH', decimals: 18 }))
    await portico.fetchBalance()
    await portico.send({ to: eoa, amount: '1' }).catch(() => undefined)
    const initiated = events.find((e) => e.event === 'SEND_INITIATED')
    expect(initiated?.properties?.isSmartAccount).toBe(true)
    await portico.destroy()
  })
})
