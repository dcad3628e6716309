import type { CaipNetworkId } from '../../../kernel/kernel.js'

/**
 * An eip155 CAIP-2 id as the hex chain id EIP-5792 carries (`eip155:31337` → `0x7a69`).
 *
 * @example
 * toHexChainId('eip155:31337') // '0x7a69'
 */
export function toHexChainId(caipNetworkId: CaipNetworkId): `0x${string}` {
  return `0x${Number(caipNetworkId.split(':')[1]).toString(16)}`
}
