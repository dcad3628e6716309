import type { ChainConfig } from '../createServer.js'

/** How one bank denom is shown: its symbol, name, display exponent and USD price (0 when unpriced). */
export type CosmosDenom = { denom: string; name: string; symbol: string; decimals: number; priceUsd: number; native: boolean; iconUrl?: string }

type DenomMetadata = { base?: unknown; display?: unknown; name?: unknown; symbol?: unknown; denom_units?: { denom?: unknown; exponent?: unknown }[] }

/**
 * The chain's denoms from its REST gateway's bank metadata (`/cosmos/bank/v1beta1/denoms_metadata`)
 * and the configuration: the native denom is the one whose metadata symbol is the native
 * currency's; `tokens` (whose `address` is a denom) add names and prices. A failed metadata read
 * leaves only what the configuration knows.
 *
 * @param chain a cosmos chain whose `rpcUrl` serves the REST gateway
 * @param timeoutMs how long the read may take
 * @returns a lookup by denom (unknown denoms: shown in base units, unpriced)
 * @example
 * const denomOf = await readCosmosDenoms(chain, 5_000)
 * denomOf('uatom').symbol
 */
export async function readCosmosDenoms(chain: ChainConfig, timeoutMs: number): Promise<(denom: string) => CosmosDenom> {
  let metadatas: DenomMetadata[] = []
  try {
    const response = await fetch(`${chain.rpcUrl}/cosmos/bank/v1beta1/denoms_metadata?pagination.limit=200`, { signal: AbortSignal.timeout(timeoutMs) })
    const body = response.ok ? ((await response.json()) as { metadatas?: unknown }) : {}
    if (Array.isArray(body.metadatas)) metadatas = body.metadatas as DenomMetadata[]
  } catch {
    // the configuration's names still apply
  }
  const known = new Map<string, CosmosDenom>()
  for (const meta of metadatas) {
    if (typeof meta?.base !== 'string') continue
    const exponent = meta.denom_units?.find((unit) => unit.denom === meta.display)?.exponent
    const native = meta.symbol === chain.nativeCurrency.symbol
    known.set(meta.base, {
      denom: meta.base,
      name: native ? chain.nativeCurrency.name : typeof meta.name === 'string' ? meta.name : meta.base,
      symbol: native ? chain.nativeCurrency.symbol : typeof meta.symbol === 'string' ? meta.symbol : meta.base,
      decimals: native ? chain.nativeCurrency.decimals : typeof exponent === 'number' && Number.isSafeInteger(exponent) && exponent >= 0 && exponent <= 30 ? exponent : 0,
      priceUsd: native ? (chain.nativePriceUsd ?? 0) : 0,
      native,
    })
  }
  for (const token of chain.tokens ?? []) {
    known.set(token.address, { denom: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals, priceUsd: token.priceUsd, native: false, ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}) })
  }
  return (denom) => known.get(denom) ?? { denom, name: denom, symbol: denom, decimals: 0, priceUsd: 0, native: false }
}
