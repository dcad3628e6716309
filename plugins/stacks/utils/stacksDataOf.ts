import type { Network } from '../../../kernel/kernel.js'
import { StacksNetworkError } from '../errors.js'
import type { StacksChainData } from '../networks/defineStacksNetwork.js'

/**
 * The Stacks data of a network (`defineStacksNetwork`); a plain `stacks:<id>` network without it is
 * read as mainnet (`stacks:1`) or testnet (any other id).
 *
 * @throws StacksNetworkError when the network is not a `stacks:` network
 * @example
 * stacksDataOf(stacksMainnet).chainId // 1
 */
export function stacksDataOf(network: Network): StacksChainData {
  const data = (network as { stacks?: Partial<StacksChainData> }).stacks
  const [namespace, reference] = network.caipNetworkId.split(':')
  if (namespace !== 'stacks' || !/^\d{1,10}$/.test(reference ?? '')) throw new StacksNetworkError(`${network.name} is not a Stacks network`)
  const chainId = Number(reference)
  const addressNetwork = data?.addressNetwork === 'mainnet' || data?.addressNetwork === 'testnet' ? data.addressNetwork : chainId === 1 ? 'mainnet' : 'testnet'
  return {
    chainId,
    addressNetwork,
    walletNetwork: typeof data?.walletNetwork === 'string' ? data.walletNetwork : addressNetwork,
    ...(typeof data?.explorerQuery === 'string' ? { explorerQuery: data.explorerQuery } : {}),
  }
}
