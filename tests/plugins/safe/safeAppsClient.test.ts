// The app side of the Safe Apps protocol (plugins/eip155/safe): the requests it posts to the parent,
// the answers it accepts (from window.parent only, with the id asked, a host version of major ≥ 1),
// detection within 500 ms with a validated getSafeInfo, and the Safe's EIP-1193 provider.
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ProviderRpcError } from '../../../kernel/kernel.js'
import { SafeRpcError } from '../../../plugins/safe/host/safeRpcError.js'
import { createSafeProvider, waitForSafeTx } from '../../../plugins/safe/host/createSafeProvider.js'
import { detectSafe, parseSafeInfo } from '../../../plugins/safe/host/detectSafe.js'
import { createSafeAppsClient, isSupportedHostVersion } from '../../../plugins/safe/host/safeAppsClient.js'
import { startSafe } from '../../../plugins/safe/host/startSafe.js'
import { safeLogo } from '../../../plugins/safe/logo.js'

const safeAddress = '0x85e0255009E2d5023FAAB3F2Bacd9c0a20d7Fec9'
const owners = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']
const goodInfo = { safeAddress, chainId: 31337, owners, threshold: 2, isReadOnly: false }
const safeTxHash = `0x${'ab'.repeat(32)}`

type Posted = { id: string; method: string; params: unknown; env: { sdkVersion: string } }

/** A page inside a frame: `parent` records what the app posts; `deliver` plays a message arriving from `source`. */
function framedWindow() {
  const events = new EventTarget()
  const posted: Posted[] = []
  const parent = { postMessage: (message: unknown) => void posted.push(message as Posted) }
  const deliver = (data: unknown, source: unknown = parent) => events.dispatchEvent(Object.assign(new Event('message'), { data, source }))
  const win = { addEventListener: events.addEventListener.bind(events), removeEventListener: events.removeEventListener.bind(events), parent }
  return { win, posted, parent, deliver }
}

/** A host that answers every request with `answer(request)` (a success), from the real parent. */
function answering(frame: ReturnType<typeof framedWindow>, answer: (r: Posted) => unknown, version = '1.28.0') {
  const original = frame.parent.postMessage
  frame.parent.postMessage = (message: unknown) => {
    original(message)
    const request = message as Posted
    queueMicrotask(() => frame.deliver({ id: request.id, success: true, version, data: answer(request) }))
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createSafeAppsClient', () => {
  it('posts { id (10 hex), method, params, env.sdkVersion } to the parent and resolves with the answer of that id', async () => {
    const frame = framedWindow()
    const client = createSafeAppsClient(frame.win)
    const pending = client.request('getSafeInfo', undefined, { timeoutMs: 1000 })
    const [request] = frame.posted
    expect(request).toMatchObject({ method: 'getSafeInfo', env: { sdkVersion: '9.1.0' } })
    expect(request!.id).toMatch(/^[0-9a-f]{10}$/)
    frame.deliver({ id: request!.id, success: true, version: '1.0.0', data: goodInfo })
    await expect(pending).resolves.toEqual(goodInfo)
  })

  it('ignores answers from another window, with another id, a version below 1 or no success flag, and then times out', async () => {
    const frame = framedWindow()
    const client = createSafeAppsClient(frame.win)
    const pending = client.request('getSafeInfo', undefined, { timeoutMs: 150 })
    const id = frame.posted[0]!.id
    const hostile = { postMessage() {} }
    frame.deliver({ id, success: true, version: '1.0.0', data: { ...goodInfo, safeAddress: '0x0000000000000000000000000000000000000bad' } }, hostile)
    frame.deliver({ id: 'ffffffffff', success: true, version: '1.0.0', data: goodInfo })
    frame.deliver({ id, success: true, version: '0.9.0', data: goodInfo })
    frame.deliver({ id, version: '1.0.0', data: goodInfo })
    frame.deliver('not an object')
    frame.deliver(null)
    await expect(pending).rejects.toThrow(/did not answer getSafeInfo in 150 ms/)
  })

  it('rejects with the host\'s error message when it answers success: false', async () => {
    const frame = framedWindow()
    const client = createSafeAppsClient(frame.win)
    const pending = client.request('signMessage', { message: 'hi' })
    frame.deliver({ id: frame.posted[0]!.id, success: false, version: '1.28.0', error: 'Message signing is not supported' })
    await expect(pending).rejects.toBeInstanceOf(SafeRpcError)
    await expect(pending).rejects.toThrow('Message signing is not supported')
  })

  it('checks host versions: major ≥ 1 only', () => {
    expect(isSupportedHostVersion('1.0.0')).toBe(true)
    expect(isSupportedHostVersion('10.2.3-beta')).toBe(true)
    for (const v of ['0.9.9', '1', 'x.1.1', 1, undefined]) expect(isSupportedHostVersion(v)).toBe(false)
  })
})

