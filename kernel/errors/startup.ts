import { BaseError } from './BaseError.js'

/**
 * A plugin's start-time probe (`startup`) threw at page start: it counts as "nothing to do now"; the page goes on.
 * Its own module, made only by the kernel once it loads (kept out of a page's first bytes).
 */
export class StartupProbeError extends BaseError {
  override name = 'StartupProbeError'
  override code = 'STARTUP_PROBE_FAILED'
  constructor({ plugin, cause }: { plugin: string; cause: unknown }) {
    super(`The "${plugin}" plugin's start-time probe failed`, {
      cause,
      docsPath: '/kernel/errors.md#startupprobeerror',
      metaMessages: ['The kernel loads when the visitor acts, as without the probe. A probe reads only its context and must not throw.'],
    })
  }
}
