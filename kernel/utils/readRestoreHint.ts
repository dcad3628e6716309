import { StorageValueDroppedError } from '../errors/storage.js'
import type { CaipAddress } from '../types/caip.js'
import { restoreCookieName, restoreHintLimits, type RestoreHint, type RestoreHintConnection } from '../types/restoreHint.js'
import { isRestoreHint } from './isRestoreHint.js'

export type ReadRestoreHintParameters = {
  /** The cookie's name, when the site renamed it (default `portico.restore`). */
  name?: string
  /** Called when the cookie is there but was dropped (corrupt, hostile, doubled): log or count it. */
  onError?: (error: StorageValueDroppedError) => void
}

export type ReadRestoreHintReturnType = RestoreHint | undefined

/**
 * Reads the restore hint from a request's `Cookie` header (Node or any server; no DOM). A missing,
 * corrupt, oversized or hostile value gives `undefined` (a present one that is dropped is passed
 * to `onError`): the page then renders "Connect Wallet", as it would without the cookie. Never throws.
 *
 * @param cookieHeader - the request's `Cookie` header (`req.headers.cookie`), or `document.cookie`
 * @returns the hint to pass to `<PorticoProvider restoreHint>`, or `undefined`
 * @example
 * const hint = readRestoreHint(request.headers.cookie)
 * renderToString(<PorticoProvider portico={portico} restoreHint={hint}><ConnectButton /></PorticoProvider>)
 */
export function readRestoreHint(cookieHeader: unknown, { name = restoreCookieName, onError }: ReadRestoreHintParameters = {}): ReadRestoreHintReturnType {
  if (typeof cookieHeader !== 'string' || cookieHeader.length === 0 || cookieHeader.length > restoreHintLimits.header) return undefined
  let value: string | undefined
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== name) continue
    // Two cookies of the name (another path or domain): ambiguous, so none.
    if (value !== undefined) return dropped(name, 'two cookies of the name', onError)
    value = part.slice(index + 1).trim()
  }
  // None, or one being removed (`portico.restore=; Max-Age=0`).
  if (!value) return undefined
  const hint = value.length <= restoreHintLimits.value && /^[A-Za-z0-9%&=._~*+!'():-]+$/.test(value) ? parse(value) : undefined
  return hint && isRestoreHint(hint) ? hint : dropped(name, 'not a restore hint', onError)
}

function parse(value: string): RestoreHint | undefined {
  const connections: Record<string, RestoreHintConnection> = Object.create(null)
  try {
    for (const pair of value.split('&')) {
      const index = pair.indexOf('=')
      if (index <= 0) return undefined
      const namespace = decodeURIComponent(pair.slice(0, index))
      // `connectorId` or `connectorId:caipAddress`, each %-escaped (so neither holds a raw colon).
      const [connectorId, caipAddress, ...rest] = pair.slice(index + 1).split(':').map(decodeURIComponent)
      if (namespace in connections || rest.length > 0) return undefined
      connections[namespace] = { connectorId: connectorId as string, ...(caipAddress === undefined ? {} : { caipAddress: caipAddress as CaipAddress }) }
    }
  } catch {
    return undefined // a malformed %-escape
  }
  return { connections: { ...connections } }
}

function dropped(name: string, reason: string, onError: ReadRestoreHintParameters['onError']): undefined {
  try {
    onError?.(new StorageValueDroppedError({ key: name, reason }))
  } catch {
    // the site's callback failed: the hint is dropped all the same
  }
  return undefined
}
