/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | bigint | null | Uint8Array

/** Runs statements; `?` marks each parameter in both dialects. */
export type SqlExecutor = {
  /** Rows of a SELECT (or of a statement with `RETURNING`). Integer columns come back as numbers. */
  query<Row extends Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>
  /** Runs a statement; returns how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>
  /** Runs a script of statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/**
 * Where the server keeps its data: SQLite in the data directory (the embedded default) or
 * Postgres (`database: { url }`), behind one asynchronous interface. Every statement a store
 * sends is written in the SQL both engines share; where they differ the store asks `dialect`.
 *
 * @example
 * const storage = await openStorage({ dataDir: './data' })
 * await storage.run('DELETE FROM relay_messages WHERE expires_at <= ?', [Date.now()])
 * const rows = await storage.query<{ n: number }>('SELECT COUNT(*) AS n FROM relay_messages')
 */
export type SqlStorage = SqlExecutor & {
  readonly dialect: 'sqlite' | 'postgres'
  /** Runs `work` in one transaction: all its statements or, when it throws, none. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>
  /** Closes the connection(s). Safe to call twice. */
  close(): Promise<void>
}
