import { ChainNotSupportedError, ProviderRpcError, toHexChainId, type Network } from '../../../kernel/kernel.js'
import type { Eip1193Provider } from '../discovery/Eip1193Provider.js'
import { shouldAddChain } from '../utils/shouldAddChain.js'

/**
 * Asks the wallet to switch to a network; when the wallet does not know the chain (4902, a nested
 * 4902, 5000, ±32603) it adds it with `wallet_addEthereumChain` and switches again. A rejection
 * stays a rejection (4001); any other failure is `Chain is not supported`.
 *
 * @example
 * await switchChain(provider, devnetB)
 */
export async function switchChain(provider: Eip1193Provider, network: Network): Promise<void> {
  const chainId = toHexChainId(network.caipNetworkId)
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    return
  } catch (error) {
    const rpc = ProviderRpcError.from(error)
    if (rpc.isUserRejection && !shouldAddChain(error)) throw rpc
    if (!shouldAddChain(error)) throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId, cause: error })
  }
  const rpcUrls = network.rpcUrls.chainDefault?.http?.length ? network.rpcUrls.chainDefault.http : network.rpcUrls.default.http
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: [...rpcUrls],
          ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
          ...(network.assets?.imageUrl ? { iconUrls: [network.assets.imageUrl] } : {}),
        },
      ],
    })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    const rpc = ProviderRpcError.from(error)
    if (rpc.isUserRejection) throw rpc
    throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId, cause: error })
  }
}
