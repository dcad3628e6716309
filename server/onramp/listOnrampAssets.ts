import type { ChainConfig } from '../createServer.js'
import type { OnrampAsset } from './OnrampProvider.js'

/** The namespaces the on-ramp sells on (spec §9: balance, send and on-ramp chains are eip155 and solana). */
export const onrampNamespaces = ['eip155', 'solana'] as const

/**
 * Every asset of the server's eip155 and solana chains: each chain's native currency, then its
 * configured tokens (ERC-20 contracts, SPL mints). Which a provider sells is its own `supports`.
 *
 * @example
 * listOnrampAssets(config.chains) // [{ chainId: 'eip155:1', symbol: 'ETH', … }, …]
 */
export function listOnrampAssets(chains: readonly ChainConfig[]): OnrampAsset[] {
  const assets: OnrampAsset[] = []
  for (const chain of chains) {
    if (!(onrampNamespaces as readonly string[]).includes(chain.caipNetworkId.split(':')[0] as string)) continue
    assets.push({ chainId: chain.caipNetworkId, chainName: chain.name, symbol: chain.nativeCurrency.symbol, name: chain.nativeCurrency.name, decimals: chain.nativeCurrency.decimals })
    for (const token of chain.tokens ?? []) assets.push({ chainId: chain.caipNetworkId, chainName: chain.name, address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals })
  }
  return assets
}
