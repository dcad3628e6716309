import { useCallback, useRef, useState } from 'react'
import type { BaseError } from '../../../kernel/index.js'
import type { SendCallsParameters } from '../actions/sendCalls.js'
import { usePortico } from '../../../ui/index.js'

export type UseSendCallsReturnType = {
  /** Sends one batch (`portico.sendCalls`); resolves with its id, rejects with the typed error. */
  sendCalls: (parameters: SendCallsParameters) => Promise<string>
  /** The last batch's id, once the wallet accepted it. */
  id: string | undefined
  status: 'idle' | 'pending' | 'success' | 'error'
  error: BaseError | undefined
  reset: () => void
}

/**
 * Sends batches of calls (EIP-5792) from the connected account, keeping the last one's id, status
 * and error.
 *
 * @example
 * const { sendCalls, id, error } = useSendCalls()
 * await sendCalls({ calls: [{ to, data }], atomicRequired: true })
 */
export function useSendCalls(): UseSendCallsReturnType {
  const portico = usePortico('useSendCalls')
  const [state, setState] = useState<{ id?: string; status: UseSendCallsReturnType['status']; error?: BaseError }>({ status: 'idle' })
  const turn = useRef(0)
  const sendCalls = useCallback(
    async (parameters: SendCallsParameters) => {
      const mine = ++turn.current
      setState({ status: 'pending' })
      try {
        const { id } = await portico.sendCalls(parameters)
        if (mine === turn.current) setState({ id, status: 'success' })
        return id
      } catch (error) {
        if (mine === turn.current) setState({ status: 'error', error: error as BaseError })
        throw error
      }
    },
    [portico],
  )
  const reset = useCallback(() => {
    turn.current++
    setState({ status: 'idle' })
  }, [])
  return { sendCalls, id: state.id, status: state.status, error: state.error, reset }
}
