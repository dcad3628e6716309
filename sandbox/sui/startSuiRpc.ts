import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { PortInUseError } from '../devnets/errors.js'
import { type SuiGraphql, createSuiGraphql } from './createSuiGraphql.js'
import { type SuiLedger, createSuiLedger } from './createSuiLedger.js'
import { type SuiRpcMethods, createSuiRpcMethods } from './createSuiRpcMethods.js'
import { SuiLedgerError } from './SuiLedgerError.js'

/** A running Sui node API on one port of 127.0.0.1 (GraphQL RPC at `/graphql`, full-node JSON-RPC at `/`), answered by an in-memory ledger. */
export type SuiRpc = {
  port: number
  /** `http://127.0.0.1:<port>`, the URL a JSON-RPC `SuiClient` takes. */
  rpcUrl: string
  /** `http://127.0.0.1:<port>/graphql`, the URL a `SuiGraphQLClient` takes (what the Sui presets use on the public networks). */
  graphqlUrl: string
  ledger: SuiLedger
  /** Closes every connection and the port; calling it twice is harmless. */
  stop(): Promise<void>
}

export type StartSuiRpcParameters = {
  /** The port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number
}
export type StartSuiRpcReturnType = SuiRpc
export type StartSuiRpcErrorType = PortInUseError

const maxBodyBytes = 1024 * 1024
const maxBatch = 50

type JsonRpcId = string | number | null
const failure = (id: JsonRpcId, code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } })

async function answerOne(methods: SuiRpcMethods, request: unknown): Promise<unknown> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return failure(null, -32600, 'Invalid request')
  const { jsonrpc, id, method, params } = request as Record<string, unknown>
  const validId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  const replyId = validId && id !== undefined ? (id as JsonRpcId) : null
  if (!validId || jsonrpc !== '2.0' || typeof method !== 'string') return failure(replyId, -32600, 'Invalid request: expected { "jsonrpc": "2.0", "id", "method": string }')
  if (params !== undefined && !Array.isArray(params)) return failure(replyId, -32602, 'Invalid params: params must be an array')
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  if (!handler) return failure(replyId, -32601, `Method not found: ${method.slice(0, 64)}`)
  try {
    return { jsonrpc: '2.0', id: replyId, result: await handler((params as unknown[] | undefined) ?? []) }
  } catch (error) {
    if (error instanceof SuiLedgerError) return failure(replyId, error.rpcCode, error.shortMessage)
    return failure(replyId, -32603, `Internal error: ${(error as Error)?.message ?? String(error)}`)
  }
}

function send(response: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
  response.end(text)
}

/** One GraphQL request: `{ query, variables?, operationName? }`; a malformed body is a GraphQL error with status 400. */
async function answerGraphql(graphql: SuiGraphql, payload: unknown): Promise<{ status: number; body: unknown }> {
  const { query, variables, operationName } = (typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {}) as Record<string, unknown>
  const badRequest = (message: string) => ({ status: 400, body: { errors: [{ message }] } })
  if (typeof query !== 'string' || query.length > 100_000) return badRequest('Expected a JSON body with a "query" string')
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return badRequest('"variables" must be an object')
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return badRequest('"operationName" must be a string')
  return { status: 200, body: await graphql({ query, variables: (variables ?? undefined) as Record<string, unknown> | undefined, operationName: (operationName ?? undefined) as string | undefined }) }
}

function handle(methods: SuiRpcMethods, graphql: SuiGraphql, request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-methods', 'POST, OPTIONS')
  const asked = request.headers['access-control-request-headers']
  response.setHeader('access-control-allow-headers', typeof asked === 'string' && asked.length < 1000 ? asked : 'content-type')
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end()
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { 'content-type': 'text/plain', allow: 'POST, OPTIONS' }).end('POST a JSON-RPC request, or a GraphQL request to /graphql')
    return
  }
  const path = (request.url ?? '/').split('?')[0]
  const isGraphql = path === '/graphql' || path === '/graphql/'
  const chunks: Buffer[] = []
  let size = 0
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size <= maxBodyBytes) chunks.push(chunk)
  })
  request.on('error', () => response.destroy())
  request.on('end', () => {
    if (size > maxBodyBytes) return isGraphql ? send(response, { errors: [{ message: `Request body larger than ${maxBodyBytes} bytes` }] }, 413) : send(response, failure(null, -32600, `Request body larger than ${maxBodyBytes} bytes`))
    let payload: unknown
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return isGraphql ? send(response, { errors: [{ message: 'The body is not valid JSON' }] }, 400) : send(response, failure(null, -32700, 'Parse error: the body is not valid JSON'))
    }
    if (isGraphql) {
      answerGraphql(graphql, payload).then(({ status, body }) => send(response, body, status), () => response.destroy())
      return
    }
    if (Array.isArray(payload) && (payload.length === 0 || payload.length > maxBatch)) return send(response, failure(null, -32600, `Invalid request: a batch holds 1 to ${maxBatch} requests`))
    const answered = Array.isArray(payload) ? Promise.all(payload.map((one) => answerOne(methods, one))) : answerOne(methods, payload)
    answered.then((body) => send(response, body), () => response.destroy())
  })
}

/**
 * Starts the sandbox's Sui node API over a fresh ledger, on 127.0.0.1 only: Sui's GraphQL RPC at
 * `/graphql` (the subset `createSuiGraphql` answers, on the public service's schema) and the
 * full-node JSON-RPC at `/` (the subset `createSuiRpcMethods` answers).
 *
 * @param parameters the port
 * @returns the running RPC
 * @throws PortInUseError when the port is taken
 * @example
 * const sui = await startSuiRpc({ port: 4707 })
 * new SuiGraphQLClient({ url: sui.graphqlUrl })
 */
export async function startSuiRpc({ port = 0 }: StartSuiRpcParameters = {}): Promise<StartSuiRpcReturnType> {
  const ledger = createSuiLedger()
  const methods = createSuiRpcMethods(ledger)
  const graphql = createSuiGraphql(ledger)
  const server = createServer((request, response) => handle(methods, graphql, request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError({ port, what: 'the Sui JSON-RPC', cause: error }) : error))
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    port: actualPort,
    rpcUrl: `http://127.0.0.1:${actualPort}`,
    graphqlUrl: `http://127.0.0.1:${actualPort}/graphql`,
    ledger,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopped
    },
  }
}
