import type { RelayStoredMessage } from './RelayMailbox.js'

/**
 * Carries the messages one relay instance stored to every other instance sharing its mailbox,
 * so each delivers them to its own subscribers. Absent (one process): delivery stays in-process.
 * The Redis implementation is {@link createRedisFanout}.
 *
 * @example
 * const fanout = createRedisFanout({ url: 'redis://127.0.0.1:6379' })
 * attachRelay(server, { path: '/relay', storage, fanout })
 */
export type RelayFanout = {
  /** Sends stored messages to the other instances (this instance already delivered them). */
  publish(messages: readonly RelayStoredMessage[]): Promise<void>
  /** Registers the handler that delivers a message another instance stored; returns its removal. */
  onMessage(handler: (message: RelayStoredMessage) => void): () => void
  /** Disconnects. Safe to call twice. */
  close(): Promise<void>
}
