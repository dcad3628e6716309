/**
 * Which Sui node API a network URL speaks: `graphql` when its path ends in `/graphql` (Sui's
 * GraphQL RPC, e.g. `https://graphql.mainnet.sui.io/graphql`, what the presets use), otherwise
 * `jsonRpc` (full-node JSON-RPC, deprecated by Sui and switched off on its public nodes since
 * July 2026: only for a site that configures a provider that still serves it).
 *
 * @param url a network's `rpcUrls.default.http` entry
 * @returns the API the plugin talks to it with
 * @example
 * suiNodeApi('https://graphql.mainnet.sui.io/graphql') // 'graphql'
 */
export function suiNodeApi(url: string): 'graphql' | 'jsonRpc' {
  let path: string
  try {
    path = new URL(url).pathname
  } catch {
    return 'jsonRpc'
  }
  return /\/graphql\/?$/.test(path) ? 'graphql' : 'jsonRpc'
}
