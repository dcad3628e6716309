import { BaseError } from '../../kernel/errors/BaseError.js'

/** The sandbox's ERC-4337 part (EntryPoint, factory, paymaster, alto) could not be set up. */
export class AccountAbstractionSetupError extends BaseError {
  override name = 'AccountAbstractionSetupError'
  override code = 'SANDBOX_ACCOUNT_ABSTRACTION_SETUP_FAILED'
  constructor(message: string, options: { cause?: unknown; output?: string } = {}) {
    super(message, {
      docsPath: '/guides/smart-accounts',
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
      ...(options.output?.trim() ? { metaMessages: ['Last output:', options.output.trim().slice(-1500)] } : {}),
    })
  }
}

/** The alto bundler exited, or did not answer `eth_supportedEntryPoints` in time. */
export class BundlerStartError extends BaseError {
  override name = 'BundlerStartError'
  override code = 'SANDBOX_BUNDLER_START_FAILED'
  constructor({ reason, output, cause }: { reason: string; output: string; cause?: unknown }) {
    super(`The alto bundler did not start: ${reason}`, {
      docsPath: '/guides/smart-accounts',
      ...(cause !== undefined ? { cause } : {}),
      ...(output.trim() ? { metaMessages: ['Last output of alto:', output.trim().slice(-1500)] } : {}),
    })
  }
}
