import pg from 'pg'
import type { SqlExecutor, SqlStorage, SqlValue } from './SqlStorage.js'
import { StorageError } from './StorageError.js'

/** Postgres' type ids whose text is turned into a JS number: INT8 (COUNT, BIGINT, BIGSERIAL). */
const INT8_OID = 20

/**
 * Rewrites `?` placeholders as Postgres' `$1, $2, …`, leaving `?` inside quoted strings and
 * identifiers alone.
 *
 * @example
 * toPostgresPlaceholders("SELECT * FROM t WHERE a = ? AND b = '?'") // "… a = $1 AND b = '?'"
 */
export function toPostgresPlaceholders(sql: string): string {
  let out = ''
  let index = 0
  let quote: string | undefined
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = undefined
      out += char
    } else if (char === "'" || char === '"') {
      quote = char
      out += char
    } else if (char === '?') {
      index += 1
      out += `$${index}`
    } else {
      out += char
    }
  }
  return out
}

function executor(target: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      const result = await target.query(toPostgresPlaceholders(sql), params as unknown[])
      return result.rows as Row[]
    },
    async run(sql, params = []) {
      const result = await target.query(toPostgresPlaceholders(sql), params as unknown[])
      return { changes: result.rowCount ?? 0 }
    },
    async exec(sql) {
      await target.query(sql)
    },
  }
}

/**
 * Postgres storage (node-postgres pool) behind the {@link SqlStorage} interface, for servers
 * that run as several instances on one database. BIGINT and COUNT come back as numbers (every
 * integer the server stores fits in 2^53).
 *
 * @param url - `postgres://user:password@host:port/database`
 * @param options - `max`: pool size (default 10)
 * @returns the storage, connected (the first connection is checked)
 * @example
 * const storage = await createPostgresStorage('postgres://portico@127.0.0.1:5432/portico')
 * await applyMigrations(storage)
 */
export async function createPostgresStorage(url: string, options: { max?: number } = {}): Promise<SqlStorage> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (text: string) => Number(text) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection the server drops (a restart, a failover) must not crash the process:
  // the pool replaces it on the next query, which fails on its own if the database is gone.
  pool.on('error', () => {})
  try {
    const client = await pool.connect()
    client.release()
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw new StorageError(`Could not connect to Postgres at ${redactUrl(url)}.`, { cause: error })
  }
  let closed: Promise<void> | undefined
  return {
    dialect: 'postgres',
    ...executor(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(executor(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close() {
      closed ??= pool.end()
      return closed
    },
  }
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(unparseable URL)'
  }
}
