import { badRequest } from './badRequest.js'
import { isProjectId } from './isProjectId.js'
import { readStringParam } from './readStringParam.js'

/**
 * Reads the required `projectId` query parameter; missing or malformed is a 400.
 *
 * @param query - the parsed query object
 * @returns the project id
 * @example
 * const projectId = readProjectId(request.query)
 */
export function readProjectId(query: unknown): string {
  const projectId = readStringParam(query, 'projectId', { required: true, maxLength: 128 }) as string
  if (!isProjectId(projectId)) throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
  return projectId
}
