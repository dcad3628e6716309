import type { CaipNetworkId } from '../types/caip.js'

/**
 * An eip155 CAIP-2 id as the hex chain id EIP-1193 and EIP-5792 requests carry (`eip155:31337` →
 * `0x7a69`): the inverse of {@link parseChainId} for a configured network.
 *
 * @param caipNetworkId - an `eip155:<decimal>` CAIP-2 id
 * @returns the chain id as `0x` hex
 * @example
 * toHexChainId('eip155:31337') // '0x7a69'
 */
export function toHexChainId(caipNetworkId: CaipNetworkId): `0x${string}` {
  return `0x${Number(caipNetworkId.split(':')[1]).toString(16)}`
}
