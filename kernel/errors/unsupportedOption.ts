import { BaseError } from './BaseError.js'

// In a module of its own (not options.ts, which every page's first bytes carry): only the kernel,
// which loads on the visitor's first action, throws it.

/**
 * An option of the incumbent's shape that Portico does not have: it is refused rather than
 * accepted and read nowhere. The message says what to use instead.
 */
export class UnsupportedOptionError extends BaseError {
  override name = 'UnsupportedOptionError'
  override code = 'UNSUPPORTED_OPTION'
  /** The option as the site wrote it (`siwx`, `features.smartSessions`). */
  option: string
  constructor({ option, instead }: { option: string; instead: string }) {
    super(`Unsupported option \`${option}\`: ${instead}`, { docsPath: '/kernel/errors.md#unsupportedoptionerror' })
    this.option = option
  }
}
