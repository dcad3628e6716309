import { configure } from 'mobx'

let configured = false

/**
 * Configures MobX once for Portico: actions enforced on observed state, and a global state of
 * its own so a host page's MobX and Portico's never meet.
 */
export function configureMobx(): void {
  if (configured) return
  configured = true
  configure({ enforceActions: 'observed', isolateGlobalState: true })
}
