// Issue 51: close() (what SIGTERM calls) drains HTTP: it stops accepting connections, closes idle
// ones, lets a request in flight finish with its whole answer, and resolves once it is answered.
import http from 'node:http'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

/** A chain node that accepts connections and never answers: a request to it is in flight until the check's bound. */
async function silentNode(): Promise<{ url: string; accepted(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  let accepted = 0
  const server: TcpServer = createTcpServer((socket) => {
    accepted++
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

function get(agent: http.Agent, url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
      })
      .on('error', reject)
  })
}

describe('close() drains HTTP', () => {
  let node: Awaited<ReturnType<typeof silentNode>>
  let server: TestServer

  beforeAll(async () => {
    node = await silentNode()
    server = await startTestServer({
      indexer: false,
      health: { timeoutMs: 1_500 },
      shutdown: { graceMs: 10_000 },
      chains: [{ caipNetworkId: 'eip155:31337', name: 'silent', rpcUrl: node.url, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    })
  })
  afterAll(async () => {
    await server?.dispose()
    await node?.close()
  })

  it('lets the request in flight finish, refuses new connections, closes idle ones, then resolves', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const other = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      // An idle keep-alive connection: the drain closes it at once.
      expect((await get(other, `${server.url}/healthz`)).status).toBe(200)
      // In flight: /readyz waits for the silent node up to its 1.5 s bound.
      const asked = node.accepted()
      const inFlight = get(agent, `${server.url}/readyz`)
      // In flight once the check has reached the node.
      await vi.waitFor(() => expect(node.accepted()).toBeGreaterThan(asked))
      let closed = false
      const closing = server.close().then(() => {
        closed = true
      })
      // A new connection is not served: refused once the listener is closed, or, when it came in the
      // moment before, closed unanswered by the drain (never a half answer).
      const fresh = await fetch(`${server.url}/healthz`).then(
        (response) => response.status,
        (error: { cause?: { code?: string } }) => error.cause?.code,
      )
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain(fresh)
      expect(closed).toBe(false)
      // The request in flight gets its whole answer.
      const answer = await inFlight
      expect(answer.status).toBe(503)
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'unready', down: ['chain:eip155:31337'] })
      await closing
      expect(closed).toBe(true)
      // The idle connection was closed: a request on it fails, it is not answered by a closed server.
      await expect(get(other, `${server.url}/healthz`)).rejects.toThrow()
    } finally {
      agent.destroy()
      other.destroy()
    }
  })
})
