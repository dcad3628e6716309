// context.rpcRequest: a plugin reads a configured network's nodes through the namespace's chain
// plugin (its rpcRequest tap), never its own RPC client; the kernel checks the request first and
// types what comes back. tests/plugins/eip155/rpcRequest.test.ts runs the eip155 plugin's tap.
import { describe, expect, it } from 'vitest'
import { BaseError, NetworkNotFoundError, NoAnswerError, NoPluginForHookError, ProviderRpcError, type RpcRequest } from '../../kernel/kernel.js'
import { contextKeeper, createTestPortico, newWallet, testChain, testFeature } from './helpers/testKit.js'

/** A chain-side plugin answering eip155's rpcRequest from `answer` (none: no tap), and a plugin's context to ask with. */
function setup(answer?: (request: RpcRequest) => Promise<{ result: unknown } | undefined>) {
  const seen: RpcRequest[] = []
  const node = testFeature('node', 'Answers node requests in a test.', (portico) => {
    if (!answer) return
    portico.chains.register({ namespace: 'eip155', rpcRequest: async (request) => {
      seen.push(request)
      return answer(request)
    } })
  })
  const reader = contextKeeper()
  const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), node, reader.plugin] })
  return { portico, context: reader.context(), seen }
}

describe('context.rpcRequest', () => {
  it("hands the tap the configured network and returns the node's result, null included", async () => {
    const results: unknown[] = [{ status: '0x1' }, null]
    const { context, seen, portico } = setup(async () => ({ result: results.shift() }))
    expect(await context.rpcRequest({ chainId: 'eip155:1', method: 'eth_getTransactionReceipt', params: ['0xab'] })).toEqual({ status: '0x1' })
    expect(await context.rpcRequest({ chainId: 'eip155:1', method: 'eth_blockNumber' })).toBeNull()
    expect(seen[0]).toEqual({ namespace: 'eip155', network: portico.stores.networks.find('eip155:1'), method: 'eth_getTransactionReceipt', params: ['0xab'] })
    expect(seen[1]).not.toHaveProperty('params')
    await portico.destroy()
  })

  it('refuses a network the site did not configure, or no method, before any tap is asked', async () => {
    const { context, seen, portico } = setup(async () => ({ result: 1 }))
    await expect(context.rpcRequest({ chainId: 'eip155:999', method: 'eth_blockNumber' })).rejects.toBeInstanceOf(NetworkNotFoundError)
    await expect(context.rpcRequest({ chainId: 'eip155:1', method: '' })).rejects.toThrow('A request needs a method name')
    await expect(context.rpcRequest({ chainId: 'not a chain' as never, method: 'eth_blockNumber' })).rejects.toBeInstanceOf(BaseError)
    expect(seen).toEqual([])
    await portico.destroy()
  })

  it('names the missing hook when no chain plugin taps it, and a tap that passes is NoAnswerError', async () => {
    const none = setup()
    await expect(none.context.rpcRequest({ chainId: 'eip155:1', method: 'eth_blockNumber' })).rejects.toMatchObject({ name: 'NoPluginForHookError', hook: 'rpcRequest', namespace: 'eip155' })
    await expect(none.context.rpcRequest({ chainId: 'eip155:1', method: 'eth_blockNumber' })).rejects.toBeInstanceOf(NoPluginForHookError)
    await none.portico.destroy()
    const passing = setup(async () => undefined)
    await expect(passing.context.rpcRequest({ chainId: 'eip155:1', method: 'eth_blockNumber' })).rejects.toBeInstanceOf(NoAnswerError)
    await passing.portico.destroy()
  })

  it("keeps a tap's typed error and turns anything else into a ProviderRpcError with the node's code", async () => {
    const typed = new BaseError('The node is gone')
    const failures: unknown[] = [typed, Object.assign(new Error('limit exceeded'), { code: -32005 })]
    const { context, portico } = setup(async () => {
      throw failures.shift()
    })
    await expect(context.rpcRequest({ chainId: 'eip155:1', method: 'eth_blockNumber' })).rejects.toBe(typed)
    await expect(context.rpcRequest({ chainId: 'eip155:1', method: 'eth_blockNumber' })).rejects.toSatisfy((e: unknown) => e instanceof ProviderRpcError && e.code === -32005)
    await portico.destroy()
  })
})
