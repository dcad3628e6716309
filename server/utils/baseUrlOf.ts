import type { FastifyRequest } from 'fastify'

const safeHost = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/

/**
 * The origin a client reached the server at, for absolute icon and image URLs. A `Host` header
 * that is not a plain host name (or IP) and port is not trusted: the local address is used.
 *
 * @param request - the Fastify request
 * @returns e.g. `http://127.0.0.1:4700`
 * @example
 * const icon = `${baseUrlOf(request)}/public/getTokenImage/ETH`
 */
export function baseUrlOf(request: FastifyRequest): string {
  const host = request.host
  return `${request.protocol}://${safeHost.test(host) ? host : `127.0.0.1:${request.socket.localPort}`}`
}
