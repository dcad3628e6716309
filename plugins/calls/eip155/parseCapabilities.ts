import { parseChainId, type CaipNetworkId } from '../../../kernel/kernel.js'
import { InvalidWalletAnswerError } from '../errors.js'
import type { WalletCapabilitiesByChain } from '../types.js'

const method = 'wallet_getCapabilities'

/**
 * Checks a wallet's `wallet_getCapabilities` answer (an object keyed by hex chain id, each value
 * an object of capabilities) and keys it by CAIP-2. Anything else is refused whole.
 *
 * @throws InvalidWalletAnswerError for a hostile or malformed answer
 * @example
 * parseCapabilities({ '0x7a69': { atomic: { status: 'supported' } } }) // { 'eip155:31337': { atomic: … } }
 */
export function parseCapabilities(answer: unknown): WalletCapabilitiesByChain {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new InvalidWalletAnswerError({ method, reason: 'not an object keyed by chain id' })
  const entries = Object.entries(answer as Record<string, unknown>)
  if (entries.length > 512) throw new InvalidWalletAnswerError({ method, reason: 'too many chains' })
  const result: WalletCapabilitiesByChain = {}
  for (const [key, value] of entries) {
    // EIP-5792 allows 0x0 for capabilities on every chain; keep it as eip155:0.
    const id = key === '0x0' ? 0 : /^0x[0-9a-fA-F]{1,16}$/.test(key) ? parseChainId(key) : undefined
    if (id === undefined) throw new InvalidWalletAnswerError({ method, reason: `"${key.slice(0, 40)}" is not a hex chain id` })
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidWalletAnswerError({ method, reason: `the capabilities of ${key} are not an object` })
    const capabilities: Record<string, unknown> = {}
    for (const [name, capability] of Object.entries(value as Record<string, unknown>)) {
      if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue
      capabilities[name] = capability
    }
    result[`eip155:${id}` as CaipNetworkId] = capabilities
  }
  return result
}
