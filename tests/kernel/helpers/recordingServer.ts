import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type RecordedRequest = { method: string; url: string; body: string }

/** A real HTTP server on 127.0.0.1 that records requests and answers with a handler. */
export async function startRecordingServer(handler: (req: RecordedRequest, res: http.ServerResponse) => void = (_req, res) => res.end('{}')) {
  const requests: RecordedRequest[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', body }
      requests.push(recorded)
      handler(recorded, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
