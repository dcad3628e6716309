import type { CaipNetworkId } from '../types/caip.js'
import { parseCaipNetworkId } from './parseCaipNetworkId.js'

/**
 * Whether a value is a well-formed CAIP-2 chain id (never throws).
 *
 * @example
 * isCaipNetworkId('eip155:1') // true
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  try {
    parseCaipNetworkId(value as string)
    return true
  } catch {
    return false
  }
}
