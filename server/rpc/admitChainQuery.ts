import type { FastifyRequest } from 'fastify'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { ServerConfig } from '../createServer.js'
import { authorizeProject } from '../projects/authorizeProject.js'
import { badRequest } from '../utils/badRequest.js'
import { isProjectId } from '../utils/isProjectId.js'
import { readStringParam } from '../utils/readStringParam.js'

/**
 * Reads and checks the `chainId` (CAIP-2, required) and `projectId` query parameters of a
 * JSON-RPC route (the RPC proxy, the bundler route) and authorises the project for the request's
 * origin. The embedded wallet's frame, on the auth service's wallet origin, may call without one
 * of the project's origins.
 *
 * @throws HttpError 400 for a malformed chain or project id, 401/403 as `authorizeProject` decides
 * @example
 * const { chainId, projectId } = admitChainQuery(request, config)
 */
export function admitChainQuery(request: FastifyRequest, config: ServerConfig): { chainId: string; projectId: string | undefined } {
  const chainId = readStringParam(request.query, 'chainId', { required: true, maxLength: 41 }) as string
  if (!isCaipNetworkId(chainId)) throw badRequest('chainId must be a CAIP-2 id such as eip155:1')
  const projectId = readStringParam(request.query, 'projectId', { maxLength: 128 })
  if (projectId !== undefined && !isProjectId(projectId)) throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
  const walletOrigin = config.auth ? new URL(config.auth.walletOrigin).origin : undefined
  const origin = request.headers.origin
  authorizeProject({ config, projectId, origin: walletOrigin !== undefined && origin === walletOrigin ? undefined : origin })
  return { chainId, projectId }
}
