import type { Network } from '../../../kernel/kernel.js'
import { StacksApiRequestError } from '../errors.js'
import { formatStacksUnits } from '../utils/formatStacksUnits.js'
import { callStacksApi } from './callStacksApi.js'

/**
 * The spendable µSTX of an address from the node API (`/v2/accounts/{principal}`: `balance` less
 * `locked`, hex u128), with its nonce.
 *
 * @example
 * await readStacksAccount({ network, address: 'SP…' })
 */
export async function readStacksAccount({ network, address, fetch: fetchFn }: { network: Network; address: string; fetch?: typeof globalThis.fetch }): Promise<{ ustx: bigint; nonce: bigint }> {
  const body = await callStacksApi<{ balance?: unknown; locked?: unknown; nonce?: unknown }>({ network, path: `/v2/accounts/${encodeURIComponent(address)}?proof=0`, ...(fetchFn ? { fetch: fetchFn } : {}) })
  const hex = (value: unknown) => (typeof value === 'string' && /^0x[0-9a-fA-F]{1,32}$/.test(value) ? BigInt(value) : undefined)
  const balance = hex(body?.balance)
  const locked = body?.locked === undefined ? 0n : hex(body.locked)
  if (balance === undefined || locked === undefined || typeof body?.nonce !== 'number' || !Number.isSafeInteger(body.nonce) || body.nonce < 0) throw new StacksApiRequestError({ path: '/v2/accounts', message: 'malformed account' })
  return { ustx: balance > locked ? balance - locked : 0n, nonce: BigInt(body.nonce) }
}

/**
 * The STX balance of an address from the node API.
 *
 * @returns `{ balance, symbol, decimals }`, the balance a decimal string in STX
 * @example
 * await fetchStacksBalance({ network: stacksMainnet, address: 'SP…' })
 */
export async function fetchStacksBalance({ network, address, fetch: fetchFn }: { network: Network; address: string; fetch?: typeof globalThis.fetch }): Promise<{ balance: string; symbol: string; decimals: number }> {
  const { ustx } = await readStacksAccount({ network, address, ...(fetchFn ? { fetch: fetchFn } : {}) })
  const { symbol, decimals } = network.nativeCurrency
  return { balance: formatStacksUnits(ustx, decimals), symbol, decimals }
}
