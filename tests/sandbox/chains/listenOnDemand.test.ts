// sandbox/chains/listenOnDemand.ts: a port that starts what answers it on the first connection and
// relays every connection to it. Real loopback sockets and a real HTTP server as the part.
import { createServer, type Server } from 'node:http'
import { createServer as createTcpServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { listenOnDemand, type OnDemandPort } from '../../../sandbox/chains/listenOnDemand.js'
import { PortInUseError } from '../../../sandbox/devnets/errors.js'
import { freeLoopbackPort } from '../../../sandbox/engines/startEngines.js'

type Part = { port: number; server: Server }

/** A real HTTP server on a free loopback port that answers every request with `body`. */
async function startPart(body: string): Promise<Part> {
  const server = createServer((request, response) => response.end(`${body} ${request.method} ${request.url}`))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  return { port: typeof address === 'object' && address ? address.port : 0, server }
}
const stopPart = (part: Part) => new Promise<void>((resolve) => part.server.close(() => resolve()))

let relay: OnDemandPort<Part> | undefined
afterEach(async () => {
  await relay?.stop()
  relay = undefined
})

describe('listenOnDemand', () => {
  it('starts nothing until a connection comes, then starts the part once for concurrent connections and relays each', async () => {
    const port = await freeLoopbackPort()
    let starts = 0
    relay = await listenOnDemand({ port, what: 'the test node', start: () => (starts++, startPart('node')), stopPart })
    expect(starts).toBe(0)
    expect(relay.running()).toBeUndefined()
    const answers = await Promise.all(['/a', '/b', '/c'].map(async (path) => (await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' })).text()))
    expect(answers).toEqual(['node POST /a', 'node POST /b', 'node POST /c'])
    expect(starts).toBe(1)
    expect(relay.running()?.port).toBeGreaterThan(0)
    expect(await (await fetch(`http://127.0.0.1:${port}/d`)).text()).toBe('node GET /d')
    expect(starts).toBe(1)
  })

  it('closes the connection when the start fails, says why on stderr, and tries again on the next one', async () => {
    const port = await freeLoopbackPort()
    let starts = 0
    const written: string[] = []
    const write = process.stderr.write.bind(process.stderr)
    process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write
    try {
      relay = await listenOnDemand({
        port,
        what: 'the test node',
        start: async () => {
          starts += 1
          if (starts === 1) throw new Error('the runtime did not load\nmore detail')
          return startPart('second try')
        },
        stopPart,
      })
      const failed = await fetch(`http://127.0.0.1:${port}/`).then(
        () => 'answered',
        (error: unknown) => (error as Error).message,
      )
      expect(failed).toBe('fetch failed')
      expect(written.join('')).toBe('Portico sandbox: the test node did not start: the runtime did not load\n')
      expect(relay.running()).toBeUndefined()
      expect(await (await fetch(`http://127.0.0.1:${port}/x`)).text()).toBe('second try GET /x')
      expect(starts).toBe(2)
    } finally {
      process.stderr.write = write
    }
  })

  it('ensure() starts the part without a connection; stop() closes the port and stops the part', async () => {
    const port = await freeLoopbackPort()
    let stopped = 0
    relay = await listenOnDemand({ port, what: 'the test node', start: () => startPart('node'), stopPart: async (part) => (stopped++, stopPart(part)) })
    const part = await relay.ensure()
    expect(relay.running()).toBe(part)
    await relay.stop()
    await relay.stop()
    expect(stopped).toBe(1)
    expect(part.server.listening).toBe(false)
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow('fetch failed')
    await expect(relay.ensure()).rejects.toThrow('the test node was stopped')
  })

  it('refuses a taken port with PortInUseError naming it', async () => {
    const taken = createTcpServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()))
    const address = taken.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const error = await listenOnDemand({ port, what: 'the test node', start: () => startPart('node'), stopPart }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PortInUseError)
      expect((error as PortInUseError).message).toContain(String(port))
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()))
    }
  })
})
