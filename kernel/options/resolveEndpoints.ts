import { defaultEndpoints, type Endpoints, type PorticoOptions } from '../types/options.js'
import { version } from '../version.js'

/**
 * The endpoints an instance talks to: each one the site set, else its `api` endpoint, else the default.
 *
 * @example
 * resolveEndpoints({ endpoints: { api: 'http://127.0.0.1:4700' } }).blockchainApi // 'http://127.0.0.1:4700'
 */
export function resolveEndpoints(options: Pick<PorticoOptions, 'endpoints'>): Required<Endpoints> {
  const api = options.endpoints?.api
  return {
    api: api ?? defaultEndpoints.api,
    blockchainApi: options.endpoints?.blockchainApi ?? api ?? defaultEndpoints.blockchainApi,
    analytics: options.endpoints?.analytics ?? api ?? defaultEndpoints.analytics,
    relay: options.endpoints?.relay ?? defaultEndpoints.relay,
  }
}

/**
 * The `sv` every request carries: `<framework>-<chain plugins>-<version>`.
 *
 * @example
 * sdkVersionOf({ plugins: [eip155()] }) // 'react-eip155-0.1.0'
 */
export function sdkVersionOf(options: Pick<PorticoOptions, 'framework' | 'plugins'>): string {
  const chainPlugins = options.plugins.filter((p) => p.kind === 'chain').map((p) => p.name)
  return `${options.framework ?? 'react'}-${chainPlugins.join(',') || 'core'}-${version}`
}
