import type { Database } from 'better-sqlite3'
import type { Redis } from 'ioredis'
import type { ServerConfig } from '../createServer.js'

/**
 * What every route module gets: the database, the server's configuration, Redis when
 * configured, and the public base URL absolute links start with (`config.publicUrl`, else the address the server listens on;
 * never the request's `Host`).
 */
export type ServerContext = {
  db: Database
  config: ServerConfig
  publicBaseUrl: () => string
  /** The server's Redis client when `config.redis` is set: limits shared by every instance. */
  redis?: Redis
}
