import type { Network } from '../../../kernel/kernel.js'
import { BitcoinApiError } from '../errors.js'

/**
 * How long one Esplora call (answer and body) may take: a node that stalls becomes a
 * `BitcoinApiError` the visitor reads, never a send that waits forever (as the other chains' RPC
 * callers do).
 */
export const esploraTimeoutMs = 20_000

/**
 * Reads JSON (or text) from the network's Esplora REST API (its first `rpcUrls` entry), within
 * {@link esploraTimeoutMs}.
 *
 * @param parameters - network, path (`/address/…`), fetch
 * @returns the parsed answer
 * @example
 * const tip = await esplora({ network, path: '/blocks/tip/height', as: 'text' })
 */
export async function esplora<T>({ network, path, fetch: fetchFn = globalThis.fetch, as = 'json', init }: { network: Network; path: string; fetch?: typeof fetch; as?: 'json' | 'text'; init?: RequestInit }): Promise<T> {
  const base = network.rpcUrls.default.http[0]?.replace(/\/+$/, '')
  if (!base) throw new BitcoinApiError(`${network.name} has no Esplora URL`)
  let response: Response
  let text: string
  try {
    response = await fetchFn(`${base}${path}`, { ...init, signal: init?.signal ?? AbortSignal.timeout(esploraTimeoutMs) })
    text = await response.text()
  } catch (error) {
    if (isTimeout(error)) throw new BitcoinApiError(`The Esplora API of ${network.name} did not answer within ${esploraTimeoutMs / 1000} s`)
    throw new BitcoinApiError(`The Esplora API of ${network.name} is unreachable: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!response.ok) throw new BitcoinApiError(`The Esplora API answered ${response.status}: ${text.slice(0, 300)}`)
  if (as === 'text') return text.trim() as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new BitcoinApiError('The Esplora API answered something that is not JSON')
  }
}

/** Whether `error` is the abort of {@link esploraTimeoutMs} (`TimeoutError`, or `AbortError` where a runtime names it so). */
export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'TimeoutError' || name === 'AbortError'
}

type Stats = { funded_txo_sum?: unknown; spent_txo_sum?: unknown }
const sats = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined)

/**
 * Confirmed and unconfirmed sats of an address (Esplora `/address/:a`).
 *
 * @param parameters - network, address, fetch
 * @returns `{ confirmed, unconfirmed }` in sats (unconfirmed may be negative while a spend waits)
 * @example
 * const { confirmed } = await fetchBitcoinBalance({ network, address })
 */
export async function fetchBitcoinBalance({ network, address, fetch: fetchFn }: { network: Network; address: string; fetch?: typeof fetch }): Promise<{ confirmed: bigint; unconfirmed: bigint }> {
  const info = await esplora<{ chain_stats?: Stats; mempool_stats?: Stats }>({ network, path: `/address/${encodeURIComponent(address)}`, fetch: fetchFn })
  const read = (stats: Stats | undefined) => {
    const funded = sats(stats?.funded_txo_sum)
    const spent = sats(stats?.spent_txo_sum)
    if (funded === undefined || spent === undefined) throw new BitcoinApiError('The Esplora API answered an address without its stats')
    return funded - spent
  }
  return { confirmed: read(info.chain_stats), unconfirmed: read(info.mempool_stats) }
}
