import { getWallets } from '@wallet-standard/app'
import { createSolanaDevWallet, type CreateSolanaDevWalletParameters } from '../../../../sandbox/solanaWallet/createSolanaDevWallet.js'
import { registerWalletStandardWallet } from '../../../../sandbox/solanaWallet/registerWalletStandardWallet.js'
import { devSolanaSecretKey } from '../../../../sandbox/solana/devSolana.js'

/** A Web Storage stand-in for the wallet's own memory across "reloads". */
export function walletStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

/**
 * Gives Node a window-like EventTarget (Wallet Standard registration travels through its events)
 * and returns the app registry of `@wallet-standard/app` bound to it. Call before the first
 * `getWallets()` of the test file.
 */
export function installWindow(): EventTarget {
  const g = globalThis as { window?: EventTarget }
  g.window ??= new EventTarget()
  getWallets()
  return g.window
}

/**
 * The real Solana Portico Dev Wallet (dev key), registered with the page by the Wallet Standard
 * event contract, sending to `rpcUrl`.
 */
export function registerDevWallet({ rpcUrl, ...rest }: { rpcUrl: string } & Partial<Omit<CreateSolanaDevWalletParameters, 'rpcUrl'>>) {
  const window = installWindow()
  const storage = rest.storage ?? walletStorage()
  const { wallet, control } = createSolanaDevWallet({ secretKey: devSolanaSecretKey(), rpcUrl: () => rpcUrl, ...rest, storage })
  const unregister = registerWalletStandardWallet(wallet, window)
  return { wallet, control, storage, unregister }
}
