import { describe, expect, it } from 'vitest'
import { broadcastBitcoinTransaction } from '../../../plugins/bip122/actions/broadcastBitcoinTransaction.js'
import { esplora, esploraTimeoutMs } from '../../../plugins/bip122/actions/esplora.js'
import { BitcoinApiError, BitcoinTransactionRejectedError } from '../../../plugins/bip122/errors.js'
import { defineBitcoinNetwork } from '../../../plugins/bip122/index.js'

const network = defineBitcoinNetwork({ reference: '0f9188f13cb7b2c71f2a335e3a4fc328', name: 'Regtest', rpcUrls: ['http://127.0.0.1:9/api'] })

/** A node that takes the request and never answers: the call ends only when its signal aborts (as `fetch` does), here at once as a timeout. */
function stalledNode() {
  const signals: (AbortSignal | undefined)[] = []
  const fetch = (async (_url: string, init?: RequestInit) => {
    signals.push(init?.signal ?? undefined)
    // What fetch throws when AbortSignal.timeout fires.
    throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
  }) as typeof globalThis.fetch
  return { fetch, signals }
}

describe('a stalled Esplora node', () => {
  it('a read carries a timeout signal and ends as a BitcoinApiError saying the node did not answer', async () => {
    const node = stalledNode()
    const read = esplora({ network, path: '/fee-estimates', fetch: node.fetch })
    await expect(read).rejects.toBeInstanceOf(BitcoinApiError)
    await expect(esplora({ network, path: '/fee-estimates', fetch: node.fetch })).rejects.toThrow(`did not answer within ${esploraTimeoutMs / 1000} s`)
    expect(node.signals.every((signal) => signal instanceof AbortSignal && !signal.aborted)).toBe(true)
  })

  it('a broadcast says the transaction may have been sent, so the visitor checks before sending again', async () => {
    const node = stalledNode()
    await expect(broadcastBitcoinTransaction({ network, hex: '00', fetch: node.fetch })).rejects.toThrow(/did not answer the broadcast within 20 s; the transaction may still have been sent/)
    expect(node.signals[0]).toBeInstanceOf(AbortSignal)
  })

  it('an unreachable node is still "unreachable", with its reason', async () => {
    const refused = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof globalThis.fetch
    await expect(esplora({ network, path: '/blocks/tip/height', fetch: refused })).rejects.toThrow('The Esplora API of Regtest is unreachable: fetch failed')
    await expect(broadcastBitcoinTransaction({ network, hex: '00', fetch: refused })).rejects.toThrow('The Esplora API of Regtest is unreachable: fetch failed')
  })

  it('an error answer is a BitcoinApiError with its text; a refused broadcast is the node\'s reason; a broadcast must answer a txid', async () => {
    const answering = (status: number, text: string) => (async () => new Response(text, { status })) as typeof globalThis.fetch
    await expect(esplora({ network, path: '/address/nope/utxo', fetch: answering(400, 'Invalid Bitcoin address') })).rejects.toThrow('The Esplora API of Regtest answered /address/nope/utxo: Invalid Bitcoin address')
    await expect(esplora({ network, path: '/fee-estimates', fetch: answering(200, '<html>') })).rejects.toThrow('The Esplora API of Regtest answered /fee-estimates: HTTP 200, not JSON')
    expect(await esplora({ network, path: '/blocks/tip/height', as: 'text', fetch: answering(200, '101\n') })).toBe('101')
    const refused = broadcastBitcoinTransaction({ network, hex: '00', fetch: answering(400, 'sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 0 < 141"}') })
    await expect(refused).rejects.toBeInstanceOf(BitcoinTransactionRejectedError)
    await expect(refused).rejects.toMatchObject({ reason: 'min relay fee not met, 0 < 141', rpcCode: -26 })
    await expect(broadcastBitcoinTransaction({ network, hex: '00', fetch: answering(503, 'busy') })).rejects.toThrow('The Esplora API of Regtest answered /tx: busy')
    await expect(broadcastBitcoinTransaction({ network, hex: '00', fetch: answering(200, 'ok') })).rejects.toThrow('The Esplora API answered a broadcast with no txid: ok')
    const txid = 'ab'.repeat(32)
    expect(await broadcastBitcoinTransaction({ network, hex: '00', fetch: answering(200, `${txid}\n`) })).toBe(txid)
  })
})
