import { useEffect, useState } from 'react'
import type { BaseError, ChainNamespace } from '../../../kernel/index.js'
import type { CallsStatus } from '../types.js'
import { usePortico } from '../../../ui/index.js'

export type UseCallsStatusReturnType = {
  /** The batch's latest status; polling stops once it is not `pending`. */
  status: CallsStatus | undefined
  error: BaseError | undefined
  /** True until the status is final (or polling failed). */
  loading: boolean
}

/**
 * Follows a batch (`portico.getCallsStatus`) every `intervalMs` (default 1 s) until it is final.
 *
 * @param id - the batch id from `sendCalls`; nothing happens while undefined
 * @example
 * const { status } = useCallsStatus(id)
 * status?.status // 'success'
 */
export function useCallsStatus(id: string | undefined, { intervalMs = 1_000, namespace }: { intervalMs?: number; namespace?: ChainNamespace } = {}): UseCallsStatusReturnType {
  const portico = usePortico('useCallsStatus')
  const [state, setState] = useState<{ for?: string; status?: CallsStatus; error?: BaseError }>({})
  useEffect(() => {
    if (!id) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    setState({ for: id })
    const poll = async () => {
      try {
        const status = await portico.getCallsStatus(id, namespace ? { namespace } : {})
        if (stopped) return
        setState({ for: id, status })
        if (status.status === 'pending') timer = setTimeout(poll, intervalMs)
      } catch (error) {
        if (!stopped) setState({ for: id, error: error as BaseError })
      }
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [portico, id, intervalMs, namespace])
  const current = id && state.for === id ? state : {}
  return { status: current.status, error: current.error, loading: Boolean(id) && !current.error && (current.status === undefined || current.status.status === 'pending') }
}
