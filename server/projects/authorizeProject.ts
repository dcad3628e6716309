import type { ServerConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { isOriginAllowed } from '../utils/isOriginAllowed.js'
import { resolveProject } from './resolveProject.js'
import type { ResolvedProject } from './resolveProject.js'

/** Why a request may not use a project: the status, a stable code and the provider message. */
export type ProjectRefusal = { status: number; code: string; message: string }

export type CheckProjectParameters = {
  config: ServerConfig
  /** The request's project id (already checked for shape); undefined when it sent none. */
  projectId: string | undefined
  /** The request's `Origin` header; undefined for non-browser clients, which send none. */
  origin: string | undefined
}

/** The refusals, with the provider messages the client maps to its alerts (spec §8). */
export const projectRefusals = {
  missing: { status: 400, code: 'PROJECT_ID_MISSING', message: 'Project ID Missing: pass projectId' },
  unknown: { status: 401, code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' },
  origin: { status: 403, code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' },
} as const satisfies Record<string, ProjectRefusal>

/**
 * Whether a request may use a project: the project id must be configured (or the operator set
 * an open `defaultProject`), and a browser's `Origin` must be on the project's allow-list
 * (loopback origins always are; `Origin: null` only with `*`). A request without a project id is
 * refused unless there is an open default.
 *
 * @param parameters - configuration, project id and origin
 * @returns the project, or the refusal (`Unauthorized: invalid key` → APKT007,
 * `Unauthorized: origin not allowed` → APKT002)
 * @example
 * const checked = checkProject({ config, projectId: 'demo', origin: 'https://evil.example' })
 * if (!checked.ok) reply.code(checked.refusal.status)
 */
export function checkProject({ config, projectId, origin }: CheckProjectParameters): { ok: true; project: ResolvedProject } | { ok: false; refusal: ProjectRefusal } {
  const project = projectId === undefined ? (config.defaultProject ? resolveProject(config, '') : undefined) : resolveProject(config, projectId)
  if (!project) return { ok: false, refusal: projectId === undefined ? projectRefusals.missing : projectRefusals.unknown }
  if (origin !== undefined) {
    const allowed = origin === 'null' ? project.allowedOrigins.includes('*') : isOriginAllowed(origin, project.allowedOrigins)
    if (!allowed) return { ok: false, refusal: projectRefusals.origin }
  }
  return { ok: true, project }
}

/**
 * {@link checkProject} for an HTTP route: returns the project or throws the refusal as an
 * {@link HttpError} (`{ code, message }` JSON with its status).
 *
 * @example
 * const project = authorizeProject({ config, projectId, origin: request.headers.origin })
 */
export function authorizeProject(parameters: CheckProjectParameters): ResolvedProject {
  const checked = checkProject(parameters)
  if (!checked.ok) throw new HttpError(checked.refusal)
  return checked.project
}
