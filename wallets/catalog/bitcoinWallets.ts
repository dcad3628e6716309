// Built-in wallets that began on Bitcoin and Stacks (sources: see ./evmWallets.ts; here mostly
// @stacks/connect's WBIP004 providers, hirosystems/connect packages/connect/src/providers.ts, and
// the wallets' own pages). A field no source documents is left out.
import type { BuiltinWallet } from '../builtinWallets.js'

export const unisatWallet: BuiltinWallet = {
  // `window.unisat`, which the bip122 plugin reads.
  id: 'unisat',
  name: 'UniSat Wallet',
  namespaces: ['bip122'],
  homepage: 'https://unisat.io/',
  chrome_store: 'https://chromewebstore.google.com/detail/unisat-wallet/ppbibelpcjmhbdihakflkdcoccbgbkpo',
}

export const asignaWallet: BuiltinWallet = {
  // A multisig web app for Bitcoin and Stacks.
  id: 'asigna',
  name: 'Asigna Multisig',
  namespaces: ['bip122', 'stacks'],
  homepage: 'https://asigna.io/',
}

export const oylWallet: BuiltinWallet = {
  id: 'oyl',
  name: 'OYL',
  namespaces: ['bip122'],
  homepage: 'https://oyl.io/',
}
