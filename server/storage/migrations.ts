import type { SqlExecutor, SqlStorage } from './SqlStorage.js'

/** One versioned change of the schema, written for both engines. */
export type Migration = {
  /** Applied in increasing order; never reused, never edited once released. */
  version: number
  name: string
  up(tx: SqlExecutor, dialect: SqlStorage['dialect']): Promise<void>
}

/**
 * The column types that differ between the two engines, for a migration's SQL: a 64-bit integer,
 * an auto-incrementing `id` primary key, a byte string, and SQLite's `WITHOUT ROWID` table option (none on Postgres).
 *
 * @example
 * const { integer } = columnTypes('postgres') // 'BIGINT'
 */
function columnTypes(dialect: SqlStorage['dialect']): { integer: string; id: string; blob: string; withoutRowId: string } {
  return dialect === 'postgres'
    ? { integer: 'BIGINT', id: 'id BIGSERIAL PRIMARY KEY', blob: 'BYTEA', withoutRowId: '' }
    : { integer: 'INTEGER', id: 'id INTEGER PRIMARY KEY AUTOINCREMENT', blob: 'BLOB', withoutRowId: ' WITHOUT ROWID' }
}

/**
 * The relay mailbox (server/relay/RelayMailbox.ts). On SQLite it adopts a table an older relay
 * created itself (adding the attestation column it may lack).
 */
const relayMailbox: Migration = {
  version: 1,
  name: 'relay mailbox',
  async up(tx, dialect) {
    if (dialect === 'postgres') {
      await tx.exec(`
        CREATE TABLE IF NOT EXISTS relay_messages (
          row_id BIGSERIAL PRIMARY KEY,
          topic TEXT NOT NULL,
          digest TEXT NOT NULL,
          message TEXT NOT NULL,
          publisher TEXT NOT NULL,
          tag BIGINT NOT NULL DEFAULT 0,
          published_at BIGINT NOT NULL,
          expires_at BIGINT NOT NULL,
          attestation TEXT NOT NULL DEFAULT '',
          UNIQUE (topic, digest)
        );
        CREATE INDEX IF NOT EXISTS relay_messages_by_topic ON relay_messages (topic, expires_at);
        CREATE INDEX IF NOT EXISTS relay_messages_by_expiry ON relay_messages (expires_at);
        CREATE INDEX IF NOT EXISTS relay_messages_by_publisher ON relay_messages (publisher, expires_at);
      `)
      return
    }
    await tx.exec(`
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
    const columns = await tx.query<{ name: string }>('PRAGMA table_info(relay_messages)')
    if (!columns.some((column) => column.name === 'attestation')) {
      await tx.exec("ALTER TABLE relay_messages ADD COLUMN attestation TEXT NOT NULL DEFAULT ''")
    }
    await tx.exec('CREATE INDEX IF NOT EXISTS relay_messages_by_publisher ON relay_messages (publisher, expires_at)')
  },
}

/**
 * The name zone (server/profile/createNameZone.ts): one name per address, and every signature a
 * registration or release used. On SQLite `openDatabase` created these tables before; kept as they are.
 */
const nameZone: Migration = {
  version: 2,
  name: 'name zone',
  async up(tx, dialect) {
    const { integer, withoutRowId } = columnTypes(dialect)
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS profile_names (
        name TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        address_lower TEXT NOT NULL UNIQUE,
        coin_type ${integer} NOT NULL,
        attributes TEXT NOT NULL,
        registered_at ${integer} NOT NULL,
        updated_at ${integer} NOT NULL
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS profile_used_signatures (
        hash TEXT PRIMARY KEY,
        used_at ${integer} NOT NULL
      )${withoutRowId};
    `)
  },
}

