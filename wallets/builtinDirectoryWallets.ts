import type { DirectoryWallet } from '../kernel/kernel.js'
import { svgDataUrl } from '../kernel/utils/svgDataUrl.js'
import { builtinWallets, type BuiltinWallet } from './builtinWallets.js'

/**
 * A built-in wallet as a directory entry: its logo as a data URL (no request), its injected ids
 * (EIP-6963 rdns and Wallet Standard names) per namespace.
 *
 * @example
 * toDirectoryWallet(builtinWallets[0]).image_url // 'data:image/svg+xml,…'
 */
export function toDirectoryWallet(wallet: BuiltinWallet): DirectoryWallet {
  const entry: DirectoryWallet = { id: wallet.id, name: wallet.name, homepage: wallet.homepage }
  if (wallet.icon) entry.image_url = svgDataUrl(wallet.icon)
  for (const key of ['rdns', 'mobile_link', 'link_mode', 'browse_link', 'app_store', 'play_store', 'chrome_store'] as const) {
    const value = wallet[key]
    if (value) entry[key] = value
  }
  const injected = [
    // An rdns is an EIP-6963 announcement: the EVM namespace's.
    ...(wallet.rdns && wallet.namespaces.includes('eip155') ? [{ namespace: 'eip155', injected_id: wallet.rdns }] : []),
    ...Object.entries(wallet.walletStandard ?? {}).map(([namespace, injected_id]) => ({ namespace, injected_id })),
  ]
  if (injected.length) entry.injected = injected
  return entry
}

/**
 * The built-in wallets that serve at least one of the given namespaces, most used first, as
 * directory entries; every one when no namespace is given.
 *
 * @param namespaces - the CAIP-2 namespaces of the site's networks
 * @example
 * builtinDirectoryWallets(['solana']).map((w) => w.name) // ['Phantom', 'Trust Wallet', …]
 */
export function builtinDirectoryWallets(namespaces: readonly string[] = []): DirectoryWallet[] {
  const wanted = new Set(namespaces)
  return builtinWallets.filter((w) => wanted.size === 0 || w.namespaces.some((n) => wanted.has(n))).map(toDirectoryWallet)
}
