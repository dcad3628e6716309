import type { RestoreHint } from '../types/restoreHint.js'

/**
 * The restore hint as a cookie value (`eip155=io.metamask&solana=app.phantom`, %-escaped): only
 * characters a cookie value may hold. `readRestoreHint` reads it back.
 *
 * @example
 * formatRestoreHint({ connections: { eip155: { connectorId: 'io.metamask' } } }) // 'eip155=io.metamask'
 */
export function formatRestoreHint(hint: RestoreHint): string {
  return Object.entries(hint.connections)
    .flatMap(([namespace, entry]) => (entry ? [`${encodeURIComponent(namespace)}=${encodeURIComponent(entry.connectorId)}`] : []))
    .join('&')
}
