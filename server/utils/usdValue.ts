import { formatUnits } from 'viem'

/**
 * The USD value of an amount in base units at a USD price, computed exactly with integers and
 * turned into a number only at the end (no float multiplication of a rounded quantity).
 *
 * @param amount - base units
 * @param decimals - the token's decimals
 * @param priceUsd - USD per whole token (a finite number ≥ 0; anything else counts as 0)
 * @returns the value in USD
 * @example
 * usdValue(1_500_000_000_000_000_000n, 18, 3000) // 4500
 */
export function usdValue(amount: bigint, decimals: number, priceUsd: number): number {
  if (!Number.isFinite(priceUsd) || priceUsd <= 0 || amount === 0n) return 0
  const scale = 12
  const [whole, fraction = ''] = priceUsd.toFixed(scale).split('.')
  const price = BigInt(`${whole}${fraction}`)
  return Number(formatUnits(amount * price, decimals + scale))
}
