import { restoreHintLimits, type RestoreHint } from '../types/restoreHint.js'

const namespacePattern = /^[-a-z0-9]{3,8}$/
// Printable, no spaces or controls: what a connector id looks like (rdns, directory ids, …).
const connectorIdPattern = /^[\x21-\x7e]+$/

/**
 * Whether a value is a well-formed restore hint: `{ connections: { [namespace]: { connectorId } } }`
 * with CAIP-2 namespaces and printable connector ids (never throws).
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
    const { connectorId } = entry as { connectorId?: unknown }
    return typeof connectorId === 'string' && connectorId.length <= restoreHintLimits.connectorId && connectorIdPattern.test(connectorId)
  })
}
