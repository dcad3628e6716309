import type { Network } from '../../../kernel/kernel.js'
import { CosmosNetworkError } from '../errors.js'
import type { CosmosChainData } from '../networks/defineCosmosNetwork.js'

/**
 * The Cosmos chain data of a network built with `defineCosmosNetwork`.
 *
 * @throws CosmosNetworkError when the network has none
 * @example
 * cosmosDataOf(cosmosHub).bech32Prefix // 'cosmos'
 */
export function cosmosDataOf(network: Network): CosmosChainData {
  const data = (network as Network & { cosmos?: CosmosChainData }).cosmos
  if (!data || typeof data.chainId !== 'string' || typeof data.bech32Prefix !== 'string' || typeof data.denom !== 'string') {
    throw new CosmosNetworkError(`${network.name} is not a Cosmos network (build it with defineCosmosNetwork)`)
  }
  return data
}
