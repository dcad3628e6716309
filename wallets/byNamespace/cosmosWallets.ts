// The built-in wallets of `cosmos`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The cosmos plugin lends them to the kernel's
// `builtinWallets` registry and imports this module only when a view first lists them, so a page
// carries only the wallets (and logos) of its namespaces, and only once it shows them.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import {
  compassWallet,
  cosmostationWallet,
  cryptoComWallet,
  ctrlWallet,
  exodusWallet,
  finWallet,
  frontierWallet,
  gateWallet,
  keplrWallet,
  leapWallet,
  ninjiWallet,
  oktoWallet,
  owalletWallet,
  stationWallet,
} from '../builtinWallets.js'

/**
 * The built-in wallets that serve `cosmos`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * cosmosWallets().map((w) => w.id) // ['keplr', 'exodus', …]
 */
export function cosmosWallets(): DirectoryWallet[] {
  return [
    keplrWallet,
    exodusWallet,
    gateWallet,
    leapWallet,
    cosmostationWallet,
    stationWallet,
    cryptoComWallet,
    frontierWallet,
    ctrlWallet,
    compassWallet,
    finWallet,
    owalletWallet,
    ninjiWallet,
    oktoWallet,
  ].map(toDirectoryWallet)
}
