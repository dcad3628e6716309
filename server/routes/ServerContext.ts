import type { Database } from 'better-sqlite3'
import type { ServerConfig } from '../createServer.js'

/**
 * What every route module gets: the database, the server's configuration and the public base
 * URL absolute links start with (`config.publicUrl`, else the address the server listens on;
 * never the request's `Host`).
 */
export type ServerContext = { db: Database; config: ServerConfig; publicBaseUrl: () => string }
