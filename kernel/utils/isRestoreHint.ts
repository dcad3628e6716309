import { restoreHintLimits, type RestoreHint } from '../types/restoreHint.js'

const namespacePattern = /^[-a-z0-9]{3,8}$/
// Printable, no spaces or controls: what a connector id looks like (rdns, directory ids, …).
const connectorIdPattern = /^[\x21-\x7e]+$/
// A CAIP-10 account whose address is letters and digits only (every namespace's addresses are:
// hex, base58, bech32, SS58, c32), so a hostile cookie cannot make the button say anything else.
const caipAddressPattern = /^([-a-z0-9]{3,8}):[-_a-zA-Z0-9]{1,32}:([a-zA-Z0-9]{8,128})$/

/**
 * Whether a value is a well-formed restore hint: `{ connections: { [namespace]: { connectorId,
 * caipAddress? } } }` with CAIP-2 namespaces, printable connector ids and, when there is one, a
 * CAIP-10 account of that namespace, letters and digits, hex after a `0x` (never throws).
 *
 * @example
 * isRestoreHint({ connections: { eip155: { connectorId: 'io.metamask' } } }) // true
 */
export function isRestoreHint(value: unknown): value is RestoreHint {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const connections = (value as { connections?: unknown }).connections
  if (typeof connections !== 'object' || connections === null || Array.isArray(connections)) return false
  const entries = Object.entries(connections)
  if (entries.length > restoreHintLimits.namespaces) return false
  return entries.every(([namespace, entry]) => {
    if (!namespacePattern.test(namespace) || typeof entry !== 'object' || entry === null) return false
    const { connectorId, caipAddress } = entry as { connectorId?: unknown; caipAddress?: unknown }
    if (caipAddress !== undefined) {
      const match = typeof caipAddress === 'string' ? caipAddressPattern.exec(caipAddress) : null
      // An address written 0x… (EVM, Sui) is hex after it.
      if (!match || match[1] !== namespace || /^0x.*[^0-9a-fA-F]/.test(match[2] as string)) return false
    }
    return typeof connectorId === 'string' && connectorId.length <= restoreHintLimits.connectorId && connectorIdPattern.test(connectorId)
  })
}
