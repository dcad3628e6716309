// portico/safe: the eip155 plugin's Safe connector in a page framed by a Safe host (a fake parent
// that answers the Safe Apps protocol): offered as "safe" and connected with no prompt;
// `eip155({ safe: false })`, an unframed page and a site without the safe plugin never ask the parent.
import '../../helpers/eip155Loaded.js'
import '../../helpers/safeLoaded.js'
import { describe, expect, it, vi } from 'vitest'

import { createPorticoKernel } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { safe } from '../../../plugins/safe/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

const safeAddress = '0x85e0255009E2d5023FAAB3F2Bacd9c0a20d7Fec9'
const owners = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']
const devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: ['http://127.0.0.1:9'] })

/** A page whose parent is a Safe host answering getSafeInfo (or nothing, when `silent`). */
function framedPage({ silent = false, framed = true } = {}) {
  const events = new EventTarget()
  const asked: string[] = []
  const page = Object.assign(events, { ethereum: undefined as unknown, parent: undefined as unknown })
  const parent = {
    postMessage(message: { id: string; method: string }) {
      asked.push(message.method)
      if (silent) return
      queueMicrotask(() =>
        events.dispatchEvent(Object.assign(new Event('message'), { source: parent, data: { id: message.id, success: true, version: '1.28.0', data: { safeAddress, chainId: 31337, owners, threshold: 2, isReadOnly: false } } })),
      )
    },
  }
  page.parent = framed ? parent : page
  return { page, asked }
}

function setup(page: ReturnType<typeof framedPage>['page'], options: Parameters<typeof eip155>[0] = {}, { withSafe = true } = {}) {
  // The safe plugin after eip155: it is found whatever the order.
  return createPorticoKernel({ projectId: 'test', networks: [devnetA], plugins: [eip155(options, { window: page as never }), ...(withSafe ? [safe()] : [])], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
}

describe('eip155: the Safe connector', () => {
  it('connects the Safe with no prompt when a Safe host frames the page', async () => {
    const { page, asked } = framedPage()
    const portico = setup(page)
    await expect.poll(() => portico.stores.connections.get('eip155').status, { timeout: 3000 }).toBe('connected')
    const connection = portico.stores.connections.get('eip155')
    expect(connection.connectorId).toBe('safe')
    expect(connection.accounts.map((a) => a.address)).toEqual([safeAddress])
    expect(connection.caipNetworkId).toBe('eip155:31337')
    expect(asked[0]).toBe('getSafeInfo')
    expect((await portico.discoverWallets('eip155')).find((w) => w.id === 'safe')).toMatchObject({ name: 'Safe', type: 'EXTERNAL' })
  })

  it('stays disconnected when the parent does not answer in 500 ms', async () => {
    // The 500 ms are on a fake clock the test moves past the wait (the Safe code still loads for real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { page, asked } = framedPage({ silent: true })
      const portico = setup(page)
      // Turns of the event loop until the Safe code loaded and asked (vi.waitFor would move the fake clock on).
      while (asked.length === 0) await new Promise((resolve) => setImmediate(resolve))
      expect(asked).toEqual(['getSafeInfo'])
      await vi.advanceTimersByTimeAsync(499)
      expect(vi.getTimerCount()).toBeGreaterThan(0)
      await vi.advanceTimersByTimeAsync(1)
      // The wait for the answer is over: no timer is left.
      expect(vi.getTimerCount()).toBe(0)
      await portico.ready()
      expect(asked).toEqual(['getSafeInfo'])
      expect(portico.stores.connections.get('eip155').status).toBe('disconnected')
      expect((await portico.discoverWallets('eip155')).some((w) => w.id === 'safe')).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('never asks the parent with { safe: false }, nor when the page is not framed', async () => {
    const off = framedPage()
    const offPortico = setup(off.page, { safe: false })
    const top = framedPage({ framed: false })
    const topPortico = setup(top.page)
    // Whether to ask is decided in the plugin's setup, and ready() comes after it.
    await Promise.all([offPortico.ready(), topPortico.ready()])
    expect(off.asked).toEqual([])
    expect(top.asked).toEqual([])
  })

  it('never asks the parent without the safe plugin, and offers no Safe', async () => {
    const { page, asked } = framedPage()
    const portico = setup(page, {}, { withSafe: false })
    // The eip155 plugin looks for the safe plugin's store once every setup ran, before ready() settles.
    await portico.ready()
    expect(asked).toEqual([])
    expect(portico.stores.connections.get('eip155').status).toBe('disconnected')
    expect((await portico.discoverWallets('eip155')).some((w) => w.id === 'safe')).toBe(false)
  })
})
