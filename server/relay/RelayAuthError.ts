import { BaseError } from '../../kernel/errors/BaseError.js'

export type RelayAuthErrorType = RelayAuthError & { name: 'RelayAuthError' }

/**
 * The relay refused a connection: its JWT (or project id) is missing, malformed, expired or not
 * signed by the key it names. `status` is the HTTP status the upgrade is answered with.
 *
 * @example
 * try { verifyRelayJwt({ jwt, path: '/relay', nowMs: Date.now() }) } catch (e) { if (e instanceof RelayAuthError) e.status }
 */
export class RelayAuthError extends BaseError {
  override name = 'RelayAuthError'
  override code = 'RELAY_UNAUTHORIZED'
  /** HTTP status for the refused upgrade: 401 for a bad JWT, 400 for a missing project id. */
  status: 400 | 401

  constructor(shortMessage: string, parameters: { status?: 400 | 401; cause?: unknown } = {}) {
    super(shortMessage, {
      cause: parameters.cause,
      docsPath: '/server/relay.md#authentication',
    })
    this.status = parameters.status ?? 401
  }
}
