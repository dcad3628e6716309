import type { Database, Statement } from 'better-sqlite3'
import type { SqlExecutor, SqlStorage, SqlValue } from './SqlStorage.js'

function bind(params: readonly SqlValue[]): unknown[] {
  return params.map((value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value))
}

/**
 * The embedded storage: the server's one SQLite file (better-sqlite3, synchronous underneath)
 * behind the asynchronous {@link SqlStorage} interface. Statements are prepared once and cached.
 * A transaction holds the connection: statements from outside it wait until it ends, and
 * transactions run one after another in the order they were asked for.
 *
 * @param db - an open better-sqlite3 database (the server's `openDatabase(dataDir)`)
 * @returns the storage; `close()` closes `db`
 * @example
 * const storage = createSqliteStorage(openDatabase('./data'))
 * await applyMigrations(storage)
 */
export function createSqliteStorage(db: Database): SqlStorage {
  const statements = new Map<string, Statement>()
  /** The running transaction (statements from outside wait for it). */
  let busy: Promise<void> | undefined
  /** The end of the queue of transactions: each starts when the one before it ended. */
  let queue: Promise<void> = Promise.resolve()

  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql)
    if (!statement) {
      statement = db.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }
  const direct: SqlExecutor = {
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      return prepare(sql).all(...bind(params)) as Row[]
    },
    async run(sql, params = []) {
      return { changes: prepare(sql).run(...bind(params)).changes }
    },
    async exec(sql) {
      db.exec(sql)
    },
  }
  const idle = async (): Promise<void> => {
    while (busy) await busy
  }

  return {
    dialect: 'sqlite',
    async query<Row extends Record<string, unknown>>(sql: string, params?: readonly SqlValue[]) {
      if (busy) await idle()
      return direct.query<Row>(sql, params)
    },
    async run(sql, params) {
      if (busy) await idle()
      return direct.run(sql, params)
    },
    async exec(sql) {
      if (busy) await idle()
      return direct.exec(sql)
    },
    async transaction(work) {
      let release: () => void = () => {}
      const mine = new Promise<void>((resolve) => (release = resolve))
      const before = queue
      queue = before.then(() => mine)
      await before
      busy = mine
      try {
        db.exec('BEGIN IMMEDIATE')
        try {
          const result = await work(direct)
          db.exec('COMMIT')
          return result
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK')
          throw error
        }
      } finally {
        busy = undefined
        release()
      }
    },
    async close() {
      if (db.open) db.close()
    },
  }
}
