import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RpcTap = {
  url: string
  /** Where requests go now (switch it to point the server at another node). */
  target: string
  /** `forward` passes requests on; `garbage` answers 200 with a body that is not JSON-RPC; `down` answers 503. */
  mode: 'forward' | 'garbage' | 'down'
  /** When set, rewrites each forwarded answer (the parsed JSON-RPC body, and the request's calls) before it goes back. */
  rewrite?: (body: unknown, calls: { method: string; params: unknown[] }[]) => unknown
  /** JSON-RPC methods seen (batches flattened), with their params. */
  calls: { method: string; params: unknown[] }[]
  close(): Promise<void>
}

/** A loopback HTTP proxy in front of a JSON-RPC node that records calls and can misbehave. */
export async function startRpcTap(target: string): Promise<RpcTap> {
  const tap: RpcTap = { url: '', target, mode: 'forward', calls: [], close: async () => undefined }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const requestCalls: { method: string; params: unknown[] }[] = []
      try {
        const parsed = JSON.parse(body) as { method: string; params: unknown[] } | { method: string; params: unknown[] }[]
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) requestCalls.push({ method: call.method, params: call.params })
        tap.calls.push(...requestCalls)
      } catch {
        // not JSON: forwarded as is
      }
      if (tap.mode === 'down') {
        response.writeHead(503).end('down')
        return
      }
      if (tap.mode === 'garbage') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('[{"jsonrpc":"2.0","id":"x","result":{"number":"0xzz"}}, 7, null]')
        return
      }
      fetch(tap.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (upstream) => {
          const text = await upstream.text()
          const rewrite = tap.rewrite
          response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(rewrite ? JSON.stringify(rewrite(JSON.parse(text), requestCalls)) : text)
        },
        () => response.writeHead(502).end('unreachable'),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  tap.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  tap.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return tap
}
