import type { StacksWalletDialect } from '../discovery/createStacksWalletDiscovery.js'

/** What Xverse's stx_* schemas do not take (sats-connect strips unknown keys; the wallet picks fee and network itself). */
const notForXverse = new Set(['network', 'address', 'sender', 'fee', 'nonce'])

/**
 * A request in the WalletConnect `stacks` vocabulary (`stx_transferStx { sender, … }`, the signer's
 * requests) as a SIP-030 wallet of the page takes it: the SIP-030 wallets (Leather, the dev wallet)
 * name the account `address`, not `sender`; Xverse's schemas take neither, nor `network`, `fee` or
 * `nonce`. Other methods and non-object params pass unchanged.
 *
 * @param dialect the wallet's dialect
 * @param method the method
 * @param params the params as the signer or `portico.request` gave them
 * @returns the params to send
 * @example
 * stacksWalletParams('sip030', 'stx_transferStx', { sender: 'ST…', recipient, amount: '5' }) // { address: 'ST…', recipient, amount: '5' }
 */
export function stacksWalletParams(dialect: StacksWalletDialect, method: string, params: unknown): unknown {
  if (!method.startsWith('stx_') || typeof params !== 'object' || params === null || Array.isArray(params)) return params
  const entries = Object.entries(params as Record<string, unknown>)
  if (dialect === 'satsConnect') return Object.fromEntries(entries.filter(([key]) => !notForXverse.has(key)))
  return Object.fromEntries(entries.map(([key, value]) => [key === 'sender' ? 'address' : key, value]))
}
