import type { Portico } from '../../kernel/index.js'

const namespace = 'eip155'

/** How a wait for the visitor ended: a connection, or the modal closed without one. */
export type WaitForConnectionReturnType = 'connected' | 'closed'

/**
 * Waits until the eip155 namespace is connected, or until the modal is closed while nothing is
 * connected or connecting (a connection still being made when the modal closes is waited for).
 *
 * @example
 * await portico.open({ namespace: 'eip155' })
 * if ((await waitForConnection(portico)) === 'closed') throw new UserRejectedRequestError(…)
 */
export function waitForConnection(portico: Portico): Promise<WaitForConnectionReturnType> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const { status } = portico.stores.connections.get(namespace)
      if (status === 'connected') return done('connected')
      if (!portico.stores.modal.open && status === 'disconnected') return done('closed')
      return false
    }
    let stop: (() => void) | undefined
    let finished = false
    const done = (outcome: WaitForConnectionReturnType) => {
      finished = true
      stop?.()
      resolve(outcome)
      return true
    }
    if (check()) return
    stop = portico.subscribe('state', () => void check())
    if (finished) stop()
  })
}
