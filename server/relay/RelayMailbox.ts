import type { Database, Statement, Transaction } from 'better-sqlite3'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'

/** One stored message. Times are in milliseconds. */
export type RelayStoredMessage = {
  rowId: number
  topic: string
  message: string
  /** Client id (did:key) of the publisher, who never gets its own message back. */
  publisher: string
  tag: number
  publishedAt: number
  expiresAt: number
  /** The publisher's Verify attestation, `''` when it sent none. */
  attestation: string
}

/** A message to store; `publisher` is the client id (did:key) of its sender. */
export type RelayNewMessage = {
  topic: string
  message: string
  publisher: string
  tag: number
  ttlSeconds: number
  /** The publisher's Verify attestation; `''` when none was sent. */
  attestation?: string
}

type Row = {
  row_id: number
  topic: string
  message: string
  publisher: string
  tag: number
  published_at: number
  expires_at: number
  attestation: string
}

function toMessage(row: Row): RelayStoredMessage {
  return {
    rowId: row.row_id,
    topic: row.topic,
    message: row.message,
    publisher: row.publisher,
    tag: row.tag,
    publishedAt: row.published_at,
    expiresAt: row.expires_at,
    attestation: row.attestation,
  }
}

/**
 * The relay's mailbox in SQLite (table `relay_messages`): every published message stays until a
 * recipient acknowledges it or its TTL passes, so a peer that subscribes later (or after a relay
 * restart) still gets it. A message published twice on one topic is stored once.
 *
 * @example
 * const mailbox = new RelayMailbox(db, Date.now)
 * mailbox.store({ topic, message, publisher, tag: 1108, ttlSeconds: 300 })
 */
export class RelayMailbox {
  readonly #now: () => number
  readonly #insert: Statement
  readonly #countTopic: Statement
  readonly #usage: Statement
  readonly #pending: Statement
  readonly #delete: Statement
  readonly #deleteExpired: Statement
  readonly #storeAll: Transaction<(entries: RelayNewMessage[]) => RelayStoredMessage[]>

  constructor(db: Database, now: () => number) {
    this.#now = now
    db.exec(`
      CREATE TABLE IF NOT EXISTS relay_messages (
        row_id INTEGER PRIMARY KEY AUTOINCREMENT,
        topic TEXT NOT NULL,
        digest TEXT NOT NULL,
        message TEXT NOT NULL,
        publisher TEXT NOT NULL,
        tag INTEGER NOT NULL DEFAULT 0,
        published_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attestation TEXT NOT NULL DEFAULT '',
        UNIQUE (topic, digest)
      );
      CREATE INDEX IF NOT EXISTS relay_messages_by_topic ON relay_messages (topic, expires_at);
      CREATE INDEX IF NOT EXISTS relay_messages_by_expiry ON relay_messages (expires_at);
    `)
    // A mailbox written by an older relay has no attestation column yet.
    const columns = db.prepare('PRAGMA table_info(relay_messages)').all() as { name: string }[]
    if (!columns.some((column) => column.name === 'attestation')) {
      db.exec("ALTER TABLE relay_messages ADD COLUMN attestation TEXT NOT NULL DEFAULT ''")
    }
    db.exec('CREATE INDEX IF NOT EXISTS relay_messages_by_publisher ON relay_messages (publisher, expires_at)')
    // A message already stored on the topic is not stored again, unless the stored copy expired.
    this.#insert = db.prepare(
      `INSERT INTO relay_messages (topic, digest, message, publisher, tag, published_at, expires_at, attestation)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (topic, digest) DO UPDATE SET
         message = excluded.message, publisher = excluded.publisher, tag = excluded.tag,
         published_at = excluded.published_at, expires_at = excluded.expires_at, attestation = excluded.attestation
       WHERE relay_messages.expires_at <= excluded.published_at
       RETURNING row_id`,
    )
    this.#countTopic = db
      .prepare('SELECT COUNT(*) FROM relay_messages WHERE topic = ? AND expires_at > ?')
      .pluck()
    this.#usage = db.prepare(
      'SELECT COUNT(*) AS messages, COALESCE(SUM(LENGTH(CAST(message AS BLOB))), 0) AS bytes FROM relay_messages WHERE publisher = ? AND expires_at > ?',
    )
    this.#pending = db.prepare(
      `SELECT row_id, topic, message, publisher, tag, published_at, expires_at, attestation FROM relay_messages
       WHERE topic = ? AND expires_at > ? AND publisher <> ? ORDER BY row_id LIMIT ?`,
    )
    this.#delete = db.prepare('DELETE FROM relay_messages WHERE row_id = ?')
    this.#deleteExpired = db.prepare('DELETE FROM relay_messages WHERE expires_at <= ?')
    this.#storeAll = db.transaction((entries: RelayNewMessage[]) =>
      entries.flatMap((entry) => this.store(entry) ?? []),
    )
  }

  /**
   * Stores several messages in one transaction: all of them or, when storage fails, none.
   * Returns those stored (a message already stored on its topic is skipped).
   */
  storeAll(entries: RelayNewMessage[]): RelayStoredMessage[] {
    return this.#storeAll(entries)
  }

  /**
   * Stores a message. Returns the stored message, or undefined when the same message is already
   * stored on that topic (a client's retried publish).
   */
  store(parameters: RelayNewMessage): RelayStoredMessage | undefined {
    const now = this.#now()
    const digest = bytesToHex(sha256(utf8ToBytes(parameters.message)))
    const expiresAt = now + parameters.ttlSeconds * 1000
    const row = this.#insert.get(
      parameters.topic,
      digest,
      parameters.message,
      parameters.publisher,
      parameters.tag,
      now,
      expiresAt,
      parameters.attestation ?? '',
    ) as { row_id: number } | undefined
    if (row === undefined) return undefined
    return {
      rowId: row.row_id,
      topic: parameters.topic,
      message: parameters.message,
      publisher: parameters.publisher,
      tag: parameters.tag,
      publishedAt: now,
      expiresAt,
      attestation: parameters.attestation ?? '',
    }
  }

  /** Unexpired messages stored on `topic`. */
  count(topic: string): number {
    return this.#countTopic.get(topic, this.#now()) as number
  }

  /** Unexpired messages stored by `publisher`, and their total size in bytes (the per-client quota). */
  usage(publisher: string): { messages: number; bytes: number } {
    return this.#usage.get(publisher, this.#now()) as { messages: number; bytes: number }
  }

  /** Unexpired messages on `topic` not published by `recipient`, oldest first. */
  pending(topic: string, recipient: string, limit: number): RelayStoredMessage[] {
    return (this.#pending.all(topic, this.#now(), recipient, limit) as Row[]).map(toMessage)
  }

  /** Deletes one message (acknowledged or fetched). */
  delete(rowId: number): void {
    this.#delete.run(rowId)
  }

  /** Deletes every expired message; returns how many. */
  deleteExpired(): number {
    return this.#deleteExpired.run(this.#now()).changes
  }
}
