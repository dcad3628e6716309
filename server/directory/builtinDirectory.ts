import { builtinWallets, type BuiltinWallet } from '../../wallets/builtinWallets.js'
import type { WcWallet } from './WcWallet.js'

/**
 * A built-in wallet as a `/getWallets` entry: it serves its namespaces whole, and its logo is
 * `/getWalletImage/<id>` (the image id is the wallet's id).
 *
 * @example
 * toWcWallet(builtinWallets[0]).image_id // 'metamask'
 */
export function toWcWallet(wallet: BuiltinWallet, order: number): WcWallet {
  const injected = [
    ...(wallet.rdns && wallet.namespaces.includes('eip155') ? [{ namespace: 'eip155', injected_id: wallet.rdns }] : []),
    ...Object.entries(wallet.walletStandard ?? {}).map(([namespace, injected_id]) => ({ namespace, injected_id })),
  ]
  return {
    id: wallet.id,
    name: wallet.name,
    homepage: wallet.homepage,
    image_id: wallet.id,
    order,
    mobile_link: wallet.mobile_link ?? null,
    link_mode: wallet.link_mode ?? null,
    app_store: wallet.app_store ?? null,
    play_store: wallet.play_store ?? null,
    chrome_store: wallet.chrome_store ?? null,
    rdns: wallet.rdns ?? null,
    injected: injected.length ? injected : null,
    namespaces: [...wallet.namespaces],
    badge_type: 'none',
    supports_wc: Boolean(wallet.mobile_link || wallet.link_mode),
  }
}

/**
 * The server's default wallet directory: Portico's built-in list of real wallets (a self-hoster
 * passes `directory` to serve their own file instead).
 *
 * @example
 * loadDirectory(db, builtinDirectory())
 */
export function builtinDirectory(): WcWallet[] {
  return builtinWallets.map((wallet, index) => toWcWallet(wallet, index + 1))
}

/**
 * The logo of a built-in wallet by its image id, or undefined.
 *
 * @example
 * builtinWalletLogo('metamask') // '<svg …>'
 */
export function builtinWalletLogo(imageId: string): string | undefined {
  return builtinWallets.find((wallet) => wallet.id === imageId)?.icon
}
