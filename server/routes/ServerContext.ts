import type { Database } from 'better-sqlite3'
import type { ServerConfig } from '../createServer.js'

/** What every route module gets: the database and the server's configuration. */
export type ServerContext = { db: Database; config: ServerConfig }
