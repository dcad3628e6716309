import { InvalidWalletAnswerError } from '../errors.js'
import type { SendCallsResult } from '../types.js'

const method = 'wallet_sendCalls'

/**
 * Checks a wallet's `wallet_sendCalls` answer: `{ id, capabilities? }` (v2), or a bare id string
 * from a wallet still on v1. The id is 1–4096 printable characters.
 *
 * @throws InvalidWalletAnswerError for anything else
 * @example
 * parseSendCallsResult({ id: '0xab…' }) // { id: '0xab…' }
 */
export function parseSendCallsResult(answer: unknown): SendCallsResult {
  const raw = typeof answer === 'string' ? { id: answer } : answer
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidWalletAnswerError({ method, reason: 'not an object with an id' })
  const { id, capabilities } = raw as { id?: unknown; capabilities?: unknown }
  if (typeof id !== 'string' || !/^[\x21-\x7e]{1,4096}$/.test(id)) throw new InvalidWalletAnswerError({ method, reason: 'the id is missing or not 1–4096 printable characters' })
  if (id.startsWith('sequential:')) throw new InvalidWalletAnswerError({ method, reason: 'the id uses the prefix Portico keeps for its sequential fallback' })
  const caps = typeof capabilities === 'object' && capabilities !== null && !Array.isArray(capabilities) ? (capabilities as Record<string, unknown>) : undefined
  return { id, ...(caps ? { capabilities: caps } : {}) }
}
