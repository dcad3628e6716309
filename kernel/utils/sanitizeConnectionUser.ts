import type { ConnectionUser } from '../types/connection.js'

const limits = { provider: 60, email: 254, handle: 100, name: 200 } as const

/**
 * The part of a connector's `user` the kernel keeps: string fields only, trimmed, within length
 * limits; `undefined` when there is no usable provider (a malformed user is dropped, not a crash).
 *
 * @example
 * sanitizeConnectionUser({ provider: 'email', email: ' alice@example.com ' }) // { provider: 'email', email: 'alice@example.com' }
 */
export function sanitizeConnectionUser(user: unknown): ConnectionUser | undefined {
  if (!user || typeof user !== 'object') return undefined
  const record = user as Record<string, unknown>
  const read = (key: keyof typeof limits): string | undefined => {
    const value = record[key]
    if (typeof value !== 'string') return undefined
    const trimmed = value.trim()
    return trimmed.length > 0 && trimmed.length <= limits[key] ? trimmed : undefined
  }
  const provider = read('provider')
  if (!provider) return undefined
  const email = read('email')
  const handle = read('handle')
  const name = read('name')
  return { provider, ...(email ? { email } : {}), ...(handle ? { handle } : {}), ...(name ? { name } : {}) }
}
