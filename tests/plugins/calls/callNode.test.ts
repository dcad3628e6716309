// The calls plugin reads the chain (eth_getCode, receipts) through the eip155 chain adapter's RPC
// client (`context.chains`), never its own: what it hands the adapter, and the errors it gives.
import { describe, expect, it } from 'vitest'
import { BaseError, NoAnswerError, ProviderRpcError, type RpcRequest } from '../../../kernel/kernel.js'
import { callNode } from '../../../plugins/calls/eip155/callNode.js'
import { contextKeeper, createTestPortico, newWallet, testChain, testFeature } from '../../kernel/helpers/testKit.js'

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
  const network = portico.stores.networks.find('eip155:1')
  if (!network) throw new Error('the test portico has no eip155:1')
  return { portico, context: reader.context(), seen, network }
}

describe('callNode', () => {
  it("hands the adapter the network and gives the node's result, null included", async () => {
    const results: unknown[] = [{ status: '0x1' }, null]
    const { context, seen, portico, network } = setup(async () => ({ result: results.shift() }))
    expect(await callNode(context, network, 'eth_getTransactionReceipt', ['0xab'])).toEqual({ status: '0x1' })
    expect(await callNode(context, network, 'eth_blockNumber', [])).toBeNull()
    expect(seen[0]).toEqual({ namespace: 'eip155', network, method: 'eth_getTransactionReceipt', params: ['0xab'] })
    await portico.destroy()
  })

  it('is NoAnswerError when no adapter answers, and keeps the node code of an untyped failure', async () => {
    const none = setup()
    await expect(callNode(none.context, none.network, 'eth_blockNumber', [])).rejects.toBeInstanceOf(NoAnswerError)
    await none.portico.destroy()
    const typed = new BaseError('The node is gone')
    const failures: unknown[] = [typed, Object.assign(new Error('limit exceeded'), { code: -32005 })]
    const failing = setup(async () => {
      throw failures.shift()
    })
    await expect(callNode(failing.context, failing.network, 'eth_blockNumber', [])).rejects.toBe(typed)
    await expect(callNode(failing.context, failing.network, 'eth_blockNumber', [])).rejects.toSatisfy((e: unknown) => e instanceof ProviderRpcError && e.code === -32005)
    await failing.portico.destroy()
  })
})
