import { InvalidCaipNetworkIdError } from '../errors/caip.js'
import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'

// CAIP-2: namespace [-a-z0-9]{3,8}, reference [-_a-zA-Z0-9]{1,32}.
const namespacePattern = /^[-a-z0-9]{3,8}$/
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/

export type ParseCaipNetworkIdParameters = string
export type ParseCaipNetworkIdReturnType = { namespace: ChainNamespace; reference: string; caipNetworkId: CaipNetworkId }
export type ParseCaipNetworkIdErrorType = InvalidCaipNetworkIdError

/**
 * Parses a CAIP-2 chain id into its namespace and reference.
 *
 * @param value - e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`
 * @returns `{ namespace, reference, caipNetworkId }`
 * @throws {InvalidCaipNetworkIdError} 'Invalid CAIP-2 network id' unless exactly two valid parts.
 * @example
 * parseCaipNetworkId('eip155:31337') // { namespace: 'eip155', reference: '31337', caipNetworkId: 'eip155:31337' }
 */
export function parseCaipNetworkId(value: ParseCaipNetworkIdParameters): ParseCaipNetworkIdReturnType {
  if (typeof value !== 'string' || value.length > 41) throw new InvalidCaipNetworkIdError({ value })
  const parts = value.split(':')
  if (parts.length !== 2) throw new InvalidCaipNetworkIdError({ value })
  const [namespace, reference] = parts as [string, string]
  if (!namespacePattern.test(namespace) || !referencePattern.test(reference)) {
    throw new InvalidCaipNetworkIdError({ value })
  }
  return { namespace, reference, caipNetworkId: value as CaipNetworkId }
}