/** Analytics events (`POST /e`, server/routes/registerAnalyticsRoutes.ts). */
const analyticsEvents: Migration = {
  version: 3,
  name: 'analytics events',
  async up(tx, dialect) {
    const { id, integer } = columnTypes(dialect)
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS analytics_events (
        ${id},
        project_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        url TEXT NOT NULL,
        domain TEXT NOT NULL,
        timestamp ${integer} NOT NULL,
        props TEXT NOT NULL,
        sdk_type TEXT,
        sdk_version TEXT,
        received_at ${integer} NOT NULL
      );
      CREATE INDEX IF NOT EXISTS analytics_events_project ON analytics_events (project_id, received_at);
    `)
  },
}

/** Email capture (server/email/createEmailCapture.ts): addresses visitors gave, double opt-in. */
const emailSubscribers: Migration = {
  version: 4,
  name: 'email capture',
  async up(tx, dialect) {
    const { id, integer } = columnTypes(dialect)
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS email_subscribers (
        ${id},
        project_id TEXT NOT NULL,
        email TEXT NOT NULL,
        caip_address TEXT,
        token TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        created_at ${integer} NOT NULL,
        confirmed_at ${integer},
        unsubscribed_at ${integer},
        UNIQUE (project_id, email)
      );
    `)
  },
}

/**
 * Email and social login with the embedded wallet (server/auth): users, their linked social
 * accounts and wallets, code attempts, login starts per IP, sessions, social states and tickets.
 * Codes, tokens, states and tickets are kept only as sha256 / HMAC digests; shares only
 * AES-256-GCM encrypted. On SQLite `openDatabase` created these tables before; kept as they are.
 */
