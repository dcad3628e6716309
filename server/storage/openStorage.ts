import type { Database } from 'better-sqlite3'
import { openDatabase } from '../db/openDatabase.js'
import { applyMigrations } from './applyMigrations.js'
import { createPostgresStorage, redactUrl } from './createPostgresStorage.js'
import { createSqliteStorage } from './createSqliteStorage.js'
import type { SqlStorage } from './SqlStorage.js'
import { StorageError } from './StorageError.js'

/** The `database` key of the server config. */
export type DatabaseConfig = {
  /** `postgres://user:password@host:port/database`. Absent: SQLite in the data directory. */
  url?: string
  /** Connections in the Postgres pool; default 10. */
  poolSize?: number
}

/**
 * Opens the server's storage and applies its migrations: Postgres when `database.url` is set,
 * otherwise SQLite on `db` (the data directory's `portico.sqlite`, exactly as without this key).
 *
 * @param parameters - `db`: the open SQLite database (used when no URL is set); `database`: the config key
 * @returns the migrated storage
 * @example
 * const storage = await openStorage({ db: openDatabase(dataDir), database: { url: 'postgres://127.0.0.1/portico' } })
 */
export async function openStorage(parameters: { db?: Database; dataDir?: string; database?: DatabaseConfig }): Promise<SqlStorage> {
  const url = parameters.database?.url
  let storage: SqlStorage
  if (url === undefined) {
    const db = parameters.db ?? (parameters.dataDir !== undefined ? openDatabase(parameters.dataDir) : undefined)
    if (!db) throw new StorageError('openStorage needs either an open SQLite database or a data directory.')
    storage = createSqliteStorage(db)
  } else {
    let protocol: string
    try {
      protocol = new URL(url).protocol
    } catch (error) {
      throw new StorageError('database.url is not a URL: expected postgres://user:password@host:port/database.', { cause: error })
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      throw new StorageError(`database.url must start with postgres:// (got ${protocol}//); SQLite needs no url.`)
    }
    const poolSize = parameters.database?.poolSize
    if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) {
      throw new StorageError('database.poolSize must be a positive integer.')
    }
    storage = await createPostgresStorage(url, poolSize === undefined ? {} : { max: poolSize })
  }
  try {
    await applyMigrations(storage)
  } catch (error) {
    if (url !== undefined) await storage.close()
    throw error instanceof StorageError ? error : new StorageError(`Could not migrate ${url === undefined ? 'SQLite' : redactUrl(url)}.`, { cause: error })
  }
  return storage
}