describe('parseSafeInfo and detectSafe', () => {
  it('accepts a valid getSafeInfo on a configured chain, checksums the addresses', () => {
    expect(parseSafeInfo({ ...goodInfo, safeAddress: safeAddress.toLowerCase() }, [31337])).toEqual({ ...goodInfo })
  })

  it.each([
    ['a bad address', { ...goodInfo, safeAddress: '0x1234' }],
    ['a chain the site did not configure', { ...goodInfo, chainId: 1 }],
    ['a string chain id', { ...goodInfo, chainId: '31337' }],
    ['no owners', { ...goodInfo, owners: [] }],
    ['an owner that is not an address', { ...goodInfo, owners: [...owners, 'eve'] }],
    ['a threshold above the owners', { ...goodInfo, threshold: 4 }],
    ['a zero threshold', { ...goodInfo, threshold: 0 }],
    ['not an object', 'safe'],
  ])('refuses %s', (_name, data) => {
    expect(parseSafeInfo(data, [31337])).toBeUndefined()
  })

  it('finds the Safe when the host answers in time, and nothing when it stays silent (500 ms) or answers malformed', async () => {
    const frame = framedWindow()
    answering(frame, () => goodInfo)
    expect(await detectSafe(createSafeAppsClient(frame.win), { chainIds: [31337] })).toEqual(goodInfo)

    const silent = framedWindow()
    const started = Date.now()
    expect(await detectSafe(createSafeAppsClient(silent.win), { chainIds: [31337] })).toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(450)
    expect(Date.now() - started).toBeLessThan(1500)

    const malformed = framedWindow()
    answering(malformed, () => ({ ...goodInfo, threshold: 'two' }))
    expect(await detectSafe(createSafeAppsClient(malformed.win), { chainIds: [31337] })).toBeUndefined()
  })

  it('startSafe offers the connector "safe" named Safe whose accounts are the Safe', async () => {
    const frame = framedWindow()
    answering(frame, () => goodInfo)
    const found = await startSafe(frame.win, { chainIds: [31337] })
    expect(found?.wallet).toMatchObject({ id: 'safe', name: 'Safe', type: 'EXTERNAL', icon: safeLogo })
    expect(await found!.wallet.provider.request({ method: 'eth_accounts' })).toEqual([safeAddress])
    expect(await found!.wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })
})

describe('createSafeProvider', () => {
  it('turns eth_sendTransaction into sendTransactions and answers the safeTxHash; wallet_sendCalls sends all calls at once', async () => {
    const frame = framedWindow()
    answering(frame, (r) => (r.method === 'sendTransactions' ? { safeTxHash } : null))
    const provider = createSafeProvider(createSafeAppsClient(frame.win), goodInfo)
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: safeAddress, to: owners[1], value: '0x2386f26fc10000', data: '0x' }] })).resolves.toBe(safeTxHash)
    expect(frame.posted.at(-1)).toMatchObject({ method: 'sendTransactions', params: { txs: [{ to: owners[1], value: '10000000000000000', data: '0x' }] } })
    await expect(provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: safeAddress, calls: [{ to: owners[1], value: '0x1' }, { to: owners[2], data: '0xabcd' }], atomicRequired: true }] })).resolves.toEqual({ id: safeTxHash })
    expect((frame.posted.at(-1)!.params as { txs: unknown[] }).txs).toHaveLength(2)
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [safeAddress] })).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
  })

  it('answers 4200 to personal_sign, refuses a send without a to address, and reads through rpcCall', async () => {
    const frame = framedWindow()
    answering(frame, (r) => (r.method === 'rpcCall' ? '0x10' : null))
    const provider = createSafeProvider(createSafeAppsClient(frame.win), goodInfo)
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', safeAddress] })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ value: '0x1' }] })).rejects.toMatchObject({ code: -32602 })
    expect(frame.posted.some((p) => p.method === 'sendTransactions')).toBe(false)
    await expect(provider.request({ method: 'eth_getBalance', params: [safeAddress, 'latest'] })).resolves.toBe('0x10')
    expect(frame.posted.at(-1)).toMatchObject({ method: 'rpcCall', params: { call: 'eth_getBalance', params: [safeAddress, 'latest'] } })
  })

  it('waitForSafeTx asks getTxBySafeTxHash until the Safe executed it', async () => {
    const frame = framedWindow()
    let asked = 0
    const txHash = `0x${'cd'.repeat(32)}`
    answering(frame, () => (++asked < 3 ? { txStatus: 'AWAITING_CONFIRMATIONS', txHash: null } : { txStatus: 'SUCCESS', txHash }))
    await expect(waitForSafeTx(createSafeAppsClient(frame.win), safeTxHash, { intervalMs: 5 })).resolves.toBe(txHash)
    expect(asked).toBe(3)
  })
})

