import type { Wallet } from '@wallet-standard/base'

/** The part of `window` the registration contract needs (an `EventTarget` in Node tests). */
export type WalletStandardWindow = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>

type RegisterApi = { register(...wallets: Wallet[]): () => void }

/**
 * Registers a wallet with every Wallet Standard app on the page, by the standard's event contract:
 * it dispatches `wallet-standard:register-wallet` with a callback as `detail` (apps already
 * listening call it with their `register`), and answers each later `wallet-standard:app-ready`
 * (whose `detail` is the app's `{ register }`) the same way. So the wallet is found whether it
 * loads before or after the app.
 *
 * @param wallet - the Wallet Standard wallet
 * @param target - the page's `window` (default the global one)
 * @returns a function that stops answering `app-ready` and unregisters from the apps reached
 * @example
 * const unregister = registerWalletStandardWallet(wallet)
 */
export function registerWalletStandardWallet(wallet: Wallet, target: WalletStandardWindow = globalThis as unknown as WalletStandardWindow): () => void {
  const unregisters: (() => void)[] = []
  const callback = (api: unknown) => {
    const register = (api as RegisterApi | undefined)?.register
    if (typeof register !== 'function') return
    try {
      const unregister = register(wallet)
      if (typeof unregister === 'function') unregisters.push(unregister)
    } catch {
      // a broken app must not stop the wallet from registering with others
    }
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent<unknown>).detail)
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
