/** The connector id WalletConnect connections carry in every namespace. */
export const walletConnectConnectorId = 'walletConnect'

/** Portico storage key (under `@portico/`) of the live session's topic: what "reload" restores. */
export const sessionTopicKey = 'walletconnect_session_topic'

/** The pairing window (spec §9): 4 minutes. */
export const pairingWindowMs = 4 * 60_000

/** A stored session topic: 32 bytes in hex. */
export function isSessionTopic(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
}
