import type { DirectoryWallet, Portico } from '../../kernel/kernel.js'

/**
 * The built-in wallets (Portico's list of real wallets) of the site's namespaces, most used first,
 * as directory entries: each chain plugin lends its namespace's (`portico.builtinWallets`), loaded
 * on first read; an observer view re-renders when they arrive.
 *
 * @example
 * builtinWalletsFor(portico).map((w) => w.name) // ['MetaMask', 'Phantom', …]
 */
export function builtinWalletsFor(portico: Portico): DirectoryWallet[] {
  return portico.builtinWallets.for(portico.stores.networks.namespaces)
}

/**
 * Where to get a wallet on this device: its store (App Store on an iPhone or iPad, Google Play on
 * another phone, the Chrome Web Store on a computer) when it lists one, else its website.
 *
 * @param wallet - a directory entry (its links already sanitized: https only)
 * @param device - whether the page runs on a phone, and its user agent
 * @returns the link to get the wallet, or undefined when the entry lists none
 * @example
 * installLink(wallet, { isMobile: false, userAgent: navigator.userAgent }) // 'https://chrome.google.com/webstore/…'
 */
export function installLink(wallet: DirectoryWallet, { isMobile, userAgent }: { isMobile: boolean; userAgent: string }): string | undefined {
  const store = isMobile ? (/iPhone|iPad|iPod/i.test(userAgent) ? wallet.app_store : wallet.play_store) : wallet.chrome_store
  return store ?? wallet.homepage ?? undefined
}
