import { HttpError } from '../errors/HttpError.js'
import { type ReadBip122HistoryParameters, readBip122History } from './readBip122History.js'
import type { Transaction } from './Transaction.js'

/**
 * {@link readBip122History} for the history route: an Esplora failure becomes a 502
 * `UPSTREAM_UNAVAILABLE` (400s, such as a refused address or cursor, pass through).
 *
 * @param parameters as for readBip122History
 * @returns `{ data, next }`
 * @throws HttpError 400 or 502
 * @example
 * await readBip122HistoryPage({ chain, address, baseUrl })
 */
export async function readBip122HistoryPage(parameters: ReadBip122HistoryParameters): Promise<{ data: Transaction[]; next: string | null }> {
  try {
    return await readBip122History(parameters)
  } catch (cause) {
    if (cause instanceof HttpError) throw cause
    throw new HttpError({ status: 502, code: 'UPSTREAM_UNAVAILABLE', message: `Could not read history from ${parameters.chain.caipNetworkId}`, cause })
  }
}
