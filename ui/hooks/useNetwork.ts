import type { Network } from '../../kernel/index.js'
import { usePortico } from './usePortico.js'
import { usePorticoState } from './usePorticoState.js'

/**
 * The active network and a way to switch.
 *
 * @example
 * const { network, switchNetwork } = useNetwork()
 */
export function useNetwork() {
  const portico = usePortico('useNetwork')
  const state = usePorticoState('useNetwork')
  const network: Network | undefined = portico.stores.networks.find(state.activeNetworkId)
  return {
    network,
    caipNetworkId: state.activeNetworkId,
    networks: portico.stores.networks.networks,
    switchNetwork: (target: Network | `${string}:${string}`) => portico.switchNetwork(target),
  }
}
