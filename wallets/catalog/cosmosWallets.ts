// Built-in wallets that began on Cosmos chains (sources: see ./evmWallets.ts; here mostly
// cosmos-kit's registries, cosmology-tech/cosmos-kit wallets/*/registry.ts: store links and the
// wallets' sites). A field no source documents is left out.
import type { BuiltinWallet } from '../builtinWallets.js'

export const leapWallet: BuiltinWallet = {
  id: 'leap',
  name: 'Leap',
  namespaces: ['cosmos'],
  homepage: 'https://www.leapwallet.io/',
  app_store: 'https://apps.apple.com/in/app/leap-cosmos/id1642465549',
  play_store: 'https://play.google.com/store/apps/details?id=io.leapwallet.cosmos',
  chrome_store: 'https://chrome.google.com/webstore/detail/leap-cosmos-wallet/fcfcfllfndlomdhbehjjcoimbgofdncg',
}

export const cosmostationWallet: BuiltinWallet = {
  id: 'cosmostation',
  name: 'Cosmostation',
  namespaces: ['cosmos'],
  homepage: 'https://cosmostation.io/wallet',
  app_store: 'https://apps.apple.com/kr/app/cosmostation/id1459830339',
  play_store: 'https://play.google.com/store/apps/details?id=wannabit.io.cosmostaion',
  chrome_store: 'https://chrome.google.com/webstore/detail/cosmostation/fpkhgmpbidmiogeglndfbkegfdlnajnf',
}

export const stationWallet: BuiltinWallet = {
  // Terra's wallet (formerly Terra Station).
  id: 'station',
  name: 'Station',
  namespaces: ['cosmos'],
  homepage: 'https://station.money/',
  chrome_store: 'https://chrome.google.com/webstore/detail/station-wallet/aiifbnbfobpmeekipheeijimdpnlpgpp',
}

export const cryptoComWallet: BuiltinWallet = {
  // Crypto.com's self-custody wallet (formerly DeFi Wallet); its https link opens the app.
  id: 'crypto-com-wallet',
  name: 'Crypto.com Wallet',
  namespaces: ['cosmos', 'eip155'],
  homepage: 'https://wallet.crypto.com/',
  chrome_store: 'https://chromewebstore.google.com/detail/cryptocom-wallet-extensio/hifafgmccdpekplomjjkcfgodnhcellj',
}

export const finWallet: BuiltinWallet = {
  // A Sei wallet.
  id: 'fin',
  name: 'Fin',
  namespaces: ['cosmos'],
  homepage: 'https://finwallet.com/',
  chrome_store: 'https://chrome.google.com/webstore/detail/fin-wallet-for-sei/dbgnhckhnppddckangcjbkjnlddbjkna',
}

export const owalletWallet: BuiltinWallet = {
  id: 'owallet',
  name: 'OWallet',
  namespaces: ['cosmos'],
  homepage: 'https://owallet.io/',
  app_store: 'https://apps.apple.com/app/owallet/id1626035069',
  play_store: 'https://play.google.com/store/apps/details?id=com.io.owallet',
  chrome_store: 'https://chromewebstore.google.com/detail/owallet/hhejbopdnpbjgomhpmegemnjogflenga',
}

export const ninjiWallet: BuiltinWallet = {
  // An Injective wallet.
  id: 'ninji',
  name: 'Ninji',
  namespaces: ['cosmos'],
  homepage: 'https://ninji.xyz/',
  chrome_store: 'https://chromewebstore.google.com/detail/ninji-wallet/kkpllbgjhchghjapjbinnoddmciocphm',
}
