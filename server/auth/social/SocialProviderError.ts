import { BaseError } from '../../../kernel/errors/BaseError.js'

export type SocialProviderErrorType = SocialProviderError & { name: 'SocialProviderError' }

/**
 * A social provider refused or failed a login (the visitor declined, the token exchange failed, the
 * id_token did not verify); the message names the provider. Answered as `PROVIDER_ERROR`.
 *
 * @example
 * throw new SocialProviderError({ provider: 'Google', reason: 'the login was cancelled (access_denied)' })
 */
export class SocialProviderError extends BaseError {
  override name = 'SocialProviderError'
  override code = 'PROVIDER_ERROR'

  constructor({ provider, reason, cause }: { provider: string; reason: string; cause?: unknown }) {
    super(`${provider} login failed: ${reason}`, { cause, docsPath: '/server/auth.md' })
  }
}
