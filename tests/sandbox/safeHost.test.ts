// The Safe host page's parts without a browser (sandbox/safe): the Safe Apps host answers only the
// iframe's well-formed requests, sendTransactions input is checked, the queue signs with the real
// dev keys, refuses to execute below the threshold and hands execTransaction the signatures sorted
// by owner, and the CSPs let the host frame the demo and only the host frame the demo.
import { type Address, type Hex, getAddress, recoverTypedDataAddress } from 'viem'
import { describe, expect, it, vi } from 'vitest'

import { sandboxPageCsp } from '../../sandbox/registerSandboxPages.js'
import { sandboxSafes } from '../../sandbox/config.js'
import { devAccount, devAddresses } from '../../sandbox/devnets/devAccounts.js'
import { SafeAppsHostError, listenSafeApps, parseSafeAppsRequest } from '../../sandbox/safe/safeAppsHost.js'
import { allowFramedBy, allowFraming } from '../../sandbox/safe/safeHostCsp.js'
import { safeAppUrl } from '../../sandbox/safe/safeAppUrl.js'
import { safeTxTypedData } from '../../sandbox/safe/safeTx.js'
import { createSafeTxQueue, parseSendTransactions } from '../../sandbox/safe/safeTxQueue.js'

const appOrigin = 'http://localhost:4700'
const env = { sdkVersion: '9.1.0' }

function hostWindow() {
  const events = new EventTarget()
  const answers: { message: unknown; origin: string }[] = []
  const app = { postMessage: (message: unknown, origin: string) => void answers.push({ message, origin }) }
  const deliver = (data: unknown, source: unknown = app, origin = appOrigin) => events.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }))
  return { events, app, answers, deliver }
}

describe('the Safe Apps host', () => {
  it('answers the iframe\'s requests to its origin, success and failure, and ignores every other window, origin or shape', async () => {
    const w = hostWindow()
    const seen: string[] = []
    listenSafeApps({
      appWindow: () => w.app as unknown as Window,
      appOrigin,
      target: w.events,
      handle: async ({ method }) => {
        seen.push(method)
        if (method === 'signMessage') throw new SafeAppsHostError('Message signing is not supported by the sandbox Safe host')
        return { ok: true }
      },
    })
    w.deliver({ id: 'a1', method: 'getSafeInfo', env }, { postMessage() {} })
    w.deliver({ id: 'a2', method: 'getSafeInfo', env }, w.app, 'http://evil.localhost:4700')
    w.deliver({ id: 'a3', method: 'getSafeInfo' })
    w.deliver({ id: 'a4', method: 'eth_sendTransaction', env })
    w.deliver({ id: 7, method: 'getSafeInfo', env })
    w.deliver('getSafeInfo')
    // A message reaches the handler as it is dispatched: none of these did.
    expect(seen).toEqual([])

    w.deliver({ id: 'b1', method: 'getSafeInfo', params: undefined, env })
    w.deliver({ id: 'b2', method: 'signMessage', params: { message: 'hi' }, env })
    // The answers to these two, and none to what came before them.
    await vi.waitFor(() => expect(w.answers).toHaveLength(2))
    expect(seen).toEqual(['getSafeInfo', 'signMessage'])
    expect(w.answers).toEqual([
      { message: { id: 'b1', success: true, version: '1.28.0', data: { ok: true } }, origin: appOrigin },
      { message: { id: 'b2', success: false, version: '1.28.0', error: 'Message signing is not supported by the sandbox Safe host' }, origin: appOrigin },
    ])
  })

  it('parses requests: id, a known method and env.sdkVersion', () => {
    expect(parseSafeAppsRequest({ id: 'x', method: 'rpcCall', params: { call: 'eth_chainId', params: [] }, env })).toEqual({ id: 'x', method: 'rpcCall', params: { call: 'eth_chainId', params: [] } })
    expect(parseSafeAppsRequest({ id: 'x'.repeat(65), method: 'rpcCall', env })).toBeUndefined()
    expect(parseSafeAppsRequest({ id: 'x', method: 'rpcCall', env: { sdkVersion: 9 } })).toBeUndefined()
  })
})

