import { SwapApiError } from '../errors.js'

/** A token of the swap API: `address` is CAIP-10 (`…:0xeeee…eeee` for the native currency). */
export type SwapToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string }
export type SwapQuote = { fromAmount: string; toAmount: string; priceImpact?: string }
export type SwapTransaction = { from: string; to: string; data: string; amount: string; eip155?: { gas?: string; gasPrice?: string } }
export type ConvertApi = ReturnType<typeof createConvertApi>

/** The native currency's placeholder address in the swap API. */
export const nativeSwapAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * A client of a server that speaks the swap API (`/v1/convert/*`, spec §7): the Portico server or
 * any other. `url(path, params)` builds the address with the project's `projectId`, `st` and `sv`.
 * A 4xx's `message` becomes a {@link SwapApiError} with that message.
 *
 * @example
 * const api = createConvertApi({ url: (path, params) => portico.services.blockchainApi.url(path, params) })
 */
export function createConvertApi({ url, fetch: fetchFn = (...args) => globalThis.fetch(...args) }: { url: (path: string, params?: Record<string, string>) => string; fetch?: typeof fetch }) {
  async function call<T>(path: string, init: { params?: Record<string, string>; body?: unknown } = {}): Promise<T> {
    let response: Response
    try {
      response = await fetchFn(url(path, init.params), init.body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) })
    } catch (cause) {
      throw new SwapApiError('The swap service is unreachable', { cause })
    }
    const text = await response.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    if (!response.ok) {
      const message = typeof (body as { message?: unknown })?.message === 'string' ? ((body as { message: string }).message.slice(0, 300) || 'The swap service failed') : 'The swap service failed'
      throw new SwapApiError(message, { status: response.status })
    }
    if (typeof body !== 'object' || body === null) throw new SwapApiError('The swap service answered something that is not JSON', { status: response.status })
    return body as T
  }
  const isToken = (t: unknown): t is SwapToken => {
    const v = t as SwapToken
    return typeof v?.address === 'string' && typeof v.symbol === 'string' && Number.isInteger(v.decimals) && v.decimals >= 0 && v.decimals <= 36
  }
  const isTx = (t: unknown): t is SwapTransaction => {
    const v = t as SwapTransaction
    return typeof v?.to === 'string' && typeof v.data === 'string' && /^0x[0-9a-fA-F]*$/.test(v.data) && typeof v.amount === 'string' && /^\d{1,78}$/.test(v.amount)
  }
  return {
    async tokens(chainId: string): Promise<SwapToken[]> {
      const body = await call<{ tokens?: unknown }>('/v1/convert/tokens', { params: { chainId } })
      return (Array.isArray(body.tokens) ? body.tokens : []).filter(isToken).slice(0, 200).map((t) => ({ ...t, name: String(t.name ?? t.symbol).slice(0, 64), symbol: t.symbol.slice(0, 16), logoUri: typeof t.logoUri === 'string' ? t.logoUri : '' }))
    },
    /** A quote for selling `amount`, or (Portico's server) for receiving `toAmount`: then `fromAmount` is what it costs. */
    async quote(params: ({ amount: string } | { toAmount: string }) & { from: string; to: string; userAddress: string }): Promise<SwapQuote> {
      const body = await call<{ quotes?: unknown }>('/v1/convert/quotes', { params })
      const quote = Array.isArray(body.quotes) ? (body.quotes[0] as SwapQuote | undefined) : undefined
      const units = (value: unknown) => typeof value === 'string' && /^\d{1,78}$/.test(value)
      if (!quote || !units(quote.toAmount)) throw new SwapApiError('The swap service returned no quote')
      const fromAmount = 'amount' in params ? params.amount : quote.fromAmount
      if (!units(fromAmount) || BigInt(fromAmount) === 0n) throw new SwapApiError('The swap service returned no quote')
      return { fromAmount, toAmount: quote.toAmount, ...(typeof quote.priceImpact === 'string' && /^\d+(\.\d+)?$/.test(quote.priceImpact) ? { priceImpact: quote.priceImpact } : {}) }
    },
    async allowance(params: { tokenAddress: string; userAddress: string }): Promise<bigint> {
      const body = await call<{ allowance?: unknown }>('/v1/convert/allowance', { params })
      if (typeof body.allowance !== 'string' || !/^\d{1,78}$/.test(body.allowance)) throw new SwapApiError('The swap service returned no allowance')
      return BigInt(body.allowance)
    },
    async gasPrice(chainId: string): Promise<bigint> {
      const body = await call<{ standard?: unknown }>('/v1/convert/gas-price', { params: { chainId } })
      if (typeof body.standard !== 'string' || !/^\d{1,40}$/.test(body.standard)) throw new SwapApiError('Network not supported for Gas Price')
      return BigInt(body.standard)
    },
    async buildApprove(params: { from: string; to: string; userAddress: string; amount: string }): Promise<SwapTransaction> {
      const body = await call<{ tx?: unknown }>('/v1/convert/build-approve', { params })
      if (!isTx(body.tx)) throw new SwapApiError('The swap service returned no approval')
      return body.tx
    },
    async buildTransaction(body: { amount: string; from: string; to: string; userAddress: string; slippage: number }): Promise<SwapTransaction> {
      const answer = await call<{ tx?: unknown }>('/v1/convert/build-transaction', { body: { amount: body.amount, from: body.from, to: body.to, userAddress: body.userAddress, eip155: { slippage: body.slippage }, disableEstimate: false } })
      if (!isTx(answer.tx)) throw new SwapApiError('The swap service returned no transaction')
      return answer.tx
    },
  }
}
