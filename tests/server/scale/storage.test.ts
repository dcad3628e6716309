import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RelayMailbox } from '../../../server/relay/RelayMailbox.js'
import { applyMigrations } from '../../../server/storage/applyMigrations.js'
import { createPostgresStorage, toPostgresPlaceholders } from '../../../server/storage/createPostgresStorage.js'
import { createSqliteStorage } from '../../../server/storage/createSqliteStorage.js'
import { migrations } from '../../../server/storage/migrations.js'
import { openStorage } from '../../../server/storage/openStorage.js'
import type { SqlStorage } from '../../../server/storage/SqlStorage.js'
import { StorageError } from '../../../server/storage/StorageError.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'

let engines: TestEngines
let dir: string
const opened: SqlStorage[] = []

beforeAll(async () => {
  engines = await startEngines()
  dir = mkdtempSync(join(tmpdir(), 'portico-storage-'))
})
afterAll(async () => {
  for (const storage of opened) await storage.close().catch(() => undefined)
  await engines?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function open(kind: 'sqlite' | 'postgres', name: string): Promise<SqlStorage> {
  const storage =
    kind === 'sqlite'
      ? await openStorage({ db: new Database(join(dir, `${name}.sqlite`)) })
      : await openStorage({ database: { url: await engines.createDatabase(name) } })
  opened.push(storage)
  return storage
}

describe.each(['sqlite', 'postgres'] as const)('storage on %s', (kind) => {
  it('applies every migration once and records it in schema_migrations', async () => {
    const storage = await open(kind, `migrations_${kind}`)
    expect(storage.dialect).toBe(kind)
    const rows = await storage.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')
    expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version))
    expect(await applyMigrations(storage)).toEqual([])
  })

  it('rolls a failed transaction back entirely', async () => {
    const storage = await open(kind, `rollback_${kind}`)
    await storage.exec('CREATE TABLE probe (n INTEGER NOT NULL)')
    await expect(
      storage.transaction(async (tx) => {
        await tx.run('INSERT INTO probe (n) VALUES (?)', [1])
        await tx.run('INSERT INTO probe (n) VALUES (?)', [null])
      }),
    ).rejects.toThrow()
    expect(await storage.query('SELECT n FROM probe')).toEqual([])
    await storage.transaction(async (tx) => tx.run('INSERT INTO probe (n) VALUES (?), (?)', [2, 3]))
    expect((await storage.query<{ n: number }>('SELECT n FROM probe ORDER BY n')).map((row) => row.n)).toEqual([2, 3])
  })

  it('keeps the relay mailbox: dedupe, pending, usage, delete and expiry', async () => {
    const storage = await open(kind, `mailbox_${kind}`)
    let clock = 1_700_000_000_000
    const mailbox = new RelayMailbox(storage, () => clock)
    const first = await mailbox.store({ topic: 't1', message: 'héllo', publisher: 'did:key:a', tag: 1108, ttlSeconds: 60 })
    expect(first).toMatchObject({ topic: 't1', message: 'héllo', tag: 1108, publishedAt: clock, expiresAt: clock + 60_000 })
    expect(typeof first!.rowId).toBe('number')
    expect(await mailbox.store({ topic: 't1', message: 'héllo', publisher: 'did:key:a', tag: 1108, ttlSeconds: 60 })).toBeUndefined()
    const both = await mailbox.storeAll([
      { topic: 't1', message: 'second', publisher: 'did:key:a', tag: 1, ttlSeconds: 30, attestation: 'jwt' },
      { topic: 't2', message: 'other', publisher: 'did:key:b', tag: 2, ttlSeconds: 60 },
    ])
    expect(both.map((message) => message.message)).toEqual(['second', 'other'])
    expect(await mailbox.count('t1')).toBe(2)
    expect(await mailbox.usage('did:key:a')).toEqual({ messages: 2, bytes: Buffer.byteLength('héllo') + 'second'.length })
    const quota = await mailbox.quota(['t1', 't2', 't1', 'empty'], 'did:key:a')
    expect(Object.fromEntries(quota.counts)).toEqual({ t1: 2, t2: 1, empty: 0 })
    expect(quota.usage).toEqual(await mailbox.usage('did:key:a'))
    expect(await mailbox.pending('t1', 'did:key:a', 10)).toEqual([])
    const pending = await mailbox.pending('t1', 'did:key:b', 10)
    expect(pending.map((message) => [message.message, message.attestation])).toEqual([['héllo', ''], ['second', 'jwt']])
    await mailbox.delete(pending[0]!.rowId)
    expect(await mailbox.count('t1')).toBe(1)
    clock += 45_000
    expect(await mailbox.deleteExpired()).toBe(1)
    expect(await mailbox.count('t1')).toBe(0)
    expect(await mailbox.count('t2')).toBe(1)
  })
})

describe('storage configuration', () => {
  it('rewrites ? placeholders for Postgres outside quotes only', () => {
    expect(toPostgresPlaceholders("SELECT ? , '?', \"a?\" FROM t WHERE x = ? AND y = ?")).toBe("SELECT $1 , '?', \"a?\" FROM t WHERE x = $2 AND y = $3")
  })

  it('refuses a database url that is not Postgres, or an unreachable one, with a StorageError', async () => {
    await expect(openStorage({ database: { url: 'mysql://127.0.0.1/portico' } })).rejects.toThrow(StorageError)
    await expect(openStorage({ database: { url: 'not a url' } })).rejects.toMatchObject({ code: 'STORAGE_FAILED' })
    await expect(openStorage({ database: { url: 'postgres://portico:secret@127.0.0.1:1/none' } })).rejects.toThrow(/Could not connect to Postgres at postgres:\/\/portico:\*\*\*@127\.0\.0\.1:1\/none/)
  })

  it('migrates once when two Postgres instances start together', async () => {
    const url = await engines.createDatabase('concurrent_start')
    const [a, b] = await Promise.all([createPostgresStorage(url), createPostgresStorage(url)])
    opened.push(a, b)
    const applied = await Promise.all([applyMigrations(a), applyMigrations(b)])
    expect(applied.flat().sort()).toEqual(migrations.map((migration) => migration.version))
  })

  it('adopts a SQLite file written before migrations existed', async () => {
    const db = new Database(':memory:')
    db.exec("CREATE TABLE relay_messages (row_id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, digest TEXT NOT NULL, message TEXT NOT NULL, publisher TEXT NOT NULL, tag INTEGER NOT NULL DEFAULT 0, published_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, UNIQUE (topic, digest))")
    db.prepare("INSERT INTO relay_messages (topic, digest, message, publisher, published_at, expires_at) VALUES ('t', 'd', 'kept', 'p', 1, ?)").run(Date.now() + 60_000)
    const storage = createSqliteStorage(db)
    expect(await applyMigrations(storage)).toEqual(migrations.map((migration) => migration.version))
    expect((await new RelayMailbox(storage, Date.now).pending('t', 'q', 5))[0]).toMatchObject({ message: 'kept', attestation: '' })
    await storage.close()
  })
})
