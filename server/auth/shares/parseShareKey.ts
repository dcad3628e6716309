import { AuthConfigError } from '../AuthConfigError.js'

/**
 * Reads a 32-byte key given as 64 hex digits or as base64 (or base64url).
 *
 * @param field - the config field, for the error message
 * @param value - the configured string
 * @returns the key bytes; throws {@link AuthConfigError} otherwise
 * @example
 * parseShareKey('auth.shareKey', randomBytes(32).toString('hex')).length // 32
 */
export function parseShareKey(field: string, value: unknown): Buffer {
  if (typeof value === 'string') {
    if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex')
    if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
      const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      if (bytes.length === 32) return bytes
    }
  }
  throw new AuthConfigError(`${field} must be a 32-byte key: 64 hex digits or base64 (e.g. openssl rand -hex 32)`)
}
