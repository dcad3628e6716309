// Built-in wallets that began on Sui (sources: see ./evmWallets.ts; here mostly the Sui wallet
// kit's presets, suiet/wallet-kit packages/sdk/src/wallet/preset-wallets.ts, whose `PresetWallet`
// names are what the wallets register under Wallet Standard). A field no source documents is left out.
import type { BuiltinWallet } from '../builtinWallets.js'

export const suietWallet: BuiltinWallet = {
  id: 'suiet',
  name: 'Suiet',
  namespaces: ['sui'],
  homepage: 'https://suiet.app/',
  walletStandard: { sui: 'Suiet' },
  chrome_store: 'https://chrome.google.com/webstore/detail/suiet/khpkpbbcccdmmclmpigdgddabeilkdpd',
}

export const martianWallet: BuiltinWallet = {
  id: 'martian',
  name: 'Martian',
  namespaces: ['sui'],
  homepage: 'https://martianwallet.xyz/',
  walletStandard: { sui: 'Martian Sui Wallet' },
  chrome_store: 'https://chrome.google.com/webstore/detail/martian-wallet-aptos-sui/efbglgofoippbgcjepnhiblaibcnclgk',
}

export const surfWallet: BuiltinWallet = {
  id: 'surf',
  name: 'Surf Wallet',
  namespaces: ['sui'],
  homepage: 'https://surf.tech/',
  walletStandard: { sui: 'Surf Wallet' },
  chrome_store: 'https://chrome.google.com/webstore/detail/surf-sui-wallet/emeeapjkbcbpbpgaagfchmcgglmebnen',
}

export const glassWallet: BuiltinWallet = {
  id: 'glass',
  name: 'Glass Wallet',
  namespaces: ['sui'],
  homepage: 'https://glasswallet.app/',
  walletStandard: { sui: 'GlassWallet' },
  chrome_store: 'https://chrome.google.com/webstore/detail/glass-wallet-sui-wallet/loinekcabhlmhjjbocijdoimmejangoa',
}