const auth: Migration = {
  version: 5,
  name: 'auth',
  async up(tx, dialect) {
    const { integer, blob, withoutRowId } = columnTypes(dialect)
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS auth_users (
        id TEXT PRIMARY KEY,
        email TEXT UNIQUE,
        provider TEXT NOT NULL,
        handle TEXT,
        name TEXT,
        created_at ${integer} NOT NULL
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS auth_identities (
        provider TEXT NOT NULL,
        sub TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        PRIMARY KEY (provider, sub)
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS auth_wallets (
        user_id TEXT PRIMARY KEY REFERENCES auth_users (id) ON DELETE CASCADE,
        eip155 TEXT NOT NULL,
        solana TEXT NOT NULL,
        auth_share ${blob} NOT NULL,
        recovery_share ${blob} NOT NULL,
        created_at ${integer} NOT NULL
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS auth_code_attempts (
        id TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        project_id TEXT NOT NULL,
        email TEXT NOT NULL,
        user_id TEXT,
        code_hash TEXT NOT NULL,
        challenge TEXT NOT NULL,
        created_at ${integer} NOT NULL,
        expires_at ${integer} NOT NULL,
        wrong_count ${integer} NOT NULL DEFAULT 0,
        used ${integer} NOT NULL DEFAULT 0
      )${withoutRowId};
      CREATE INDEX IF NOT EXISTS auth_code_attempts_email ON auth_code_attempts (email, created_at);
      CREATE TABLE IF NOT EXISTS auth_starts (
        ip_hash TEXT NOT NULL,
        at ${integer} NOT NULL
      );
      CREATE INDEX IF NOT EXISTS auth_starts_ip ON auth_starts (ip_hash, at);
      CREATE TABLE IF NOT EXISTS auth_sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        project_id TEXT NOT NULL,
        authenticated_at ${integer} NOT NULL,
        expires_at ${integer} NOT NULL
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS auth_social_states (
        state_hash TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        project_id TEXT NOT NULL,
        origin TEXT NOT NULL,
        challenge TEXT NOT NULL,
        expires_at ${integer} NOT NULL
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS auth_social_tickets (
        ticket_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        project_id TEXT NOT NULL,
        challenge TEXT NOT NULL,
        expires_at ${integer} NOT NULL,
        used ${integer} NOT NULL DEFAULT 0
      )${withoutRowId};
    `)
  },
}

/**
 * The eip155 indexer (server/indexer): how far each chain is indexed and which instance indexes
 * it (`indexer_leases`: one at a time), recent block hashes (to notice a reorg or a restarted
 * devnet), transactions, transfers, who took part, and what unknown token contracts call
 * themselves. On SQLite `openDatabase` created all but the leases before; kept as they are.
 */
const indexer: Migration = {
  version: 6,
  name: 'indexer',
  async up(tx, dialect) {
    const { integer, withoutRowId } = columnTypes(dialect)
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS indexer_chains (
        chain_id TEXT PRIMARY KEY,
        last_block ${integer} NOT NULL,
        last_hash TEXT NOT NULL,
        updated_at ${integer} NOT NULL
      );
      CREATE TABLE IF NOT EXISTS indexer_leases (
        chain_id TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at ${integer} NOT NULL
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS indexer_blocks (
        chain_id TEXT NOT NULL,
        number ${integer} NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (chain_id, number)
      )${withoutRowId};
      CREATE TABLE IF NOT EXISTS chain_transactions (
        chain_id TEXT NOT NULL,
        hash TEXT NOT NULL,
        block_number ${integer} NOT NULL,
        tx_index ${integer} NOT NULL,
        mined_at ${integer} NOT NULL,
        from_addr TEXT NOT NULL,
        to_addr TEXT,
        created_contract TEXT,
        nonce ${integer} NOT NULL,
        status ${integer} NOT NULL,
        method_id TEXT,
        PRIMARY KEY (chain_id, hash)
      )${withoutRowId};
      CREATE INDEX IF NOT EXISTS chain_transactions_block ON chain_transactions (chain_id, block_number);
      CREATE TABLE IF NOT EXISTS chain_transfers (
        chain_id TEXT NOT NULL,
        tx_hash TEXT NOT NULL,
        block_number ${integer} NOT NULL,
        log_index ${integer} NOT NULL,
        kind TEXT NOT NULL,
        contract TEXT,
        from_addr TEXT NOT NULL,
        to_addr TEXT NOT NULL,
        amount TEXT NOT NULL,
        token_id TEXT,
        executed ${integer} NOT NULL,
        PRIMARY KEY (chain_id, tx_hash, log_index)
      )${withoutRowId};
      CREATE INDEX IF NOT EXISTS chain_transfers_block ON chain_transfers (chain_id, block_number);
      CREATE INDEX IF NOT EXISTS chain_transfers_nft_token ON chain_transfers (chain_id, contract, token_id, block_number, log_index) WHERE kind = 'erc721';
      CREATE INDEX IF NOT EXISTS chain_transfers_nft_owner ON chain_transfers (chain_id, to_addr) WHERE kind = 'erc721';
      CREATE TABLE IF NOT EXISTS account_transactions (
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        block_number ${integer} NOT NULL,
        tx_index ${integer} NOT NULL,
        tx_hash TEXT NOT NULL,
        PRIMARY KEY (chain_id, address, block_number, tx_index)
      )${withoutRowId};
      CREATE INDEX IF NOT EXISTS account_transactions_block ON account_transactions (chain_id, block_number);
      CREATE TABLE IF NOT EXISTS chain_contracts (
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT,
        symbol TEXT,
        decimals ${integer},
        looked_up ${integer} NOT NULL DEFAULT 0,
        PRIMARY KEY (chain_id, address)
      )${withoutRowId};
      CREATE INDEX IF NOT EXISTS chain_contracts_pending ON chain_contracts (looked_up);
    `)
  },
}

/**
 * On-ramp orders (server/routes/registerOnrampRoutes.ts): one per checkout URL the server made,
 * moved forward by the provider's signed reports. On SQLite `openDatabase` created this table
 * before; kept as it is.
 */
const onrampOrders: Migration = {
  version: 7,
  name: 'on-ramp orders',
  async up(tx, dialect) {
    const { integer, withoutRowId } = columnTypes(dialect)
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS onramp_orders (
        id TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        chain_id TEXT NOT NULL,
        asset_symbol TEXT NOT NULL,
        asset_address TEXT,
        address TEXT NOT NULL,
        fiat_currency TEXT NOT NULL,
        fiat_amount TEXT,
        crypto_amount TEXT,
        payment_method TEXT NOT NULL,
        status TEXT NOT NULL,
        tx_hash TEXT,
        paid_amount TEXT,
        reason TEXT,
        created_at ${integer} NOT NULL,
        updated_at ${integer} NOT NULL
      )${withoutRowId};
    `)
  },
}

/** Every migration, oldest first. Add new ones at the end with the next version. */
export const migrations: readonly Migration[] = [relayMailbox, nameZone, analyticsEvents, emailSubscribers, auth, indexer, onrampOrders]
