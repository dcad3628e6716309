import { invalidParams } from '../errors.js'
import { isRecord } from '../utils/isRecord.js'

/** The frame page's configuration (`<script type="application/json" id="portico-frame-config">`). */
export type FrameConfig = {
  projectId: string
  /** Origin patterns allowed to connect (CSP-style: exact, `:*` ports, `*.` subdomains). */
  allowedOrigins: string[]
  /** The auth service's base path on the wallet origin (`/auth/v1`). */
  apiBase: string
  /** The RPC proxy's base path on the wallet origin (`/v1/`). */
  rpcBase: string
}

/**
 * Reads and checks the frame's configuration; throws INVALID_PARAMS naming the bad field.
 *
 * @example
 * readFrameConfig(JSON.parse(document.getElementById('portico-frame-config')!.textContent!))
 */
export function readFrameConfig(value: unknown): FrameConfig {
  if (!isRecord(value)) throw invalidParams('The frame configuration must be an object')
  const { projectId, allowedOrigins, apiBase = '/auth/v1', rpcBase = '/v1/' } = value
  if (typeof projectId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(projectId)) throw invalidParams('The frame configuration needs a projectId')
  if (!Array.isArray(allowedOrigins) || !allowedOrigins.every((o) => typeof o === 'string')) throw invalidParams('The frame configuration needs allowedOrigins: string[]')
  if (typeof apiBase !== 'string' || !apiBase.startsWith('/')) throw invalidParams('apiBase must be a path on the wallet origin')
  if (typeof rpcBase !== 'string' || !rpcBase.startsWith('/')) throw invalidParams('rpcBase must be a path on the wallet origin')
  return { projectId, allowedOrigins: [...allowedOrigins], apiBase, rpcBase }
}
