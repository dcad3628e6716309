import { sandboxProjectId } from '../config.js'

/**
 * The server's proxy base for a stacks chain and the sandbox's project (see
 * `server/routes/registerStacksProxyRoutes.ts`): node API (`/v2/…`) and blockchain API
 * (`/extended/v1/…`) paths are appended to it.
 *
 * @example
 * stacksProxyUrl('http://127.0.0.1:4700', 'stacks:2147483649')
 * // 'http://127.0.0.1:4700/v1/stacks/demo/stacks:2147483649'
 */
export function stacksProxyUrl(origin: string, caipNetworkId: string): string {
  return `${origin}/v1/stacks/${sandboxProjectId}/${caipNetworkId}`
}
