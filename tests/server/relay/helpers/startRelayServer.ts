import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Database from 'better-sqlite3'
import { attachRelay, type Relay, type RelayOptions } from '../../../../server/relay/attachRelay.js'

export type RelayServer = {
  /** `ws://127.0.0.1:<port>/relay` */
  url: string
  port: number
  server: http.Server
  relay: Relay
  db: Database.Database
  /** Closes the relay, the HTTP server and the database. */
  stop(): Promise<void>
}

/** An HTTP server on 127.0.0.1 with the relay on `/relay` and its mailbox in `dbPath`. */
export async function startRelayServer(
  options: { dbPath: string; port?: number } & Partial<Omit<RelayOptions, 'db' | 'path'>>,
): Promise<RelayServer> {
  const { dbPath, port = 0, ...relayOptions } = options
  const db = new Database(dbPath)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  const server = http.createServer((_request, response) => {
    response.statusCode = 404
    response.end()
  })
  const relay = attachRelay(server, { path: '/relay', db, ...relayOptions })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  let stopped = false
  return {
    url: `ws://127.0.0.1:${actualPort}/relay`,
    port: actualPort,
    server,
    relay,
    db,
    stop: async () => {
      if (stopped) return
      stopped = true
      await relay.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      db.close()
    },
  }
}
