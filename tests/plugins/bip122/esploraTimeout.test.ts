import { describe, expect, it } from 'vitest'
import { broadcastBitcoinTransaction } from '../../../plugins/bip122/actions/broadcastBitcoinTransaction.js'
import { esplora, esploraTimeoutMs } from '../../../plugins/bip122/actions/esplora.js'
import { BitcoinApiError } from '../../../plugins/bip122/errors.js'
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
})
