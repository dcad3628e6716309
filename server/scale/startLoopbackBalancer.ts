import { createServer, type Socket } from 'node:net'

import { relaySocket } from './relaySocket.js'

/** How {@link startLoopbackBalancer} picks an instance for a new connection. */
export type BalancerStrategy = 'round-robin' | 'first-alive'

export type StartLoopbackBalancerParameters = {
  /** The instances, as `{ host, port }`. */
  backends: readonly { host: string; port: number }[]
  /** `round-robin` (default): the next instance each time; `first-alive`: the first that accepts. */
  strategy?: BalancerStrategy
  /** The port to listen on (127.0.0.1); default 0, any free port. */
  port?: number
}

/** A running balancer. */
export type LoopbackBalancer = {
  port: number
  /** `http://127.0.0.1:<port>` */
  url: string
  /** Open connections per backend index. */
  openConnections(): number[]
  /** Connections made per backend index since the start. */
  totalConnections(): number[]
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>
}

/**
 * A small TCP load balancer on 127.0.0.1 for the scale sandbox and tests: each new connection
 * (HTTP or websocket, it does not look inside) goes to one instance; an instance that refuses
 * the connection is skipped for the next. No stickiness: the server needs none.
 *
 * @param parameters - {@link StartLoopbackBalancerParameters}
 * @returns the running balancer
 * @example
 * const balancer = await startLoopbackBalancer({ backends: [{ host: '127.0.0.1', port: 4701 }, { host: '127.0.0.1', port: 4702 }] })
 * // ws://127.0.0.1:${balancer.port}/relay reaches one instance or the other
 */
export async function startLoopbackBalancer(parameters: StartLoopbackBalancerParameters): Promise<LoopbackBalancer> {
  const { backends } = parameters
  if (backends.length === 0) throw new TypeError('startLoopbackBalancer: at least one backend is required.')
  const strategy = parameters.strategy ?? 'round-robin'
  const open = backends.map(() => 0)
  const total = backends.map(() => 0)
  const sockets = new Set<Socket>()
  let next = 0

  const tryBackend = (client: Socket, attempt: number, start: number): void => {
    if (attempt >= backends.length || client.destroyed) {
      client.destroy()
      return
    }
    const index = (start + attempt) % backends.length
    relaySocket(client, backends[index]!, sockets, {
      connected: () => {
        open[index]! += 1
        total[index]! += 1
      },
      closed: () => {
        open[index]! -= 1
      },
      refused: () => tryBackend(client, attempt + 1, start),
    })
  }

  const server = createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client)
    client.on('error', () => {})
    client.on('close', () => sockets.delete(client))
    const start = strategy === 'round-robin' ? next++ % backends.length : 0
    tryBackend(client, 0, start)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parameters.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    openConnections: () => [...open],
    totalConnections: () => [...total],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
