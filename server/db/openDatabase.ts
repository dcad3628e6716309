import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { Database } from 'better-sqlite3'

/** The one SQLite file the server keeps in its data directory. */
export const databaseFileName = 'portico.sqlite'

/**
 * Opens (creating if missing) `portico.sqlite` in `dataDir`, in WAL mode, and creates the
 * schema idempotently. Existing rows are never touched, so a restart loses nothing.
 *
 * @param dataDir - the server's data directory (created if missing)
 * @returns the open database
 * @example
 * const db = openDatabase('/var/lib/portico')
 */
export function openDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true })
  const db = new BetterSqlite3(join(dataDir, databaseFileName))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  db.exec(`
    CREATE TABLE IF NOT EXISTS wallets (
      id TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      name_folded TEXT NOT NULL,
      rdns TEXT,
      image_id TEXT,
      certified INTEGER NOT NULL DEFAULT 0,
      entry TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS wallets_position ON wallets (position);
    CREATE INDEX IF NOT EXISTS wallets_image_id ON wallets (image_id);
    CREATE TABLE IF NOT EXISTS wallet_chains (
      wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
      chain_id TEXT NOT NULL,
      PRIMARY KEY (wallet_id, chain_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS wallet_chains_chain ON wallet_chains (chain_id);
    -- On-ramp orders (server/routes/registerOnrampRoutes.ts) are made by the storage's migrations.
    CREATE TABLE IF NOT EXISTS analytics_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id TEXT NOT NULL,
      event_id TEXT NOT NULL,
      url TEXT NOT NULL,
      domain TEXT NOT NULL,
      timestamp INTEGER NOT NULL,
      props TEXT NOT NULL,
      sdk_type TEXT,
      sdk_version TEXT,
      received_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS analytics_events_project ON analytics_events (project_id, received_at);

    -- The eip155 indexer's tables (server/indexer) are made by the storage's migrations.

    -- The name zone (server/profile): one name per address, and every signature a registration
    -- or release used (a replay is refused).
    CREATE TABLE IF NOT EXISTS profile_names (
      name TEXT PRIMARY KEY,
      address TEXT NOT NULL,
      address_lower TEXT NOT NULL UNIQUE,
      coin_type INTEGER NOT NULL,
      attributes TEXT NOT NULL,
      registered_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS profile_used_signatures (
      hash TEXT PRIMARY KEY,
      used_at INTEGER NOT NULL
    ) WITHOUT ROWID;

    -- Email capture (server/email): addresses visitors gave, by project and wallet address,
    -- confirmed by the link in the confirmation email (double opt-in).
    CREATE TABLE IF NOT EXISTS email_subscribers (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id TEXT NOT NULL,
      email TEXT NOT NULL,
      caip_address TEXT,
      token TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      confirmed_at INTEGER,
      unsubscribed_at INTEGER,
      UNIQUE (project_id, email)
    );

    -- The auth service's tables (server/auth) are made by the storage's migrations
    -- (server/storage/migrations.ts), on SQLite in this same file.
  `)
  return db
}
