import type { FastifyInstance } from 'fastify'

import { type SandboxPaymaster, SandboxPaymasterRequestError } from './createSandboxPaymaster.js'

export type RegisterPaymasterRouteParameters = {
  /** The paymaster service of each EVM devnet, by CAIP-2 id. */
  paymasters: ReadonlyMap<string, SandboxPaymaster>
}

const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } })
const isId = (id: unknown) => id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))

/**
 * Mounts the sandbox's ERC-7677 paymaster service `POST /sandbox/paymaster/<CAIP-2>`: one JSON-RPC
 * 2.0 request, `pm_getPaymasterStubData` or `pm_getPaymasterData` (EntryPoint v0.7 answers
 * `{ paymaster, paymasterData, paymasterVerificationGasLimit, paymasterPostOpGasLimit }`). A chain
 * without a paymaster answers 404 `{ code: 'UNSUPPORTED_CHAIN' }`; a batch or a malformed request
 * -32600, another method -32601, params it will not sponsor -32602.
 *
 * @param app the Fastify instance
 * @param parameters the paymasters by chain
 * @example
 * registerPaymasterRoute(app, { paymasters: new Map([['eip155:31337', paymaster]]) })
 */
export function registerPaymasterRoute(app: FastifyInstance, { paymasters }: RegisterPaymasterRouteParameters): void {
  app.post<{ Params: { caipNetworkId: string } }>('/sandbox/paymaster/:caipNetworkId', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const paymaster = paymasters.get(request.params.caipNetworkId)
    if (!paymaster) {
      return reply.code(404).send({ code: 'UNSUPPORTED_CHAIN', message: `The sandbox has no paymaster on ${request.params.caipNetworkId.slice(0, 64)}; it has ${[...paymasters.keys()].join(', ')}` })
    }
    const body = request.body as Record<string, unknown> | null
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return reply.code(400).send(rpcError(null, -32600, 'Send one JSON-RPC 2.0 request (not a batch)'))
    const { id, method, params } = body
    if (body.jsonrpc !== '2.0' || typeof method !== 'string' || !isId(id)) return reply.code(400).send(rpcError(isId(id) ? id : null, -32600, 'Invalid JSON-RPC 2.0 request'))
    const run = method === 'pm_getPaymasterStubData' ? paymaster.getPaymasterStubData : method === 'pm_getPaymasterData' ? paymaster.getPaymasterData : undefined
    if (!run) return reply.send(rpcError(id, -32601, `The sandbox paymaster does not answer ${method.slice(0, 64)} (only pm_getPaymasterStubData and pm_getPaymasterData)`))
    try {
      return reply.send({ jsonrpc: '2.0', id: id ?? null, result: await run(params) })
    } catch (error) {
      if (error instanceof SandboxPaymasterRequestError) return reply.send(rpcError(id, error.rpcCode, error.message))
      request.log.error(error)
      return reply.send(rpcError(id, -32603, `The sandbox paymaster failed: ${(error as Error).message.split('\n')[0]?.slice(0, 200)}`))
    }
  })
}
