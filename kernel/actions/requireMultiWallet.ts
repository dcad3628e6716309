import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'

/**
 * Whether the `multiWallet` feature is on (spec §6); when it is off, shows the visitor the
 * 'Multi-Wallet Not Enabled' notice and answers false, so the action does nothing else.
 *
 * @example
 * if (!requireMultiWallet(portico)) return
 */
export function requireMultiWallet(portico: PorticoBase): boolean {
  if (portico.stores.options.remoteFeatures.multiWallet === true) return true
  runInAction(() => portico.stores.alerts.notice('MULTI_WALLET_NOT_ENABLED'))
  return false
}
