import { bech32 } from '@scure/base'

/**
 * Whether `value` is a Cosmos SDK account address: bech32 (not bech32m), one case, at most 90
 * characters, 20 bytes (a key's address) or 32 bytes (module and interchain accounts), and, when
 * `prefix` is given, that human-readable part (`cosmos`, `osmo`, …).
 *
 * @param value the candidate
 * @param prefix the network's bech32 prefix, or undefined for any
 * @returns true when valid
 * @example
 * isCosmosAddress('cosmos1…', 'cosmos')
 */
export function isCosmosAddress(value: unknown, prefix?: string): value is string {
  if (typeof value !== 'string' || value.length > 90 || value !== value.toLowerCase()) return false
  try {
    const decoded = bech32.decode(value as `${string}1${string}`, 90)
    const length = bech32.fromWords(decoded.words).length
    return (length === 20 || length === 32) && (prefix === undefined || decoded.prefix === prefix)
  } catch {
    return false
  }
}
