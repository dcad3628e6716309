import type { Database } from 'better-sqlite3'
import type { Redis } from 'ioredis'
import type { ServerConfig } from '../createServer.js'
import type { ServerMetrics } from '../observability/createMetrics.js'
import type { SqlStorage } from '../storage/SqlStorage.js'

/**
 * What every route module gets: the database, the server's configuration, Redis when
 * configured, and the public base URL absolute links start with (`config.publicUrl`, else the address the server listens on;
 * never the request's `Host`).
 */
export type ServerContext = {
  db: Database
  /** The storage of the stores moved to it (SQLite on `db`, or Postgres with `config.database`). */
  storage: SqlStorage
  config: ServerConfig
  publicBaseUrl: () => string
  /** The server's Redis client when `config.redis` is set: limits shared by every instance. */
  redis?: Redis
  /** The server's Prometheus metrics (counted always; served at `/metrics` when configured). */
  metrics?: ServerMetrics
}
