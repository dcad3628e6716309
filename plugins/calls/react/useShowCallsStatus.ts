import { useCallback, useState } from 'react'
import type { BaseError, ChainNamespace } from '../../../kernel/index.js'
import { usePortico } from '../../../ui/index.js'

export type UseShowCallsStatusReturnType = {
  /** Asks the wallet to show the batch (`portico.showCallsStatus`). */
  showCallsStatus: (id: string, options?: { namespace?: ChainNamespace }) => Promise<void>
  pending: boolean
  error: BaseError | undefined
}

/**
 * Asks the wallet to show a batch to the visitor (EIP-5792 `wallet_showCallsStatus`).
 *
 * @example
 * const { showCallsStatus } = useShowCallsStatus()
 * await showCallsStatus(id)
 */
export function useShowCallsStatus(): UseShowCallsStatusReturnType {
  const portico = usePortico('useShowCallsStatus')
  const [state, setState] = useState<{ pending: boolean; error?: BaseError }>({ pending: false })
  const showCallsStatus = useCallback(
    async (id: string, options: { namespace?: ChainNamespace } = {}) => {
      setState({ pending: true })
      try {
        await portico.showCallsStatus(id, options)
        setState({ pending: false })
      } catch (error) {
        setState({ pending: false, error: error as BaseError })
        throw error
      }
    },
    [portico],
  )
  return { showCallsStatus, pending: state.pending, error: state.error }
}
