import { formatDecimalUnits } from '../../kernel/utils/formatDecimalUnits.js'
import { parseDecimalUnits } from '../../kernel/utils/parseDecimalUnits.js'
import { HttpError } from '../../server/errors/HttpError.js'
import { formatFiatCents, parseFiatCents } from '../../server/onramp/fiatCents.js'
import type { OnrampAsset, OnrampPaymentMethod, OnrampProviderQuote } from '../../server/onramp/OnrampProvider.js'

/** The sandbox provider's processing fee: 1.5 % (the spec's fee range is 1 to 2 %), in basis points. */
export const sandboxOnrampFeeBps = 150n
/** What sending costs the sandbox provider, charged in fiat cents: eip155 50 ¢, solana 5 ¢. */
export const sandboxOnrampNetworkFeeCents: Record<string, bigint> = { eip155: 50n, solana: 5n }
/** US cents one unit of each fiat currency is worth in the sandbox's table (1 EUR = 1.10 USD). */
export const sandboxFiatRates: Record<string, bigint> = { USD: 100n, EUR: 110n }
/** The sandbox takes cards only, within the spec's fallback card limits (10.00 to 7500.00). */
export const sandboxPaymentMethods: readonly OnrampPaymentMethod[] = [{ id: 'card', min: '10.00', max: '7500.00' }]

export type SandboxOnrampQuoteParameters = {
  asset: OnrampAsset
  /** The asset's price in whole US cents per whole unit (ETH 300000, pUSD 100, SOL 15000). */
  priceUsdCents: bigint
  fiatCurrency: string
  fiatAmount?: string
  cryptoAmount?: string
}

/**
 * The sandbox provider's price, exact and deterministic (what the checkout pays out is what the
 * view quoted): the visitor pays `fiatTotal`; the 1.5 % fee (rounded half up to the cent) and the
 * network fee come off; the rest buys the asset at the sandbox's price, rounded down to its base
 * unit. Given a crypto amount, exactly that arrives and the total is the least whole-cent amount that buys it.
 *
 * @throws HttpError (`OUT_OF_LIMITS`) when the amount buys nothing after fees; (`INVALID_PARAMS`) for an unknown fiat or a bad amount
 * @example
 * sandboxOnrampQuote({ asset: pUsd, priceUsdCents: 100n, fiatCurrency: 'USD', fiatAmount: '50' }).cryptoAmount // '48.75'
 */
export function sandboxOnrampQuote({ asset, priceUsdCents, fiatCurrency, fiatAmount, cryptoAmount }: SandboxOnrampQuoteParameters): OnrampProviderQuote {
  const rate = sandboxFiatRates[fiatCurrency]
  if (!rate) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: `The sandbox takes ${Object.keys(sandboxFiatRates).join(' and ')}` })
  const networkFee = sandboxOnrampNetworkFeeCents[asset.chainId.split(':')[0] as string] ?? 50n
  const scale = 10n ** BigInt(asset.decimals)
  const forward = (total: bigint) => {
    const fee = (total * sandboxOnrampFeeBps + 5_000n) / 10_000n
    const net = total - fee - networkFee
    const units = net > 0n ? (net * rate * scale) / (priceUsdCents * 100n) : 0n
    return { total, fee, net, units }
  }
  let result: ReturnType<typeof forward>
  if (cryptoAmount !== undefined) {
    const wanted = parseDecimalUnits(cryptoAmount, asset.decimals)
    if (wanted === undefined || wanted <= 0n) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: `The amount must be a positive decimal of ${asset.symbol}` })
    const net = (wanted * priceUsdCents * 100n + rate * scale - 1n) / (rate * scale)
    let total = ((net + networkFee) * 10_000n + (10_000n - sandboxOnrampFeeBps) - 1n) / (10_000n - sandboxOnrampFeeBps)
    result = forward(total)
    while (result.units < wanted) result = forward(++total)
    // Exactly what was asked for arrives; the whole cent above it is the rounding.
    result = { ...result, units: wanted }
  } else {
    const total = parseFiatCents(fiatAmount)
    if (total === undefined || total <= 0n) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: 'The amount must be a positive fiat amount' })
    result = forward(total)
  }
  if (result.units <= 0n) throw new HttpError({ status: 400, code: 'OUT_OF_LIMITS', message: `The amount does not cover the fees (${formatFiatCents(networkFee)} ${fiatCurrency} network fee and 1.5 %)` })
  return {
    quoteId: `sandbox-${asset.chainId}-${asset.symbol}-${result.total}`,
    fiatTotal: formatFiatCents(result.total),
    fiatSubtotal: formatFiatCents(result.net),
    providerFee: formatFiatCents(result.fee),
    networkFee: formatFiatCents(networkFee),
    cryptoAmount: formatDecimalUnits(result.units, asset.decimals),
  }
}
