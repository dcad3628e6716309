import { InvalidOptionError } from '../errors/options.js'
import type { PorticoOptions } from '../types/options.js'

/**
 * Checks `features` for what Portico does not have, when the kernel loads (not in a page's first
 * bytes, like plugin options): the incumbent's ERC-7715 smart sessions. Asking for them is an
 * error rather than an option read nowhere; leaving them off is fine.
 *
 * @throws InvalidOptionError for `features.smartSessions: true`
 * @example
 * validateFeatures({ smartSessions: true }) // throws InvalidOptionError
 */
export function validateFeatures(features: PorticoOptions['features']): void {
  if ((features as { smartSessions?: unknown } | undefined)?.smartSessions === true) {
    throw new InvalidOptionError({ option: 'features.smartSessions', reason: 'Portico has no smart sessions (ERC-7715): remove the option' })
  }
}
