import { callJsonApi, type Network } from '../../../kernel/kernel.js'
import { BitcoinApiError, BitcoinTransactionRejectedError } from '../errors.js'
import { esploraBase, esploraError, esploraErrorText, esploraTimeoutMs } from './esplora.js'

/** How Esplora relays bitcoind's refusal of a broadcast: `sendrawtransaction RPC error: {"code":-26,"message":"…"}`. */
const rpcErrorPattern = /sendrawtransaction RPC error: (\{.*\})/s

/** The node's reason and code in an Esplora 400 answer (the text itself when it is not bitcoind's JSON). */
function readRefusal(text: string): { reason: string; rpcCode?: number } {
  const json = rpcErrorPattern.exec(text)?.[1]
  if (json) {
    try {
      const parsed = JSON.parse(json) as { code?: unknown; message?: unknown }
      if (typeof parsed.message === 'string' && parsed.message.length > 0) {
        return { reason: parsed.message.slice(0, 300), ...(typeof parsed.code === 'number' && Number.isInteger(parsed.code) ? { rpcCode: parsed.code } : {}) }
      }
    } catch {
      // not JSON after all: the text is the reason
    }
  }
  return { reason: text.trim().slice(0, 300) || 'no reason given' }
}

/**
 * Broadcasts a finalized transaction through the network's Esplora API (`POST /tx`, its first
 * `rpcUrls` entry). A transaction the node refuses is a {@link BitcoinTransactionRejectedError}
 * with its reason (`bad-txns-inputs-missingorspent`, `min relay fee not met, …`) and RPC code; an
 * API that cannot be reached, or answers anything but a txid, is a `BitcoinApiError`.
 *
 * @param parameters - the network, the raw transaction (hex) and `fetch`
 * @returns the txid the node answered
 * @throws BitcoinTransactionRejectedError, BitcoinApiError
 * @example
 * const txid = await broadcastBitcoinTransaction({ network, hex: tx.hex })
 */
export async function broadcastBitcoinTransaction({ network, hex, fetch: fetchFn }: { network: Network; hex: string; fetch?: typeof fetch }): Promise<string> {
  const txid = await callJsonApi<string>({
    baseUrl: esploraBase(network),
    path: '/tx',
    rawBody: hex,
    as: 'text',
    ...(fetchFn ? { fetch: fetchFn } : {}),
    timeoutMs: esploraTimeoutMs,
    errorMessage: esploraErrorText,
    toError: (failure) => {
      // Esplora answers a refused transaction with 400 and the node's reason.
      if (failure.status === 400) return new BitcoinTransactionRejectedError({ ...readRefusal(failure.message), network: network.name })
      // The node may have taken it before it stalled: say so, the visitor checks before sending again.
      if (failure.timedOut) return new BitcoinApiError(`The Esplora API of ${network.name} did not answer the broadcast within ${esploraTimeoutMs / 1000} s; the transaction may still have been sent, check the explorer before sending again`)
      return esploraError(network, failure)
    },
  })
  if (!txid || !/^[0-9a-f]{64}$/.test(txid)) throw new BitcoinApiError(`The Esplora API answered a broadcast with no txid: ${(txid ?? '').slice(0, 100)}`)
  return txid
}
