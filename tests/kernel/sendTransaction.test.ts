// portico.sendTransaction: a transaction a feature plugin built is checked before any wallet is
// asked (receiver, hex data, whole base units), needs a connection, and goes to the namespace's
// `sendTransaction` tap unchanged.
import { describe, expect, it } from 'vitest'

import { createPorticoKernel, definePlugin, NotConnectedError, version } from '../../kernel/kernel.js'
import { defineNetwork } from '../../plugins/eip155/index.js'
import { memoryStorage } from './helpers/testKit.js'

const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
const to = '0x000000000000000000000000000000000000dEaD'

function setup() {
  const seen: unknown[] = []
  const chain = definePlugin({
    name: 'fake-evm',
    kind: 'chain',
    namespace: 'eip155',
    version,
    meta: { description: 'test', capabilities: ['connect'], hooks: ['connect', 'sendTransaction'], views: [], errors: [] } as never,
    setup(portico) {
      portico.chains.register({ namespace: 'eip155', isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a) })
      portico.hooks.discoverWallets.for('eip155').tapPromise('fake', async (context) => context.add({ id: 'w', name: 'W', namespace: 'eip155', type: 'INJECTED' }))
      portico.hooks.connect.for('eip155').tapPromise('fake', async () => ({ connectorId: 'w', accounts: [{ address: '0x1111111111111111111111111111111111111111', type: 'eoa' }], caipNetworkId: 'eip155:31337' }))
      portico.chains.register({ namespace: 'eip155', sendTransaction: async (request) => {
        seen.push(request.transaction)
        return { hash: `0x${'ab'.repeat(32)}` }
      } })
    },
  })
  const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [chain], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
  return { portico, seen }
}

describe('sendTransaction', () => {
  it('needs a connection, then hands the transaction to the chain plugin unchanged', async () => {
    const { portico, seen } = setup()
    await portico.ready()
    await expect(portico.sendTransaction({ to, data: '0x1234', value: '5' })).rejects.toThrow(NotConnectedError)
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'w', namespace: 'eip155' })
    expect(await portico.sendTransaction({ to, data: '0x1234', value: '5', gas: '21000' })).toBe(`0x${'ab'.repeat(32)}`)
    expect(seen).toEqual([{ to, data: '0x1234', value: '5', gas: '21000' }])
    await portico.destroy()
  })

  it('refuses a malformed receiver, data, value or gas before any wallet is asked', async () => {
    const { portico, seen } = setup()
    await portico.ready()
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'w', namespace: 'eip155' })
    for (const bad of [{ to: 'nope' }, { to, data: 'hello' }, { to, data: '0x123' }, { to, value: '-1' }, { to, value: '1.5' }, { to, gas: '0x10' }]) {
      await expect(portico.sendTransaction(bad as never), JSON.stringify(bad)).rejects.toThrow()
    }
    expect(seen).toEqual([])
    await portico.destroy()
  })
})
