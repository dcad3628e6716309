import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { parseJsonRpcBody } from '../rpc/parseJsonRpcBody.js'
import type { JsonRpcRequest } from '../rpc/parseJsonRpcBody.js'
import { badRequest } from '../utils/badRequest.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'

/** How long the proxy waits for the upstream node. */
export const upstreamTimeoutMs = 10_000

/**
 * Methods the proxy refuses (spec §6): they would make the upstream node sign with its own keys,
 * or they belong to the wallet, not the chain.
 */
export const blockedRpcMethods: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

const rpcError = (id: JsonRpcRequest['id'], code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  id: id ?? null,
  error: { code, message },
})

/**
 * Mounts the JSON-RPC proxy `POST /v1/?chainId=<caip2>&projectId=…` (and `/v1?chainId=`). It
 * forwards single and batch requests to the configured chain's `rpcUrl` and passes the answers
 * through. Unknown or malformed chain: 400 `{ code, message }`; malformed body: 400 with a
 * JSON-RPC error (-32700 / -32600); blocked signing methods: a JSON-RPC error
 * 'Requested RPC call is not allowed'; upstream down: 502 with JSON-RPC errors (-32603).
 * Register it in its own scope: it replaces the body parsers with a raw-text one.
 *
 * @param scope - an encapsulated Fastify scope
 * @param context - database and configuration
 * @example
 * await app.register(async (scope) => registerRpcProxyRoutes(scope, { db, config }))
 */
export function registerRpcProxyRoutes(scope: FastifyInstance, { config }: ServerContext): void {
  const chains = new Map<string, ChainConfig>(config.chains.map((chain) => [chain.caipNetworkId, chain]))
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const chainId = readStringParam(request.query, 'chainId', { required: true, maxLength: 41 }) as string
    if (!isCaipNetworkId(chainId)) throw badRequest('chainId must be a CAIP-2 id such as eip155:1')
    readStringParam(request.query, 'projectId', { maxLength: 128 })
    const chain = chains.get(chainId)
    if (!chain) throw new HttpError({ status: 400, code: 'UNSUPPORTED_CHAIN', message: `Chain ${chainId} is not served by this server` })

    const text = typeof request.body === 'string' ? request.body : ''
    const parsed = parseJsonRpcBody(text)
    if (!parsed.ok) return reply.code(400).send(rpcError(null, parsed.code, parsed.message))

    const blocked = parsed.requests.filter((r) => blockedRpcMethods.has(r.method))
    const allowed = parsed.requests.filter((r) => !blockedRpcMethods.has(r.method))
    const blockedErrors = blocked.filter((r) => r.id !== undefined).map((r) => rpcError(r.id, -32004, 'Requested RPC call is not allowed'))
    if (allowed.length === 0) return reply.code(200).send(parsed.batch ? blockedErrors : (blockedErrors[0] ?? null))

    // Unchanged bodies are forwarded byte for byte; only a batch with refused methods is rebuilt.
    let payload = text
    if (blocked.length > 0) {
      try {
        payload = JSON.stringify(parsed.batch ? allowed : allowed[0])
      } catch {
        return reply.code(400).send(rpcError(null, -32600, 'Invalid request: nested too deeply'))
      }
    }
    let status: number
    let answer: string
    try {
      const response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: payload,
        signal: AbortSignal.timeout(upstreamTimeoutMs),
      })
      status = response.status
      answer = await response.text()
      if (status >= 500 && !/^\s*[[{]/.test(answer)) throw new Error(`upstream answered HTTP ${status}`)
    } catch {
      const message = `Upstream RPC for ${chainId} is unavailable`
      const errors = parsed.requests.map((r) => rpcError(r.id, -32603, message))
      return reply.code(502).send(parsed.batch ? errors : errors[0])
    }

    reply.code(status).header('content-type', 'application/json; charset=utf-8')
    if (blockedErrors.length === 0) return reply.send(answer)
    // A batch mixing allowed and blocked methods: merge the refusals into the upstream's array.
    try {
      const upstream = JSON.parse(answer) as unknown
      if (Array.isArray(upstream)) return reply.send([...upstream, ...blockedErrors])
    } catch {
      // Not JSON: pass it through untouched.
    }
    return reply.send(answer)
  }

  scope.post('/v1', handler)
  scope.post('/v1/', handler)
}
