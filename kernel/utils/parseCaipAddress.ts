import { InvalidCaipAddressError } from '../errors/caip.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types/caip.js'

const namespacePattern = /^[-a-z0-9]{3,8}$/
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/
// CAIP-10 account_address: [-.%a-zA-Z0-9]{1,128}
const addressPattern = /^[-.%a-zA-Z0-9]{1,128}$/

export type ParseCaipAddressParameters = string
export type ParseCaipAddressReturnType = {
  namespace: ChainNamespace
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
  caipAddress: CaipAddress
}
export type ParseCaipAddressErrorType = InvalidCaipAddressError

/**
 * Parses a CAIP-10 account id.
 *
 * @param value - e.g. `eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb`
 * @returns the namespace, reference, plain address and the CAIP-2 id
 * @throws {InvalidCaipAddressError} 'Invalid CAIP-10 address' unless exactly three valid parts.
 * @example
 * parseCaipAddress('eip155:1:0xab16…').address
 */
export function parseCaipAddress(value: ParseCaipAddressParameters): ParseCaipAddressReturnType {
  if (typeof value !== 'string' || value.length > 170) throw new InvalidCaipAddressError({ value })
  const parts = value.split(':')
  if (parts.length !== 3) throw new InvalidCaipAddressError({ value })
  const [namespace, reference, address] = parts as [string, string, string]
  if (!namespacePattern.test(namespace) || !referencePattern.test(reference) || !addressPattern.test(address)) {
    throw new InvalidCaipAddressError({ value })
  }
  return {
    namespace,
    reference,
    address,
    caipNetworkId: `${namespace}:${reference}`,
    caipAddress: value as CaipAddress,
  }
}
