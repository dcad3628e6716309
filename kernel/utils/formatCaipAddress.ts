import { InvalidCaipAddressError } from '../errors/caip.js'
import type { CaipAddress, CaipNetworkId } from '../types/caip.js'
import { parseCaipAddress } from './parseCaipAddress.js'
import { parseCaipNetworkId } from './parseCaipNetworkId.js'

export type FormatCaipAddressParameters = { caipNetworkId: CaipNetworkId | string; address: string }
export type FormatCaipAddressReturnType = CaipAddress
export type FormatCaipAddressErrorType = InvalidCaipAddressError

/**
 * Builds a CAIP-10 account id from a CAIP-2 chain id and a plain address, validating both.
 *
 * @example
 * formatCaipAddress({ caipNetworkId: 'eip155:1', address: '0xab16…' }) // 'eip155:1:0xab16…'
 */
export function formatCaipAddress({ caipNetworkId, address }: FormatCaipAddressParameters): FormatCaipAddressReturnType {
  let network: ReturnType<typeof parseCaipNetworkId>
  try {
    network = parseCaipNetworkId(caipNetworkId)
  } catch (cause) {
    throw new InvalidCaipAddressError({ value: `${String(caipNetworkId)}:${String(address)}`, cause })
  }
  return parseCaipAddress(`${network.caipNetworkId}:${address}`).caipAddress
}
