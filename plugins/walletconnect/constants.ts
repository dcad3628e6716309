/** The connector id WalletConnect connections carry in every namespace. */
export const walletConnectConnectorId = 'walletConnect'

/** Portico storage key (under `@portico/`) of the live session's topic: what "reload" restores. */
export const sessionTopicKey = 'walletconnect_session_topic'

/** The pairing window (spec §9): 4 minutes. */
export const pairingWindowMs = 4 * 60_000

/** A pairing is considered expired this long before its real end (spec §5). */
export const pairingExpiryMarginMs = 10_000

/** A stored session topic: 32 bytes in hex. */
export function isSessionTopic(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
}

/**
 * Portico storage key (under `@portico/`) of the pairing on screen: its topic and when its window
 * ends. Kept while the visitor may approve it in a wallet app (on a phone the page is often left,
 * even unloaded, meanwhile); gone once it settles, fails, is cancelled or is replaced.
 */
export const pendingPairingKey = 'walletconnect_pending_pairing'

/** A pairing shown to the visitor: its topic (32 bytes in hex) and the end of its window (ms since epoch). */
export type PendingPairing = { topic: string; expiresAt: number }

/** A stored pending pairing: a topic and a finite end. */
export function isPendingPairing(value: unknown): value is PendingPairing {
  if (typeof value !== 'object' || value === null) return false
  const { topic, expiresAt } = value as { topic?: unknown; expiresAt?: unknown }
  return isSessionTopic(topic) && typeof expiresAt === 'number' && Number.isFinite(expiresAt)
}
