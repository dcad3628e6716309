import type { Database } from 'better-sqlite3'
import { foldSearchText } from './foldSearchText.js'

export type QueryWalletsParameters = {
  page: number
  entries: number
  /** Already trimmed; matched as a literal, case-insensitive substring of the name. */
  search?: string
  include?: string[]
  exclude?: string[]
  /** CAIP-2 ids; a wallet matches when any of its chains is listed, or it serves a listed chain's whole namespace. */
  chains?: string[]
  /** Only certified wallets when true. */
  certifiedOnly?: boolean
  /** Exact names (case-insensitive) or rdns; a wallet matches either list. */
  names?: string[]
  rdns?: string[]
}
export type QueryWalletsReturnType = {
  /** How many wallets match, over all pages. */
  count: number
  /** The requested page: each entry's stored JSON text (a `WcWallet`), ready to splice into a response. */
  entries: string[]
}

/**
 * Answers one `/getWallets` query from SQLite. Every value is a bound parameter (lists travel as
 * one JSON array through `json_each`), and search uses `instr` rather than `LIKE`, so `%`, `_`,
 * quotes and the like match literally.
 *
 * @param db - the server's database, loaded by `loadDirectory`
 * @param parameters - paging and filters, already validated
 * @returns `{ count, entries }`: the number of matching wallets and the page's entries as JSON text
 *   (the route splices them into `{ count, data }` without parsing and re-serialising each one)
 * @example
 * queryWallets(db, { page: 1, entries: 40, search: 'vault' })
 */
export function queryWallets(db: Database, parameters: QueryWalletsParameters): QueryWalletsReturnType {
  const where: string[] = []
  const values: unknown[] = []
  if (parameters.search) {
    where.push('instr(name_folded, ?) > 0')
    values.push(foldSearchText(parameters.search))
  }
  if (parameters.include?.length) {
    where.push('id IN (SELECT value FROM json_each(?))')
    values.push(JSON.stringify(parameters.include))
  }
  if (parameters.exclude?.length) {
    where.push('id NOT IN (SELECT value FROM json_each(?))')
    values.push(JSON.stringify(parameters.exclude))
  }
  if (parameters.chains?.length) {
    where.push('id IN (SELECT wallet_id FROM wallet_chains WHERE chain_id IN (SELECT value FROM json_each(?)))')
    const namespaces = parameters.chains.map((chain) => `${chain.split(':')[0]}:*`)
    values.push(JSON.stringify([...new Set([...parameters.chains, ...namespaces])]))
  }
  if (parameters.certifiedOnly) where.push('certified = 1')
  if (parameters.names?.length || parameters.rdns?.length) {
    where.push('(name_folded IN (SELECT value FROM json_each(?)) OR rdns IN (SELECT value FROM json_each(?)))')
    values.push(JSON.stringify((parameters.names ?? []).map(foldSearchText)), JSON.stringify(parameters.rdns ?? []))
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const { count } = db.prepare(`SELECT count(*) AS count FROM wallets ${clause}`).get(...values) as { count: number }
  const rows = db
    .prepare(`SELECT entry FROM wallets ${clause} ORDER BY position, name LIMIT ? OFFSET ?`)
    .all(...values, parameters.entries, (parameters.page - 1) * parameters.entries) as { entry: string }[]
  return { count, entries: rows.map((row) => row.entry) }
}
