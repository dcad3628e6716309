// The built-in wallets of `cosmos`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The cosmos plugin lends them to the kernel's
// `builtinWallets` registry, so a page carries only the wallets (and logos) of its namespaces.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import { keplrWallet } from '../builtinWallets.js'

/**
 * The built-in wallets that serve `cosmos`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * cosmosWallets().map((w) => w.id) // ['keplr']
 */
export function cosmosWallets(): DirectoryWallet[] {
  return [keplrWallet].map(toDirectoryWallet)
}
