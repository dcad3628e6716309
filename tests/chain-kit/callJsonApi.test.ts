// callJsonApi against a real loopback HTTP server: the one caller the cosmos, stacks and bip122
// plugins read their chain's API with (bad answers, time-outs, allowed statuses, text answers and raw bodies).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callJsonApi, type CallJsonApiFailure } from '../../chain-kit/index.js'

class ApiError extends Error {
  constructor(readonly failure: CallJsonApiFailure) {
    super(`${failure.path}: ${failure.message}`)
  }
}
const toError = (failure: CallJsonApiFailure) => new ApiError(failure)

let server: Server
let baseUrl: string
const seen: { method?: string; url?: string; body: string }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, body })
      const path = (request.url ?? '').split('?')[0]
      if (path === '/ok') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}')
      if (path === '/missing') return void response.writeHead(404).end('not found')
      if (path === '/failing') return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"out of gas"}')
      if (path === '/html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>')
      if (path === '/slow') return void setTimeout(() => response.writeHead(200).end('{}'), 2_000)
      // Answers at once, then holds the body back.
      if (path === '/stalling') return void response.writeHead(200, { 'content-type': 'application/json' }).write('{"a":')
      if (path === '/tx') return void (body === 'ff' ? response.writeHead(200).end(`${'ab'.repeat(32)}\n`) : response.writeHead(400).end('sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}'))
      response.writeHead(500).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('callJsonApi', () => {
  it('GETs and parses JSON (trailing slashes of the base dropped), POSTs a JSON body', async () => {
    expect(await callJsonApi({ baseUrl, path: '/ok?x=1', toError })).toEqual({ a: 1 })
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/ok?x=1' })
    await callJsonApi({ baseUrl, path: '/ok', body: { tx: 'ab' }, toError })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"tx":"ab"}' })
  })

  it('answers an allowed status with undefined, and makes the plugin error for every failure, the query left out', async () => {
    expect(await callJsonApi({ baseUrl, path: '/missing', allow: [404], toError })).toBeUndefined()
    await expect(callJsonApi({ baseUrl, path: '/missing?secret=1', toError })).rejects.toMatchObject({ failure: { path: '/missing', message: 'HTTP 404, not JSON' } })
    await expect(callJsonApi({ baseUrl, path: '/failing', toError })).rejects.toMatchObject({ failure: { message: 'HTTP 500' } })
    const errorMessage = (json: unknown) => (json as { message?: string }).message
    await expect(callJsonApi({ baseUrl, path: '/failing', errorMessage, toError })).rejects.toMatchObject({ failure: { message: 'out of gas' } })
    await expect(callJsonApi({ baseUrl, path: '/html', toError })).rejects.toMatchObject({ failure: { message: 'HTTP 200, not JSON', status: 200 } })
    // An error status whose body is not JSON: its text, when the plugin reads the API's words from text.
    const text = (answer: unknown) => (typeof answer === 'string' ? answer : undefined)
    await expect(callJsonApi({ baseUrl, path: '/missing', errorMessage: text, toError })).rejects.toMatchObject({ failure: { message: 'not found', status: 404 } })
  })

  it('POSTs a raw text body and reads a text answer, trimmed; an error status of a text API is its text, with the status', async () => {
    expect(await callJsonApi({ baseUrl, path: '/tx', rawBody: 'ff', as: 'text', toError })).toBe('ab'.repeat(32))
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/tx', body: 'ff' })
    const refused = callJsonApi({ baseUrl, path: '/tx', rawBody: '00', as: 'text', errorMessage: (answer) => String(answer), toError })
    await expect(refused).rejects.toMatchObject({ failure: { path: '/tx', status: 400, message: 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}' } })
    await expect(callJsonApi({ baseUrl, path: '/tx', rawBody: '00', as: 'text', toError })).rejects.toMatchObject({ failure: { message: 'HTTP 400' } })
  })

  it('no answer: a closed port, or longer than timeoutMs', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const refused = await callJsonApi({ baseUrl: `http://127.0.0.1:${port}`, path: '/ok', toError }).catch((error: ApiError) => error.failure)
    expect(refused).toMatchObject({ path: '/ok', message: 'no answer' })
    expect(refused).not.toHaveProperty('timedOut')
    expect(refused).not.toHaveProperty('status')
    await expect(callJsonApi({ baseUrl, path: '/slow', timeoutMs: 100, toError })).rejects.toMatchObject({ failure: { message: 'no answer', timedOut: true } })
  })

  it('an answer whose body stalls is no answer either: the time limit covers the body', async () => {
    await expect(callJsonApi({ baseUrl, path: '/stalling', timeoutMs: 300, toError })).rejects.toMatchObject({ failure: { path: '/stalling', message: 'no answer', timedOut: true } })
  })
})
