import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { PortInUseError } from '../devnets/errors.js'
import { type SuiLedger, createSuiLedger } from './createSuiLedger.js'
import { type SuiRpcMethods, createSuiRpcMethods } from './createSuiRpcMethods.js'
import { SuiLedgerError } from './SuiLedgerError.js'

/** A running Sui JSON-RPC on one port of 127.0.0.1, answered by an in-memory ledger. */
export type SuiRpc = {
  port: number
  /** `http://127.0.0.1:<port>`, the URL a `SuiClient` takes. */
  rpcUrl: string
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

function send(response: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
  response.end(text)
}

function handle(methods: SuiRpcMethods, request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-methods', 'POST, OPTIONS')
  const asked = request.headers['access-control-request-headers']
  response.setHeader('access-control-allow-headers', typeof asked === 'string' && asked.length < 1000 ? asked : 'content-type')
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end()
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { 'content-type': 'text/plain', allow: 'POST, OPTIONS' }).end('POST a JSON-RPC request')
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size <= maxBodyBytes) chunks.push(chunk)
  })
  request.on('error', () => response.destroy())
  request.on('end', () => {
    if (size > maxBodyBytes) return send(response, failure(null, -32600, `Request body larger than ${maxBodyBytes} bytes`))
    let payload: unknown
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return send(response, failure(null, -32700, 'Parse error: the body is not valid JSON'))
    }
    if (Array.isArray(payload) && (payload.length === 0 || payload.length > maxBatch)) return send(response, failure(null, -32600, `Invalid request: a batch holds 1 to ${maxBatch} requests`))
    const answered = Array.isArray(payload) ? Promise.all(payload.map((one) => answerOne(methods, one))) : answerOne(methods, payload)
    answered.then((body) => send(response, body), () => response.destroy())
  })
}

/**
 * Starts the sandbox's Sui full-node JSON-RPC (the subset `createSuiRpcMethods` answers) over a
 * fresh ledger, on 127.0.0.1 only.
 *
 * @param parameters the port
 * @returns the running RPC
 * @throws PortInUseError when the port is taken
 * @example
 * const sui = await startSuiRpc({ port: 4707 })
 * new SuiClient({ url: sui.rpcUrl })
 */
export async function startSuiRpc({ port = 0 }: StartSuiRpcParameters = {}): Promise<StartSuiRpcReturnType> {
  const ledger = createSuiLedger()
  const methods = createSuiRpcMethods(ledger)
  const server = createServer((request, response) => handle(methods, request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError({ port, what: 'the Sui JSON-RPC', cause: error }) : error))
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    port: actualPort,
    rpcUrl: `http://127.0.0.1:${actualPort}`,
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
