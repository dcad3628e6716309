import type { SiwxSession } from '../types.js'

const str = (v: unknown, max = 10_000): v is string => typeof v === 'string' && v.length > 0 && v.length <= max

/**
 * Whether a value has the shape of a sign-in session (whatever a store returns is checked
 * before it is trusted; the signature is verified separately).
 *
 * @example
 * sessions.filter(isSiwxSession)
 */
export function isSiwxSession(value: unknown): value is SiwxSession {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const s = value as Record<string, unknown>
  const d = s.data as Record<string, unknown> | undefined
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return false
  return (
    str(s.message) &&
    str(s.signature) &&
    str(d.domain, 253) &&
    str(d.accountAddress, 128) &&
    str(d.chainId, 41) &&
    str(d.uri, 2048) &&
    d.version === '1' &&
    str(d.nonce, 128) &&
    str(d.issuedAt, 64) &&
    (d.statement === undefined || typeof d.statement === 'string') &&
    (d.expirationTime === undefined || typeof d.expirationTime === 'string') &&
    (d.notBefore === undefined || typeof d.notBefore === 'string') &&
    (d.requestId === undefined || typeof d.requestId === 'string') &&
    (d.resources === undefined || (Array.isArray(d.resources) && d.resources.every((r) => typeof r === 'string'))) &&
    (s.id === undefined || typeof s.id === 'string')
  )
}
