import { isCaipNetworkId, type CaipNetworkId, type ChainNamespace } from '../../../kernel/kernel.js'
import type { WcSession } from '../types.js'

/** What a session allows in one namespace: chains, accounts (per chain), methods and events. */
export type ApprovedNamespace = {
  chains: CaipNetworkId[]
  accounts: { caipNetworkId: CaipNetworkId; address: string }[]
  methods: string[]
  events: string[]
}

/** Hostile sessions can be huge: beyond these counts, entries are ignored. */
const maxEntries = 500
const maxLength = 256

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.slice(0, maxEntries).filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= maxLength)
}

/**
 * Reads what a settled session approved in `namespace`, from its `namespace` key and any
 * chain-specific `namespace:reference` key, keeping only well-formed CAIP-2 chains of that
 * namespace and CAIP-10 accounts on them. Malformed or oversized parts are dropped.
 *
 * @param session - the settled session
 * @param namespace - e.g. `eip155`
 * @param onChain - only the entries that cover this chain (methods and events are per chain)
 * @returns chains, accounts, methods and events (empty when the namespace was not approved)
 * @example
 * readApprovedNamespace(session, 'eip155').chains // ['eip155:31337', 'eip155:31338']
 */
export function readApprovedNamespace(session: WcSession | undefined, namespace: ChainNamespace, onChain?: CaipNetworkId): ApprovedNamespace {
  const result: ApprovedNamespace = { chains: [], accounts: [], methods: [], events: [] }
  const namespaces = session?.namespaces
  if (!namespaces || typeof namespaces !== 'object') return result
  const chains = new Set<CaipNetworkId>()
  const methods = new Set<string>()
  const events = new Set<string>()
  const accounts = new Map<string, { caipNetworkId: CaipNetworkId; address: string }>()
  for (const [key, entry] of Object.entries(namespaces).slice(0, maxEntries)) {
    if (!entry || typeof entry !== 'object') continue
    if (key !== namespace && !key.startsWith(`${namespace}:`)) continue
    const keyChain = key.includes(':') && isCaipNetworkId(key) ? [key] : []
    const declared = [...strings(entry.chains), ...keyChain].filter((c) => isCaipNetworkId(c) && c.startsWith(`${namespace}:`)) as CaipNetworkId[]
    for (const account of strings(entry.accounts)) {
      const parts = account.split(':')
      if (parts.length !== 3 || !parts[2]) continue
      const caipNetworkId = `${parts[0]}:${parts[1]}`
      if (!isCaipNetworkId(caipNetworkId) || parts[0] !== namespace) continue
      accounts.set(`${caipNetworkId}:${parts[2]}`, { caipNetworkId: caipNetworkId as CaipNetworkId, address: parts[2] })
      if (!Array.isArray(entry.chains)) declared.push(caipNetworkId as CaipNetworkId)
    }
    if (onChain !== undefined && !declared.includes(onChain)) continue
    for (const chain of declared) chains.add(chain)
    for (const method of strings(entry.methods)) methods.add(method)
    for (const event of strings(entry.events)) events.add(event)
  }
  result.chains = [...chains]
  result.accounts = [...accounts.values()].filter((a) => chains.has(a.caipNetworkId))
  result.methods = [...methods]
  result.events = [...events]
  return result
}
