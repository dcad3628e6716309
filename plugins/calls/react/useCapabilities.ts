import { useCallback, useEffect, useState } from 'react'
import type { BaseError, CaipNetworkId, ChainNamespace } from '../../../kernel/index.js'
import type { WalletCapabilitiesByChain } from '../types.js'
import { usePortico, usePorticoState } from '../../../ui/index.js'

export type UseCapabilitiesReturnType = {
  /** The wallet's capabilities by chain (CAIP-2), once read. */
  capabilities: WalletCapabilitiesByChain | undefined
  error: BaseError | undefined
  loading: boolean
  refetch: () => Promise<void>
}

/**
 * What the connected wallet can do for the account (`portico.getCapabilities`), read again when
 * the account or its chain changes.
 *
 * @example
 * const { capabilities } = useCapabilities()
 * capabilities?.['eip155:31337']?.atomic // { status: 'supported' }
 */
export function useCapabilities({ namespace, caipNetworkIds }: { namespace?: ChainNamespace; caipNetworkIds?: readonly CaipNetworkId[] } = {}): UseCapabilitiesReturnType {
  const portico = usePortico('useCapabilities')
  const state = usePorticoState('useCapabilities')
  const ns = namespace ?? state.activeNamespace
  const caipAddress = state.connections[ns]?.caipAddress
  const chains = caipNetworkIds?.join(',')
  const [result, setResult] = useState<{ for?: string; capabilities?: WalletCapabilitiesByChain; error?: BaseError; loading: boolean }>({ loading: false })
  const load = useCallback(async () => {
    if (!caipAddress) return
    setResult({ for: caipAddress, loading: true })
    try {
      const capabilities = await portico.getCapabilities({ namespace: ns, ...(chains ? { caipNetworkIds: chains.split(',') as CaipNetworkId[] } : {}) })
      setResult((r) => (r.for === caipAddress ? { for: caipAddress, capabilities, loading: false } : r))
    } catch (error) {
      setResult((r) => (r.for === caipAddress ? { for: caipAddress, error: error as BaseError, loading: false } : r))
    }
  }, [portico, ns, caipAddress, chains])
  useEffect(() => {
    void load()
  }, [load])
  const current = caipAddress && result.for === caipAddress ? result : { loading: false }
  return { capabilities: current.capabilities, error: current.error, loading: current.loading, refetch: load }
}
