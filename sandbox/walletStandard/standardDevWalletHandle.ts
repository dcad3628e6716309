import type { Wallet } from '@wallet-standard/base'

import { registerWalletStandardWallet } from '../solanaWallet/registerWalletStandardWallet.js'
import type { StandardDevWalletControl } from './createStandardDevWallet.js'

/** What a Wallet Standard dev wallet exposes on `window.__portico…DevWallet` (for tests and tinkerers). */
export type StandardDevWalletHandle = Readonly<
  Pick<StandardDevWalletControl, 'setMode' | 'getMode' | 'getState' | 'disconnect' | 'activity' | 'address'> & {
    wallet: Wallet
    /** Register with the page's Wallet Standard apps again (a late registration). */
    register(): void
  }
>

/**
 * Registers a Wallet Standard dev wallet with the page's apps and sets its frozen handle on
 * `window[name]` (not writable, not configurable).
 *
 * @param parameters the wallet, its controls and the window property
 * @returns the handle
 * @example
 * standardDevWalletHandle({ wallet, control, name: '__porticoSuiDevWallet' })
 */
export function standardDevWalletHandle({ wallet, control, name }: { wallet: Wallet; control: StandardDevWalletControl; name: string }): StandardDevWalletHandle {
  let unregister = registerWalletStandardWallet(wallet, window)
  const handle: StandardDevWalletHandle = Object.freeze({
    setMode: control.setMode,
    getMode: control.getMode,
    getState: control.getState,
    disconnect: control.disconnect,
    activity: control.activity,
    address: control.address,
    wallet,
    register() {
      unregister()
      unregister = registerWalletStandardWallet(wallet, window)
    },
  })
  Object.defineProperty(window, name, { value: handle, configurable: false, writable: false })
  return handle
}
