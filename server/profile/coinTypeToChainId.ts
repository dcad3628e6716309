/**
 * The EVM chain id of an ENSIP-11 coin type: 60 is Ethereum mainnet (chain 1); `0x80000000 | id`
 * is chain `id`. Anything else is `undefined`.
 *
 * @param coinType - e.g. 2147514985 (0x80000000 | 31337)
 * @returns the chain id, or undefined
 * @example
 * coinTypeToChainId(0x80000000 + 31337) // 31337
 */
export function coinTypeToChainId(coinType: unknown): number | undefined {
  if (typeof coinType !== 'number' || !Number.isSafeInteger(coinType) || coinType < 0) return undefined
  if (coinType === 60) return 1
  if (coinType >= 0x80000000 && coinType <= 0xffffffff) {
    const chainId = coinType - 0x80000000
    return chainId > 0 ? chainId : undefined
  }
  return undefined
}

/**
 * The ENSIP-11 coin type of an EVM chain id (60 for Ethereum mainnet).
 *
 * @example
 * chainIdToCoinType(31337) // 2147514985
 */
export function chainIdToCoinType(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
