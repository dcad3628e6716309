import type { Network } from '../../kernel/index.js'
import { usePorticoHandle } from './usePorticoHandle.js'
import { usePorticoState } from './usePorticoState.js'

/**
 * The active network and a way to switch (before the kernel loads too: switching loads it).
 *
 * @example
 * const { network, switchNetwork } = useNetwork()
 */
export function useNetwork() {
  const portico = usePorticoHandle('useNetwork')
  const state = usePorticoState('useNetwork')
  const network: Network | undefined = portico.options.networks.find((n) => n.caipNetworkId === state.activeNetworkId)
  return {
    network,
    caipNetworkId: state.activeNetworkId,
    networks: portico.options.networks,
    switchNetwork: (target: Network | `${string}:${string}`) => portico.switchNetwork(target),
  }
}
