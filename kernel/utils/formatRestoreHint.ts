import type { RestoreHint } from '../types/restoreHint.js'

/**
 * The restore hint as a cookie value (`eip155=io.metamask&solana=app.phantom`, %-escaped; an
 * entry with its account adds it after a colon, `eip155=io.metamask:eip155%3A1%3A0x…`): only
 * characters a cookie value may hold. `readRestoreHint` reads it back.
 *
 * @example
 * formatRestoreHint({ connections: { eip155: { connectorId: 'io.metamask' } } }) // 'eip155=io.metamask'
 */
export function formatRestoreHint(hint: RestoreHint): string {
  return Object.entries(hint.connections)
    .flatMap(([namespace, entry]) =>
      entry ? [`${encodeURIComponent(namespace)}=${encodeURIComponent(entry.connectorId)}${entry.caipAddress ? `:${encodeURIComponent(entry.caipAddress)}` : ''}`] : [],
    )
    .join('&')
}
