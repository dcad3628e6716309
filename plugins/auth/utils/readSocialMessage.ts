import type { SocialCallbackMessage } from '../protocol.js'

/**
 * The social callback page's message (`{ type: 'portico-auth:social', ticket | error }`), when the
 * `message` event comes from the wallet origin and has that shape; anything else is undefined
 * (another origin, another type, a malformed ticket or error).
 *
 * @example
 * readSocialMessage({ origin: walletOrigin, data: { type: 'portico-auth:social', ticket: 't' } }, walletOrigin)
 */
export function readSocialMessage(event: { origin?: unknown; data?: unknown }, walletOrigin: string): SocialCallbackMessage | undefined {
  if (!event || event.origin !== walletOrigin) return undefined
  const data = event.data as Record<string, unknown> | null | undefined
  if (!data || typeof data !== 'object' || data.type !== 'portico-auth:social') return undefined
  if (typeof data.ticket === 'string') return data.ticket.length > 0 && data.ticket.length <= 4096 ? { type: 'portico-auth:social', ticket: data.ticket } : undefined
  const error = data.error as Record<string, unknown> | null | undefined
  if (error && typeof error === 'object') {
    const code = typeof error.code === 'string' ? error.code.slice(0, 60) : 'PROVIDER_ERROR'
    const message = typeof error.message === 'string' ? error.message.slice(0, 200) : ''
    return { type: 'portico-auth:social', error: { code, message } }
  }
  return undefined
}
