import type { CaipAddress } from '../types/caip.js'
import { parseCaipAddress } from './parseCaipAddress.js'

/**
 * Whether a value is a well-formed CAIP-10 account id (never throws).
 *
 * @example
 * isCaipAddress('eip155:1:0xab16…') // true
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  try {
    parseCaipAddress(value as string)
    return true
  } catch {
    return false
  }
}
