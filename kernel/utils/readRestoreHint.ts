import { restoreCookieName, restoreHintLimits, type RestoreHint } from '../types/restoreHint.js'
import { isRestoreHint } from './isRestoreHint.js'

export type ReadRestoreHintParameters = {
  /** The cookie's name, when the site renamed it (default `portico.restore`). */
  name?: string
}

export type ReadRestoreHintReturnType = RestoreHint | undefined

/**
 * Reads the restore hint from a request's `Cookie` header (Node or any server; no DOM). A missing,
 * corrupt, oversized or hostile value gives `undefined`: the page then renders "Connect Wallet",
 * as it would without the cookie. Never throws.
 *
 * @param cookieHeader - the request's `Cookie` header (`req.headers.cookie`), or `document.cookie`
 * @returns the hint to pass to `<PorticoProvider restoreHint>`, or `undefined`
 * @example
 * const hint = readRestoreHint(request.headers.cookie)
 * renderToString(<PorticoProvider portico={portico} restoreHint={hint}><ConnectButton /></PorticoProvider>)
 */
export function readRestoreHint(cookieHeader: unknown, { name = restoreCookieName }: ReadRestoreHintParameters = {}): ReadRestoreHintReturnType {
  if (typeof cookieHeader !== 'string' || cookieHeader.length === 0 || cookieHeader.length > restoreHintLimits.header) return undefined
  let value: string | undefined
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== name) continue
    // Two cookies of the name (another path or domain): ambiguous, so none.
    if (value !== undefined) return undefined
    value = part.slice(index + 1).trim()
  }
  if (!value || value.length > restoreHintLimits.value || !/^[A-Za-z0-9%&=._~*+!'()-]+$/.test(value)) return undefined
  const connections: Record<string, { connectorId: string }> = Object.create(null)
  try {
    for (const pair of value.split('&')) {
      const index = pair.indexOf('=')
      if (index <= 0) return undefined
      const namespace = decodeURIComponent(pair.slice(0, index))
      const connectorId = decodeURIComponent(pair.slice(index + 1))
      if (namespace in connections) return undefined
      connections[namespace] = { connectorId }
    }
  } catch {
    return undefined // a malformed %-escape
  }
  const hint = { connections: { ...connections } }
  return isRestoreHint(hint) ? hint : undefined
}
