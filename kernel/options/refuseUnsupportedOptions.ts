import { UnsupportedOptionError } from '../errors/unsupportedOption.js'
import type { PorticoOptions } from '../types/options.js'

/** The incumbent's features Portico does not have, turned on: each is refused, with what to do instead. */
const unsupportedFeatures: Record<string, string> = {
  smartSessions: 'Portico has no smart sessions (ERC-7715); remove the option',
  reownBranding: 'Portico shows no vendor branding in the modal; remove the option',
}

/** What to use instead of the incumbent's `siwx` / `siweConfig` options. */
const signInInstead = "sign-in is a plugin: `plugins: [siwx({ … })]` from 'portico/siwx'"

/**
 * Refuses the incumbent's options that Portico does not have, when the kernel loads (not in a
 * page's first bytes, like plugin options): its `siwx` and `siweConfig` sign-in options (sign-in
 * is the siwx plugin), and its ERC-7715 smart sessions and "UX by Reown" footer turned on. Each is
 * an error rather than an option read nowhere; leaving the two features off (`false`) is what
 * Portico does anyway. (Both `siwx` and `siweConfig` at once is the spec's `SiweAndSiwxError`,
 * thrown by `createPortico` at page start.)
 *
 * @throws UnsupportedOptionError for `siwx`, `siweConfig`, `features.smartSessions: true` or `features.reownBranding: true`
 * @example
 * refuseUnsupportedOptions({ ...options, features: { smartSessions: true } }) // throws UnsupportedOptionError
 */
export function refuseUnsupportedOptions(options: Pick<PorticoOptions, 'siwx' | 'siweConfig' | 'features'>): void {
  for (const key of ['siwx', 'siweConfig'] as const) {
    if (options[key] !== undefined) throw new UnsupportedOptionError({ option: key, instead: signInInstead })
  }
  for (const [key, instead] of Object.entries(unsupportedFeatures)) {
    if ((options.features as Record<string, unknown> | undefined)?.[key] === true) throw new UnsupportedOptionError({ option: `features.${key}`, instead })
  }
}
