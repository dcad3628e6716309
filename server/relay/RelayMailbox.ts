import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import type { SqlExecutor, SqlStorage } from '../storage/SqlStorage.js'

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
    rowId: Number(row.row_id),
    topic: row.topic,
    message: row.message,
    publisher: row.publisher,
    tag: Number(row.tag),
    publishedAt: Number(row.published_at),
    expiresAt: Number(row.expires_at),
    attestation: row.attestation,
  }
}

const insertSql = `INSERT INTO relay_messages (topic, digest, message, publisher, tag, published_at, expires_at, attestation)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (topic, digest) DO UPDATE SET
    message = excluded.message, publisher = excluded.publisher, tag = excluded.tag,
    published_at = excluded.published_at, expires_at = excluded.expires_at, attestation = excluded.attestation
  WHERE relay_messages.expires_at <= excluded.published_at
  RETURNING row_id`
const pendingSql = `SELECT row_id, topic, message, publisher, tag, published_at, expires_at, attestation FROM relay_messages
  WHERE topic = ? AND expires_at > ? AND publisher <> ? ORDER BY row_id LIMIT ?`

/**
 * The relay's mailbox (table `relay_messages`, created by migration 1 of server/storage): every
 * published message stays until a recipient acknowledges it or its TTL passes, so a peer that
 * subscribes later (after a relay restart, or on another instance sharing the Postgres
 * database) still gets it. A message published twice on one topic is stored once.
 *
 * @example
 * const mailbox = new RelayMailbox(await openStorage({ dataDir }), Date.now)
 * await mailbox.store({ topic, message, publisher, tag: 1108, ttlSeconds: 300 })
 */
export class RelayMailbox {
  readonly #storage: SqlStorage
  readonly #now: () => number
  readonly #ready: Promise<unknown>
  readonly #usageSql: string

  /**
   * @param storage - where the table lives (migrated)
   * @param now - the clock, in ms
   * @param ready - settles once `storage` is migrated; every method waits for it (default: already)
   */
  constructor(storage: SqlStorage, now: () => number, ready: Promise<unknown> = Promise.resolve()) {
    this.#storage = storage
    this.#now = now
    this.#ready = ready
    this.#usageSql = `SELECT COUNT(*) AS messages, COALESCE(SUM(${
      storage.dialect === 'postgres' ? 'OCTET_LENGTH(message)' : 'LENGTH(CAST(message AS BLOB))'
    }), 0) AS bytes FROM relay_messages WHERE publisher = ? AND expires_at > ?`
  }

  /**
   * Stores several messages in one transaction: all of them or, when storage fails, none.
   * Returns those stored (a message already stored on its topic is skipped).
   */
  async storeAll(entries: RelayNewMessage[]): Promise<RelayStoredMessage[]> {
    await this.#ready
    if (entries.length === 1) return this.#store(this.#storage, entries[0]!)
    return this.#storage.transaction(async (tx) => {
      const stored: RelayStoredMessage[] = []
      for (const entry of entries) stored.push(...(await this.#store(tx, entry)))
      return stored
    })
  }

  /**
   * Stores a message. Returns the stored message, or undefined when the same message is already
   * stored on that topic (a client's retried publish).
   */
  async store(parameters: RelayNewMessage): Promise<RelayStoredMessage | undefined> {
    await this.#ready
    return (await this.#store(this.#storage, parameters))[0]
  }

  async #store(target: SqlExecutor, parameters: RelayNewMessage): Promise<RelayStoredMessage[]> {
    const now = this.#now()
    const digest = bytesToHex(sha256(utf8ToBytes(parameters.message)))
    const expiresAt = now + parameters.ttlSeconds * 1000
    // A message already stored on the topic is not stored again, unless the stored copy expired.
    const rows = await target.query<{ row_id: number }>(insertSql, [
      parameters.topic,
      digest,
      parameters.message,
      parameters.publisher,
      parameters.tag,
      now,
      expiresAt,
      parameters.attestation ?? '',
    ])
    const row = rows[0]
    if (row === undefined) return []
    return [
      {
        rowId: Number(row.row_id),
        topic: parameters.topic,
        message: parameters.message,
        publisher: parameters.publisher,
        tag: parameters.tag,
        publishedAt: now,
        expiresAt,
        attestation: parameters.attestation ?? '',
      },
    ]
  }

  /** Unexpired messages stored on `topic`. */
  async count(topic: string): Promise<number> {
    await this.#ready
    const rows = await this.#storage.query<{ n: number }>('SELECT COUNT(*) AS n FROM relay_messages WHERE topic = ? AND expires_at > ?', [topic, this.#now()])
    return Number(rows[0]?.n ?? 0)
  }

  /** Unexpired messages stored by `publisher`, and their total size in bytes (the per-client quota). */
  async usage(publisher: string): Promise<{ messages: number; bytes: number }> {
    await this.#ready
    const rows = await this.#storage.query<{ messages: number; bytes: number }>(this.#usageSql, [publisher, this.#now()])
    return { messages: Number(rows[0]?.messages ?? 0), bytes: Number(rows[0]?.bytes ?? 0) }
  }

  /**
   * In one round trip: the unexpired messages stored on each of `topics`, and the `publisher`'s
   * usage (as {@link usage}). What a publish checks before storing.
   */
  async quota(topics: readonly string[], publisher: string): Promise<{ counts: Map<string, number>; usage: { messages: number; bytes: number } }> {
    await this.#ready
    const distinct = [...new Set(topics)]
    const now = this.#now()
    const rows = await this.#storage.query<{ topic: string | null; messages: number; bytes: number }>(
      `${this.#usageSql.replace('SELECT COUNT(*)', 'SELECT NULL AS topic, COUNT(*)')}${
        distinct.length === 0
          ? ''
          : ` UNION ALL SELECT topic, COUNT(*) AS messages, 0 AS bytes FROM relay_messages WHERE topic IN (${distinct.map(() => '?').join(', ')}) AND expires_at > ? GROUP BY topic`
      }`,
      [publisher, now, ...(distinct.length === 0 ? [] : [...distinct, now])],
    )
    const counts = new Map(distinct.map((topic) => [topic, 0]))
    let usage = { messages: 0, bytes: 0 }
    for (const row of rows) {
      if (row.topic === null) usage = { messages: Number(row.messages), bytes: Number(row.bytes) }
      else counts.set(row.topic, Number(row.messages))
    }
    return { counts, usage }
  }

  /** Unexpired messages on `topic` not published by `recipient`, oldest first. */
  async pending(topic: string, recipient: string, limit: number): Promise<RelayStoredMessage[]> {
    await this.#ready
    return (await this.#storage.query<Row>(pendingSql, [topic, this.#now(), recipient, limit])).map(toMessage)
  }

  /** Deletes one message (acknowledged or fetched). */
  async delete(rowId: number): Promise<void> {
    await this.#ready
    await this.#storage.run('DELETE FROM relay_messages WHERE row_id = ?', [rowId])
  }

  /** Deletes every expired message; returns how many. */
  async deleteExpired(): Promise<number> {
    await this.#ready
    return (await this.#storage.run('DELETE FROM relay_messages WHERE expires_at <= ?', [this.#now()])).changes
  }
}
