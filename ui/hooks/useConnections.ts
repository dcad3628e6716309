import type { ChainNamespace, DeleteConnectionParameters, SwitchConnectionParameters, WalletConnection } from '../../kernel/index.js'
import { usePortico } from './usePortico.js'
import { useStore } from './useStore.js'

export type UseConnectionsReturnType = {
  /** The namespace's wallet connections, the active one first (several with the `multiWallet` feature on). */
  connections: WalletConnection[]
  /** Whether the site's `multiWallet` feature is on. */
  multiWallet: boolean
  switchConnection(parameters: SwitchConnectionParameters): Promise<void>
  deleteConnection(parameters: DeleteConnectionParameters): Promise<void>
}

/**
 * The wallets connected in a namespace (default: the active one) and the multi-wallet actions
 * (docs/guides/multi-wallet.md); with the feature off, the actions only show 'Multi-Wallet Not Enabled'.
 *
 * @example
 * const { connections, switchConnection } = useConnections({ namespace: 'eip155' })
 * connections.filter((c) => !c.active).map((c) => switchConnection({ connectorId: c.connectorId }))
 */
export function useConnections({ namespace }: { namespace?: ChainNamespace } = {}): UseConnectionsReturnType {
  const portico = usePortico('useConnections')
  const { connections, multiWallet } = useStore(() => ({
    connections: portico.getConnections(namespace),
    multiWallet: portico.stores.options.remoteFeatures.multiWallet === true,
  }))
  return {
    connections,
    multiWallet,
    switchConnection: (parameters) => portico.switchConnection({ ...(namespace ? { namespace } : {}), ...parameters }),
    deleteConnection: (parameters) => portico.deleteConnection({ ...(namespace ? { namespace } : {}), ...parameters }),
  }
}
