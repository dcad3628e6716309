import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

import { freeLoopbackPort } from '../engines/startEngines.js'
import { BundlerStartError } from './AccountAbstractionError.js'
import { type Alto, type StartAltoParameters, startAlto } from './startAlto.js'

/** The bundler's address, answered by alto once someone first asks it something. */
export type OnDemandAlto = {
  /** `http://127.0.0.1:<port>`: the address the server's bundler route calls. */
  url: string
  port: number
  /** alto once it runs (after the first request), else undefined. */
  running(): Alto | undefined
  /** Closes the port and stops alto if it started. Calling it twice is harmless. */
  stop(): Promise<void>
}

const maxBodyBytes = 1_000_000

/**
 * Listens on `port` (127.0.0.1) for the bundler and starts alto ({@link startAlto}, on a free port
 * of its own) only when the first request comes, then forwards every request to it. alto polls its
 * anvil several times a second for as long as it runs, and most sandboxes (a developer trying the
 * demo, most test files) never send a user operation: they no longer pay for a bundler they do not
 * use. The first request waits for alto to start (a few seconds); if alto cannot start, that
 * request gets a JSON-RPC error naming why and the next one tries again.
 *
 * @param parameters as for {@link startAlto}; `port` is the address the server calls
 * @returns the address, alto once running, and `stop()`
 * @throws BundlerStartError when the port is taken
 * @example
 * const bundler = await startAltoOnDemand({ rpcUrl: anvil.rpcUrl, port: 4712, entryPoint })
 * await fetch(bundler.url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
 */
export async function startAltoOnDemand(parameters: StartAltoParameters): Promise<OnDemandAlto> {
  let starting: Promise<Alto> | undefined
  let alto: Alto | undefined
  let stopped = false
  const ensureAlto = () => {
    starting ??= freeLoopbackPort()
      .then((port) => startAlto({ ...parameters, port }))
      .then(
        (started) => {
          // stop() came while alto was starting: it must not outlive the sandbox.
          if (stopped) void started.stop()
          alto = started
          return started
        },
        (error: unknown) => {
          starting = undefined
          throw error
        },
      )
    return starting
  }

  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBodyBytes) {
        response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request body too large' } }))
        return
      }
      chunks.push(chunk)
    }
    try {
      const target = await ensureAlto()
      const answer = await fetch(`${target.url}${request.url ?? '/'}`, {
        method: request.method ?? 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      })
      const body = Buffer.from(await answer.arrayBuffer())
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body)
    } catch (error) {
      const reason = error instanceof BundlerStartError ? error.shortMessage : (error as Error).message
      response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: `The sandbox's bundler (alto) is not available: ${reason}` } }))
    }
  }

  const server = createServer((request, response) => void forward(request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new BundlerStartError({ reason: error.code === 'EADDRINUSE' ? `port ${parameters.port} on 127.0.0.1 is already in use` : error.message, output: '', cause: error })),
    )
    server.listen(parameters.port, '127.0.0.1', () => resolve())
  })

  let stopping: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${parameters.port}`,
    port: parameters.port,
    running: () => alto,
    stop: () => {
      stopping ??= (async () => {
        stopped = true
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        const started = await starting?.catch(() => undefined)
        await started?.stop()
      })()
      return stopping
    },
  }
}
