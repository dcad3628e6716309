import { migrations as allMigrations, type Migration } from './migrations.js'
import type { SqlStorage } from './SqlStorage.js'
import { StorageError } from './StorageError.js'

/** The advisory lock that keeps two Postgres instances starting together from migrating twice. */
const POSTGRES_MIGRATION_LOCK = 28_0001

/**
 * Applies the migrations not yet recorded in `schema_migrations`, oldest first, in one
 * transaction (all or none). On Postgres an advisory lock makes instances that start together
 * wait for each other, so each migration runs once.
 *
 * @param storage - the storage to migrate
 * @param migrations - default: the server's {@link allMigrations}
 * @returns the versions applied now (empty when the schema was current)
 * @example
 * await applyMigrations(await createPostgresStorage(url)) // [1]
 */
export async function applyMigrations(storage: SqlStorage, migrations: readonly Migration[] = allMigrations): Promise<number[]> {
  const versions = migrations.map((migration) => migration.version)
  if (versions.some((version, index) => index > 0 && version <= versions[index - 1]!)) {
    throw new StorageError('Migrations must be listed in strictly increasing version order.')
  }
  return storage.transaction(async (tx) => {
    if (storage.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(?)', [POSTGRES_MIGRATION_LOCK])
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${storage.dialect === 'postgres' ? 'BIGINT' : 'INTEGER'} NOT NULL)`,
    )
    const applied = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => Number(row.version)))
    const done: number[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      try {
        await migration.up(tx, storage.dialect)
      } catch (error) {
        throw new StorageError(`Migration ${migration.version} (${migration.name}) failed; nothing was applied.`, { cause: error })
      }
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [migration.version, migration.name, Date.now()])
      done.push(migration.version)
    }
    return done
  })
}