describe('SafeRpcError', () => {
  it('becomes a ProviderRpcError with its code in the kernel (4200 stays 4200)', () => {
    const error = ProviderRpcError.from(new SafeRpcError(4200, 'The Safe does not support personal_sign'))
    expect(error.code).toBe(4200)
    expect(error.message).toContain('personal_sign')
  })
})

describe('wallet_getCallsStatus for a Safe batch', () => {
  it('is pending (100) until the Safe executed it, then 200 with the real transaction\'s receipt; an unknown id is 5730', async () => {
    const frame = framedWindow()
    const txHash = `0x${'cd'.repeat(32)}`
    let executed = false
    const original = frame.parent.postMessage
    frame.parent.postMessage = (message: unknown) => {
      original(message)
      const r = message as Posted
      const params = r.params as { safeTxHash?: string; call?: string }
      queueMicrotask(() => {
        if (r.method === 'getTxBySafeTxHash' && params.safeTxHash !== safeTxHash) frame.deliver({ id: r.id, success: false, version: '1.28.0', error: 'Unknown safeTxHash' })
        else if (r.method === 'getTxBySafeTxHash') frame.deliver({ id: r.id, success: true, version: '1.28.0', data: { txHash: executed ? txHash : null } })
        else frame.deliver({ id: r.id, success: true, version: '1.28.0', data: { status: '0x1', blockHash: `0x${'ee'.repeat(32)}`, blockNumber: '0x10', gasUsed: '0x5208', logs: [] } })
      })
    }
    const provider = createSafeProvider(createSafeAppsClient(frame.win), goodInfo)
    await expect(provider.request({ method: 'wallet_getCallsStatus', params: [safeTxHash] })).resolves.toMatchObject({ status: 100, atomic: true, receipts: [] })
    executed = true
    await expect(provider.request({ method: 'wallet_getCallsStatus', params: [safeTxHash] })).resolves.toMatchObject({ status: 200, chainId: '0x7a69', receipts: [{ transactionHash: txHash, status: '0x1' }] })
    await expect(provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'00'.repeat(32)}`] })).rejects.toMatchObject({ code: 5730 })
  })
})