describe('sendTransactions and the queue', () => {
  const safe = getAddress(sandboxSafes.safes[1].address)
  const owners = [0, 1, 2].map((i) => devAddresses[i] as Address)
  const bob = devAddresses[7] as Address

  it.each([
    [{}, /1 to 50 transactions/],
    [{ txs: [] }, /1 to 50 transactions/],
    [{ txs: [{ to: '0x12', value: '0' }] }, /txs\[0\]\.to is not an address/],
    [{ txs: [{ to: bob, value: '-1' }] }, /txs\[0\]\.value is not a quantity/],
    [{ txs: [{ to: bob, value: '1', data: '0xabc' }] }, /txs\[0\]\.data is not hex bytes/],
  ])('refuses %j', (params, message) => {
    expect(() => parseSendTransactions(params)).toThrow(message)
  })

  it('takes decimal and hex values, data defaulting to 0x', () => {
    expect(parseSendTransactions({ txs: [{ to: bob.toLowerCase(), value: '0x2386f26fc10000' }, { to: bob, value: '5', data: '0xabcd' }] })).toEqual([
      { to: bob, value: 10n ** 16n, data: '0x' },
      { to: bob, value: 5n, data: '0xabcd' },
    ])
  })

  it('signs with the dev keys, executes only at the threshold, with signatures sorted by owner; nonces follow the queue', async () => {
    const executed: { owner: Address; signatures: Hex }[] = []
    const queue = createSafeTxQueue({
      safe,
      chainId: 31337,
      owners,
      threshold: 2,
      multiSendCallOnly: getAddress(sandboxSafes.multiSendCallOnly),
      readNonce: async () => 4n,
      sign: (owner, tx) => devAccount(devAddresses.indexOf(owner)).signTypedData(safeTxTypedData({ safe, chainId: 31337, tx })),
      execute: async (owner, _tx, signatures) => {
        executed.push({ owner, signatures })
        return { txHash: `0x${'11'.repeat(32)}`, success: true }
      },
    })
    const first = await queue.propose([{ to: bob, value: 1n, data: '0x' }])
    const batch = await queue.propose([{ to: bob, value: 1n, data: '0x' }, { to: owners[1]!, value: 2n, data: '0x' }])
    expect([first.tx.nonce, batch.tx.nonce]).toEqual([4n, 5n])
    expect(batch.tx).toMatchObject({ to: getAddress(sandboxSafes.multiSendCallOnly), operation: 1, value: 0n })

    await queue.sign(first.safeTxHash, owners[0]!)
    await expect(queue.execute(first.safeTxHash)).rejects.toThrow(/1 of 2 signatures/)
    await expect(queue.sign(first.safeTxHash, devAddresses[5] as Address)).rejects.toThrow(/not an owner/)
    await queue.sign(first.safeTxHash, owners[2]!)
    expect(queue.get(first.safeTxHash).status).toBe('AWAITING_EXECUTION')
    await queue.execute(first.safeTxHash)
    expect(queue.get(first.safeTxHash)).toMatchObject({ status: 'SUCCESS', txHash: `0x${'11'.repeat(32)}` })

    // The first signer executes; the signatures go owner 2 (0x3C44…) then owner 0 (0xf39F…).
    expect(executed[0]!.owner).toBe(owners[0])
    const sigs = [executed[0]!.signatures.slice(0, 132), `0x${executed[0]!.signatures.slice(132)}`] as Hex[]
    const typed = safeTxTypedData({ safe, chainId: 31337, tx: first.tx })
    expect(await Promise.all(sigs.map((signature) => recoverTypedDataAddress({ ...typed, signature })))).toEqual([owners[2], owners[0]])
    expect(() => queue.get(`0x${'00'.repeat(32)}`)).toThrow(/Unknown safeTxHash/)
  })
})

describe('the CSPs of the host and of the framed demo', () => {
  it('the host frames the demo origin beside what it framed before; the demo lets only the host frame it', () => {
    expect(allowFraming(sandboxPageCsp, appOrigin)).toBe(`${sandboxPageCsp}; frame-src ${appOrigin}`)
    expect(allowFraming(`${sandboxPageCsp}; frame-src http://127.0.0.1:4711`, appOrigin)).toContain(`frame-src http://127.0.0.1:4711 ${appOrigin}`)
    const framed = allowFramedBy(sandboxPageCsp, 'http://127.0.0.1:4700')
    expect(framed).toContain('frame-ancestors http://127.0.0.1:4700')
    expect(framed).not.toContain("frame-ancestors 'none'")
  })
})

describe('the Safe App the host frames (safeAppUrl)', () => {
  const host = { protocol: 'http:', port: '4700' }
  it('the demo by default, on the other loopback name so it is another origin', () => {
    expect(safeAppUrl(null, host).href).toBe('http://localhost:4700/?safeApp=1')
    expect(safeAppUrl('', host).origin).toBe('http://localhost:4700')
  })
  it("a developer's own Safe App on a loopback origin, kept whole", () => {
    expect(safeAppUrl('http://127.0.0.1:5173/app?x=1', host).href).toBe('http://127.0.0.1:5173/app?x=1')
    expect(safeAppUrl('http://[::1]:8080/', host).origin).toBe('http://[::1]:8080')
  })
  it('refuses anything else with a clear error', () => {
    for (const bad of ['https://app.safe.global/', 'javascript:alert(1)', 'http://127.0.0.1.evil.example/', 'http://user:pw@127.0.0.1:1/', 'not a url', 'file:///etc/passwd']) {
      expect(() => safeAppUrl(bad, host), bad).toThrow(SafeAppsHostError)
    }
  })
})
