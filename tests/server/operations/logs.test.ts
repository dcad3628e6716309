// Issue 51: the standalone server's structured logs. A refused origin and a 5xx each leave a JSON
// line with the request's id; no configured secret, secret query value or full address appears in
// any line; `log.level` filters.
import { createServer as createTcpServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../scale/helpers/startServerProcess.js'

type LogLine = { level: number; reqId?: string; msg: string; code?: string; status?: number; res?: { statusCode: number }; req?: { url: string } }

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const metricsToken = 'metrics-token-0123456789abcdef'
const apiKey = 'sEcReTaPiKeY0123456789'
const jwt = 'eyJhbGciOiJFZERTQSJ9.relay-secret-jwt-value'

/** A loopback port nothing listens on: an upstream that is down. */
async function closedPort(): Promise<number> {
  const server = createTcpServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function configWith(upstream: string, level?: string): Record<string, unknown> {
  return {
    dataDir: './data',
    indexer: false,
    relay: false,
    metrics: { token: metricsToken },
    projects: { shop: { allowedOrigins: ['https://shop.example.com'] } },
    chains: [{ caipNetworkId: 'eip155:31337', name: 'anvil', rpcUrl: upstream, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    ...(level ? { log: { level } } : {}),
  }
}

function linesOf(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

async function waitFor(check: () => boolean, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`No log line for ${what}:\n${output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the standalone server logs', () => {
  let info: ServerProcess
  let warn: ServerProcess
  let upstream = ''

  beforeAll(async () => {
    upstream = `http://127.0.0.1:${await closedPort()}/v2/${apiKey}`
    ;[info, warn] = await Promise.all([startServerProcess(configWith(upstream), { defaults: false }), startServerProcess(configWith(upstream, 'warn'), { defaults: false })])
  })
  afterAll(async () => {
    await Promise.all([info?.stop(), warn?.stop()])
  })

  /** The same requests to a server: a refused origin, a 5xx, the metrics with their token, a secret query value. */
  async function drive(server: ServerProcess): Promise<{ refusedId: string; failedId: string; ids: string[] }> {
    const refused = await fetch(`${server.url}/v1/?chainId=eip155:31337&projectId=shop`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    })
    expect(refused.status).toBe(403)
    const failed = await fetch(`${server.url}/v1/account/${address}/balance?chainId=eip155:31337&projectId=shop`)
    expect(failed.status).toBe(502)
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
    expect(metrics.status).toBe(200)
    const identity = await fetch(`${server.url}/v1/identity/${address}?projectId=shop&auth=${jwt}`)
    expect(identity.status).toBe(200)
    const ids = [refused, failed, metrics, identity].map((response) => response.headers.get('x-request-id') as string)
    return { refusedId: ids[0]!, failedId: ids[1]!, ids }
  }

  it('leaves a line for a refused origin and for a 5xx, each with the request id it answered with', async () => {
    const { refusedId, failedId, ids } = await drive(info)
    expect(refusedId).toMatch(/^[0-9a-f-]{36}$/)
    // The lines reach this process through a pipe: wait for the last line of each request
    // (/metrics logs only at warn, so it has none).
    const completed = (id: string) => linesOf(info.output()).some((line) => line.reqId === id && line.msg === 'request completed')
    await waitFor(() => [ids[0]!, ids[1]!, ids[3]!].every(completed), 'every request', info.output)
    const lines = linesOf(info.output())
    const refusal = lines.find((line) => line.reqId === refusedId && line.level === 40)
    expect(refusal).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED', status: 403, msg: 'Unauthorized: origin not allowed' })
    const failure = lines.find((line) => line.reqId === failedId && line.level === 50)
    expect(failure).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 502 })
    // A line per request, its id on each.
    expect(lines.filter((line) => line.reqId === failedId).map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
  })

  it('writes no secret, secret query value or full address', async () => {
    const output = info.output()
    expect(output).toContain('request completed')
    for (const secret of [metricsToken, apiKey, upstream, jwt, 'relay-secret-jwt-value']) expect(output).not.toContain(secret)
    expect(output.toLowerCase()).not.toContain(address.toLowerCase())
    // What they become.
    expect(output).toContain('auth=[redacted]')
    expect(output).toContain('0xf39F…2266')
  })

  it('honours log.level: at warn, the refusal and the 5xx, no request lines', async () => {
    const { refusedId, failedId } = await drive(warn)
    await waitFor(() => linesOf(warn.output()).some((line) => line.reqId === failedId && line.level === 50), 'the 5xx', warn.output)
    const lines = linesOf(warn.output())
    expect(lines.some((line) => line.reqId === refusedId && line.code === 'ORIGIN_NOT_ALLOWED')).toBe(true)
    expect(lines.every((line) => line.level >= 40)).toBe(true)
    expect(warn.output()).not.toContain(apiKey)
  })
})
