import { type Server, type Socket, createServer } from 'node:net'

import { relaySocket } from '../../server/scale/relaySocket.js'
import { sandboxHost } from '../config.js'
import { PortInUseError } from '../devnets/errors.js'

/** A port that starts what answers it on the first connection. */
export type OnDemandPort<T> = {
  /** Starts the part (once; again after a failed start) and resolves with it. */
  ensure(): Promise<T>
  /** The part once started, else undefined. */
  running(): T | undefined
  /** Closes the port and stops the part if it started. Calling it twice is harmless. */
  stop(): Promise<void>
}

/**
 * Listens on `port` (127.0.0.1) and starts the part behind it only when the first connection
 * comes (or {@link OnDemandPort.ensure} is called), then relays every connection's bytes to the
 * part's own port: HTTP, websockets, anything over TCP. A connection that arrives while the part
 * starts waits for it; if the start fails, that connection is closed and the next one tries again.
 *
 * @param parameters the public `port`, what listens there (for errors), `start` (resolves with the
 *   part's own port), `stopPart` (stops a started part)
 * @returns `ensure()`, `running()` and `stop()`
 * @throws PortInUseError when the port is taken
 * @example
 * const node = await listenOnDemand({ port: 4706, what: 'the Substrate node', start: startNode, stopPart: (n) => n.stop() })
 */
export async function listenOnDemand<T extends { port: number }>({
  port,
  what,
  start,
  stopPart,
}: {
  port: number
  what: string
  start: () => Promise<T>
  stopPart: (part: T) => Promise<void>
}): Promise<OnDemandPort<T>> {
  let starting: Promise<T> | undefined
  let part: T | undefined
  let stopped = false
  const sockets = new Set<Socket>()

  const ensure = () => {
    if (stopped) return Promise.reject(new Error(`${what} was stopped`))
    starting ??= start().then(
      (started) => {
        // stop() came while it was starting: it must not outlive the sandbox.
        if (stopped) void stopPart(started)
        part = started
        return started
      },
      (error: unknown) => {
        starting = undefined
        throw error
      },
    )
    return starting
  }

  const relay = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    ensure().then(
      (started) => {
        if (!socket.destroyed) relaySocket(socket, { host: sandboxHost, port: started.port }, sockets, { refused: () => socket.destroy() })
      },
      (error: unknown) => {
        process.stderr.write(`Portico sandbox: ${what} did not start: ${(error as Error).message?.split('\n')[0] ?? String(error)}\n`)
        socket.destroy()
      },
    )
  }

  const server: Server = createServer({ pauseOnConnect: true }, relay)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError({ port, what, cause: error }) : error))
    server.listen(port, sandboxHost, () => resolve())
  })

  let stopping: Promise<void> | undefined
  return {
    ensure,
    running: () => part,
    stop: () => {
      stopping ??= (async () => {
        stopped = true
        for (const socket of sockets) socket.destroy()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        const started = await starting?.catch(() => undefined)
        if (started) await stopPart(started)
      })()
      return stopping
    },
  }
}
