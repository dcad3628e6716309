// portico/swap's registration (the Account action on eip155 only, the lazily loaded view, its
// options checked) and its swap-API client against hostile answers (unit tests of one unit each:
// the client gets a fetch that answers like a broken or hostile server).
import '../../helpers/eip155Loaded.js'
import '../../helpers/swapLoaded.js'
import { describe, expect, it } from 'vitest'

import { createPorticoKernel } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { createConvertApi } from '../../../plugins/swap/api/createConvertApi.js'
import { swap } from '../../../plugins/swap/index.js'
import { SwapApiError } from '../../../plugins/swap/errors.js'
import { messages } from '../../../plugins/swap/messages.js'
import { SwapStore } from '../../../plugins/swap/stores/SwapStore.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })

describe('swap plugin registration', () => {
  it('offers Swap on the Account view of eip155 only, before Send, and registers the Swap view', async () => {
    const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), swap({ slippage: 0.5 })], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    await portico.ready()
    const actions = portico.accountActions.list('eip155')
    expect(actions.map((a) => [a.id, a.view, a.label])).toEqual([['swaps', 'Swap', 'swap.action']])
    expect(portico.accountActions.list('solana')).toEqual([])
    expect(portico.views.has('Swap')).toBe(true)
    expect(portico.getStore('swap')).toEqual({ slippage: 0.5 })
    await portico.destroy()
    expect(portico.accountActions.list('eip155')).toEqual([])
  })

  it('refuses options outside the schema', () => {
    expect(() => createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), swap({ slippage: 80 })], storage: memoryStorage() })).toThrow(/slippage/)
    expect(() => createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), swap({ apiUrl: 'javascript:alert(1)' })], storage: memoryStorage() })).toThrow(/apiUrl/)
  })
})

describe('why a swap cannot go ahead', () => {
  it('is a key of the plugin\'s strings with its values, so the button reads in the visitor\'s language', async () => {
    const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), swap()], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    await portico.ready()
    const store = new SwapStore(portico, createConvertApi({ url: (path) => `http://127.0.0.1:9${path}` }))
    expect(store.problem).toEqual({ key: 'swap.problem.selectTokens' })
    store.tokens = [
      { address: 'eip155:31337:0x0000000000000000000000000000000000000001', symbol: 'ETH', name: 'Ether', decimals: 18, logoUri: '' },
      { address: 'eip155:31337:0x0000000000000000000000000000000000000002', symbol: 'pUSD', name: 'Portico USD', decimals: 6, logoUri: '' },
    ]
    store.from = store.tokens[0]!.address
    store.to = store.tokens[1]!.address
    expect(store.problem).toEqual({ key: 'swap.problem.enterAmount' })
    store.amount = '1.2.3'
    expect(store.problem).toEqual({ key: 'swap.problem.incorrectValue' })
    store.amount = '5'
    expect(store.problem).toEqual({ key: 'swap.problem.insufficient', values: { symbol: 'ETH' } })
    for (const key of ['swap.problem.selectTokens', 'swap.problem.enterAmount', 'swap.problem.incorrectValue']) expect(messages[key]).toBeTruthy()
    expect(messages['swap.problem.insufficient']).toBe('Insufficient {symbol} balance')
    await portico.destroy()
  })
})

describe('the swap API client', () => {
  const api = (answer: () => Response | Promise<Response>) => createConvertApi({ url: (path, params) => `http://127.0.0.1:9${path}?${new URLSearchParams(params)}`, fetch: async () => answer() })
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  it("passes the server's 4xx message on, and says so when the server is unreachable or answers no JSON", async () => {
    await expect(api(() => json(400, { code: 'UNSUPPORTED_CHAIN', message: 'Network not supported for Swaps' })).tokens('eip155:1')).rejects.toMatchObject({ name: 'SwapApiError', shortMessage: 'Network not supported for Swaps', status: 400 })
    await expect(api(() => Promise.reject(new TypeError('fetch failed'))).tokens('eip155:1')).rejects.toThrow(SwapApiError)
    await expect(api(() => new Response('<html>', { status: 200 })).tokens('eip155:1')).rejects.toMatchObject({ shortMessage: 'The swap service answered something that is not JSON' })
    await expect(api(() => json(502, 'x'.repeat(10))).tokens('eip155:1')).rejects.toMatchObject({ shortMessage: 'The swap service failed' })
  })

  it('drops malformed tokens, quotes and transactions instead of trusting them', async () => {
    const tokens = await api(() => json(200, { tokens: [{ address: 'eip155:1:0x1', symbol: 'OK', decimals: 6, name: 'Ok' }, { address: 1, symbol: 'BAD', decimals: 6 }, { address: 'x', symbol: 'BAD', decimals: 99 }, null] })).tokens('eip155:1')
    expect(tokens.map((t) => t.symbol)).toEqual(['OK'])
    await expect(api(() => json(200, { quotes: [{ toAmount: '-5' }] })).quote({ amount: '1', from: 'a', to: 'b', userAddress: 'c' })).rejects.toMatchObject({ shortMessage: 'The swap service returned no quote' })
    const quote = await api(() => json(200, { quotes: [{ toAmount: '42', priceImpact: 'javascript:' }] })).quote({ amount: '1', from: 'a', to: 'b', userAddress: 'c' })
    expect(quote).toEqual({ fromAmount: '1', toAmount: '42' })
    await expect(api(() => json(200, { tx: { to: 'eip155:1:0x1', data: 'not hex', amount: '0' } })).buildTransaction({ amount: '1', from: 'a', to: 'b', userAddress: 'c', slippage: 1 })).rejects.toMatchObject({ shortMessage: 'The swap service returned no transaction' })
    await expect(api(() => json(200, { allowance: '1e5' })).allowance({ tokenAddress: 'a', userAddress: 'b' })).rejects.toThrow(SwapApiError)
  })
})
