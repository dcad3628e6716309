import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'
import { parseCaipNetworkId } from './parseCaipNetworkId.js'

export type FormatCaipNetworkIdParameters = { namespace: ChainNamespace; reference: string | number }
export type FormatCaipNetworkIdReturnType = CaipNetworkId

/**
 * Builds a CAIP-2 chain id from its parts, validating the result.
 *
 * @example
 * formatCaipNetworkId({ namespace: 'eip155', reference: 31337 }) // 'eip155:31337'
 */
export function formatCaipNetworkId({ namespace, reference }: FormatCaipNetworkIdParameters): FormatCaipNetworkIdReturnType {
  return parseCaipNetworkId(`${namespace}:${reference}`).caipNetworkId
}
