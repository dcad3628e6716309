import { callJsonApi, type CallJsonApiFailure, type Network } from '../../../kernel/kernel.js'
import { BitcoinApiError } from '../errors.js'

/**
 * How long one Esplora call (answer and body) may take: a node that stalls becomes a
 * `BitcoinApiError` the visitor reads, never a send that waits forever (as the other chains' RPC
 * callers do, through the kernel's `callJsonApi`).
 */
export const esploraTimeoutMs = 20_000

/** The network's Esplora REST base (its first `rpcUrls` entry), or the error saying it has none. */
export function esploraBase(network: Network): string {
  const base = network.rpcUrls.default.http[0]
  if (!base) throw new BitcoinApiError(`${network.name} has no Esplora URL`)
  return base
}

/** The `BitcoinApiError` of a failed Esplora call: no answer (unreachable, or not within {@link esploraTimeoutMs}), an HTTP error, or not JSON. */
export function esploraError(network: Network, failure: CallJsonApiFailure): BitcoinApiError {
  if (failure.timedOut) return new BitcoinApiError(`The Esplora API of ${network.name} did not answer within ${esploraTimeoutMs / 1000} s (${failure.path})`)
  if (failure.status === undefined) {
    const reason = failure.cause instanceof Error ? failure.cause.message : String(failure.cause ?? failure.message)
    return new BitcoinApiError(`The Esplora API of ${network.name} is unreachable: ${reason}`)
  }
  return new BitcoinApiError(`The Esplora API of ${network.name} answered ${failure.path}: ${failure.message.slice(0, 300)}`)
}

/** An error answer's text, as Esplora gives it (its reason; `HTTP <status>` when empty). */
export const esploraErrorText = (answer: unknown): string | undefined => (typeof answer === 'string' ? answer.trim() || undefined : JSON.stringify(answer))

/**
 * Reads JSON (or text) from the network's Esplora REST API (its first `rpcUrls` entry), within
 * {@link esploraTimeoutMs}, through the kernel's `callJsonApi`.
 *
 * @param parameters - network, path (`/address/…`), fetch, and how to read the answer
 * @returns the parsed answer (the trimmed text with `as: 'text'`)
 * @throws BitcoinApiError when the API is unreachable, does not answer in time, answers an HTTP error or not JSON
 * @example
 * const tip = await esplora<string>({ network, path: '/blocks/tip/height', as: 'text' })
 */
export async function esplora<T>({ network, path, fetch: fetchFn, as = 'json' }: { network: Network; path: string; fetch?: typeof fetch; as?: 'json' | 'text' }): Promise<T> {
  return (await callJsonApi<T>({
    baseUrl: esploraBase(network),
    path,
    as,
    ...(fetchFn ? { fetch: fetchFn } : {}),
    timeoutMs: esploraTimeoutMs,
    errorMessage: esploraErrorText,
    toError: (failure) => esploraError(network, failure),
  })) as T
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
