import type { FastifyRequest } from 'fastify'
import type { ServerConfig } from '../createServer.js'
import { authorizeProject } from '../projects/authorizeProject.js'
import { badRequest } from './badRequest.js'
import { isProjectId } from './isProjectId.js'
import { readStringParam } from './readStringParam.js'

/**
 * Checks the `st`, `sv` and `projectId` query parameters every blockchain API call carries (each
 * single and of bounded length, else a 400) and the project: it must exist and allow the
 * request's origin (see `authorizeProject`: 400 / 401 / 403).
 *
 * @param request - the Fastify request
 * @param config - the server's configuration
 * @example
 * readSdkParams(request, config)
 */
export function readSdkParams(request: FastifyRequest, config: ServerConfig): void {
  readStringParam(request.query, 'st', { maxLength: 64 })
  readStringParam(request.query, 'sv', { maxLength: 128 })
  const projectId = readStringParam(request.query, 'projectId', { maxLength: 128 })
  if (projectId !== undefined && !isProjectId(projectId)) throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
  authorizeProject({ config, projectId, origin: request.headers.origin })
}
