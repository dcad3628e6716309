// Built-in wallets that began on Solana (sources: see ./evmWallets.ts; here mostly the Solana
// wallet adapters, anza-xyz/wallet-adapter packages/wallets/*, whose `url` is the homepage, and the
// Sui wallet kit's list of the names wallets register, suiet/wallet-kit). A field no source
// documents is left out. Logos are @web3icons/core's (MIT) where it has one.
import glow from '@web3icons/core/svgs/wallets/branded/glow.svg.js'
import trezor from '@web3icons/core/svgs/wallets/branded/trezor.svg.js'
import type { BuiltinWallet } from '../builtinWallets.js'

export const glowWallet: BuiltinWallet = {
  id: 'glow',
  name: 'Glow',
  namespaces: ['solana'],
  homepage: 'https://glow.app/',
  icon: glow,
}

export const nightlyWallet: BuiltinWallet = {
  id: 'nightly',
  name: 'Nightly',
  namespaces: ['solana', 'sui'],
  homepage: 'https://nightly.app/',
  walletStandard: { sui: 'Nightly' },
  chrome_store: 'https://chrome.google.com/webstore/detail/nightly/fiikommddbeccaoicoejoniammnalkfa',
}

export const mathWallet: BuiltinWallet = {
  id: 'mathwallet',
  name: 'MathWallet',
  namespaces: ['solana', 'eip155'],
  homepage: 'https://mathwallet.org/',
}

export const trezorWallet: BuiltinWallet = {
  // The hardware wallet, through Trezor Connect.
  id: 'trezor',
  name: 'Trezor',
  namespaces: ['solana'],
  homepage: 'https://trezor.io/',
  icon: trezor,
}

export const keystoneWallet: BuiltinWallet = {
  // The air-gapped hardware wallet.
  id: 'keystone',
  name: 'Keystone',
  namespaces: ['solana'],
  homepage: 'https://keyst.one/',
}

export const nufiWallet: BuiltinWallet = {
  id: 'nufi',
  name: 'NuFi',
  namespaces: ['solana'],
  homepage: 'https://nu.fi/',
}

export const salmonWallet: BuiltinWallet = {
  id: 'salmon',
  name: 'Salmon',
  namespaces: ['solana'],
  homepage: 'https://salmonwallet.io/',
}

export const ontoWallet: BuiltinWallet = {
  id: 'onto',
  name: 'ONTO',
  namespaces: ['solana'],
  homepage: 'https://onto.app/',
}

export const krystalWallet: BuiltinWallet = {
  id: 'krystal',
  name: 'Krystal',
  namespaces: ['solana'],
  homepage: 'https://krystal.app/',
}

export const torusWallet: BuiltinWallet = {
  // Web3Auth's web wallet.
  id: 'torus',
  name: 'Torus',
  namespaces: ['solana'],
  homepage: 'https://tor.us/',
}

export const bitpieWallet: BuiltinWallet = {
  id: 'bitpie',
  name: 'Bitpie',
  namespaces: ['solana', 'eip155'],
  homepage: 'https://bitpiecn.com/',
}
