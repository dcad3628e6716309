/** A chain the wallet origin's server serves, as its frame page lists it (trusted: it comes from the wallet origin, not the site). */
export type FrameChain = {
  caipNetworkId: string
  name: string
  nativeCurrency: { symbol: string; decimals: number }
  /** Tokens the server knows (ERC-20 contract or SPL mint), for their symbol and decimals. */
  tokens?: { address: string; symbol: string; decimals: number }[]
  /** The embedded wallet's smart account on this chain (an ERC-4337 v0.7 SimpleAccountFactory and its EntryPoint), where the server has a bundler for it. */
  smartAccount?: { factory: `0x${string}`; entryPoint: `0x${string}` }
}

/**
 * How the approval screen names a network: the server's name for it and its CAIP-2 id, or the id
 * alone when the server does not serve it.
 *
 * @example
 * networkLabel('eip155:31337', chains) // 'Portico Devnet A (eip155:31337)'
 */
export function networkLabel(caipNetworkId: string, chains: readonly FrameChain[]): string {
  const chain = chains.find((c) => c.caipNetworkId === caipNetworkId)
  return chain ? `${chain.name} (${caipNetworkId})` : `${caipNetworkId} (not served by this wallet)`
}

/**
 * Formats a base-unit amount with its decimals, without rounding away what is there.
 *
 * @example
 * formatUnitsExact(10_000_000_000_000_000n, 18) // '0.01'
 */
export function formatUnitsExact(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`
}

/**
 * A fee for reading: at most four significant digits, rounded up (the visitor never sees less
 * than it may cost).
 *
 * @example
 * formatFeeUnits(21_035_284_326_000n, 18) // '0.00002104'
 */
export function formatFeeUnits(value: bigint, decimals: number): string {
  const digits = value.toString().length
  const drop = BigInt(Math.max(0, digits - 4))
  if (drop === 0n) return formatUnitsExact(value, decimals)
  const unit = 10n ** drop
  return formatUnitsExact(((value + unit - 1n) / unit) * unit, decimals)
}
