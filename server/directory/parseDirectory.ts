import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import { isWalletId } from '../utils/isWalletId.js'
import type { WcWallet } from './WcWallet.js'

const linkFields = ['homepage', 'mobile_link', 'desktop_link', 'webapp_link', 'link_mode', 'app_store', 'play_store', 'chrome_store'] as const

/**
 * Checks a parsed directory file and returns its entries. A malformed entry is an error that
 * names the entry and the field, so a self-hoster editing the file sees what to fix.
 *
 * @param value - the parsed JSON (an array of `WcWallet`)
 * @returns the entries
 * @throws {Error} on the first malformed entry or a duplicate id
 * @example
 * parseDirectory(JSON.parse(readFileSync('wallets.json', 'utf8')))
 */
export function parseDirectory(value: unknown): WcWallet[] {
  if (!Array.isArray(value)) throw new Error('Wallet directory must be a JSON array')
  const ids = new Set<string>()
  value.forEach((entry: unknown, index) => {
    const where = `Wallet directory entry ${index}`
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${where} is not an object`)
    const w = entry as Record<string, unknown>
    if (typeof w.id !== 'string' || !isWalletId(w.id)) throw new Error(`${where}: id must match [A-Za-z0-9._-]{1,128}`)
    if (ids.has(w.id)) throw new Error(`${where}: duplicate id ${w.id}`)
    ids.add(w.id)
    if (typeof w.name !== 'string' || w.name.trim() === '' || w.name.length > 100) throw new Error(`${where}: name must be 1-100 characters`)
    if (w.image_id != null && (typeof w.image_id !== 'string' || !isWalletId(w.image_id))) throw new Error(`${where}: image_id is malformed`)
    if (w.rdns != null && (typeof w.rdns !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(w.rdns))) throw new Error(`${where}: rdns is malformed`)
    for (const field of linkFields) {
      const link = w[field]
      if (link == null) continue
      if (typeof link !== 'string' || !/^[a-z][a-z0-9+.-]*:/i.test(link) || /^(javascript|data|vbscript):/i.test(link)) {
        throw new Error(`${where}: ${field} must be a URL with a safe scheme`)
      }
    }
    if (w.chains !== undefined && (!Array.isArray(w.chains) || !w.chains.every((c) => isCaipNetworkId(c)))) {
      throw new Error(`${where}: chains must be CAIP-2 ids`)
    }
    if (w.namespaces !== undefined && (!Array.isArray(w.namespaces) || !w.namespaces.every((n) => typeof n === 'string' && /^[-a-z0-9]{3,8}$/.test(n)))) {
      throw new Error(`${where}: namespaces must be CAIP-2 namespaces`)
    }
    if (w.badge_type !== undefined && w.badge_type !== 'none' && w.badge_type !== 'certified') {
      throw new Error(`${where}: badge_type must be 'none' or 'certified'`)
    }
    if (w.order != null && (typeof w.order !== 'number' || !Number.isFinite(w.order))) throw new Error(`${where}: order must be a number`)
    if (w.injected != null && (!Array.isArray(w.injected) || !w.injected.every((i) => typeof i === 'object' && i !== null))) {
      throw new Error(`${where}: injected must be an array of objects or null`)
    }
  })
  return value as WcWallet[]
}
