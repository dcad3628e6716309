import { connect, type Socket } from 'node:net'

/**
 * Connects a paused client socket to a backend and, once connected, pipes both ways and resumes
 * the client; from then on either side closing or failing closes the other. Both sockets are kept
 * in `sockets` while open, so their owner can cut them all when it stops. A backend that refuses
 * the connection leaves the client open (and paused) for the caller to try another or close it.
 *
 * @param client a paused socket (a server made with `pauseOnConnect`, or `client.pause()`)
 * @param backend where to connect, on loopback
 * @param sockets the owner's set of open sockets
 * @param events `connected` once piped; `closed` when a piped backend connection ends; `refused` when it could not connect
 * @example
 * relaySocket(client, { host: '127.0.0.1', port: 4701 }, sockets, { refused: () => client.destroy() })
 */
export function relaySocket(client: Socket, backend: { host: string; port: number }, sockets: Set<Socket>, events: { connected?(): void; closed?(): void; refused?(): void } = {}): void {
  const upstream = connect(backend.port, backend.host)
  let connected = false
  upstream.once('connect', () => {
    connected = true
    sockets.add(upstream)
    events.connected?.()
    client.pipe(upstream)
    upstream.pipe(client)
    client.resume()
  })
  upstream.on('error', () => {
    if (!connected) events.refused?.()
    else client.destroy()
  })
  upstream.on('close', () => {
    sockets.delete(upstream)
    if (connected) {
      events.closed?.()
      client.destroy()
    }
  })
  client.on('close', () => upstream.destroy())
}
