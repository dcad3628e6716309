import { createServer } from 'node:net'

/**
 * Resolves when `port` on `host` can be listened on (and frees it again); rejects with the
 * listen error (`EADDRINUSE`, `EACCES`, …) otherwise.
 *
 * @param port the TCP port
 * @param host the interface (default 127.0.0.1)
 * @example
 * await assertPortFree(4700)
 */
export function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve())
    })
  })
}
