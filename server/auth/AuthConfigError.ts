import { BaseError } from '../../kernel/errors/BaseError.js'

export type AuthConfigErrorType = AuthConfigError & { name: 'AuthConfigError' }

/**
 * The `auth` section of the server's configuration is wrong; the message says which field and why.
 *
 * @example
 * throw new AuthConfigError('auth.shareKey must be 32 bytes (64 hex digits or base64)')
 */
export class AuthConfigError extends BaseError {
  override name = 'AuthConfigError'
  override code = 'AUTH_CONFIG_INVALID'

  constructor(message: string) {
    super(`createServer: ${message}`, { docsPath: '/server/auth.md' })
  }
}
