// The wallets people actually use, built into Portico. Every fact here (EIP-6963 rdns, Wallet
// Standard name, store and download links, deep-link schemes, universal links) comes from the
// wallets' public download pages and their public connector definitions; a field nobody
// documents is left out rather than guessed. Logos are @web3icons/core's (MIT) where it has one.
// This file holds the type, the first 28 wallets and the list; the others sit in
// wallets/catalog/<ecosystem>Wallets.ts by the ecosystem they began in (wallets/README.md: how to
// add one).
import backpack from '@web3icons/core/svgs/wallets/branded/backpack.svg.js'
import coin98 from '@web3icons/core/svgs/wallets/branded/coin98.svg.js'
import coinbase from '@web3icons/core/svgs/wallets/branded/coinbase.svg.js'
import enkrypt from '@web3icons/core/svgs/wallets/branded/enkrypt.svg.js'
import imtoken from '@web3icons/core/svgs/wallets/branded/imtoken.svg.js'
import keplr from '@web3icons/core/svgs/wallets/branded/keplr.svg.js'
import kraken from '@web3icons/core/svgs/wallets/branded/kraken.svg.js'
import ledger from '@web3icons/core/svgs/wallets/background/ledger.svg.js'
import metamask from '@web3icons/core/svgs/wallets/branded/metamask.svg.js'
import okx from '@web3icons/core/svgs/wallets/branded/okx.svg.js'
import phantom from '@web3icons/core/svgs/wallets/branded/phantom.svg.js'
import rabby from '@web3icons/core/svgs/wallets/branded/rabby.svg.js'
import rainbow from '@web3icons/core/svgs/wallets/branded/rainbow.svg.js'
import ronin from '@web3icons/core/svgs/wallets/branded/ronin.svg.js'
import safe from '@web3icons/core/svgs/wallets/branded/safe.svg.js'
import solflare from '@web3icons/core/svgs/wallets/branded/solflare.svg.js'
import tokenPocket from '@web3icons/core/svgs/wallets/branded/token-pocket.svg.js'
import trust from '@web3icons/core/svgs/wallets/branded/trust.svg.js'
import zerion from '@web3icons/core/svgs/wallets/branded/zerion.svg.js'

import { alphaWalletWallet, berasigWallet, bifrostWallet, bitskiWallet, bitverseWallet, bloomWallet, braveWallet, bybitWallet, clvWallet, compassWallet, coreWallet, ctrlWallet, dawnWallet, desigWallet, echoooWallet, exodusWallet, fordefiWallet, foxWallet, frameWallet, frontierWallet, gateWallet, geminiWallet, iopayWallet, kaiaWallet, lif3Wallet, magicEdenWallet, mecoWallet, mewWallet, nestWallet, oktoWallet, oneInchWallet, paraswapWallet, ramperWallet, readyWallet, safeheronWallet, safepalWallet, tahoWallet, tokenaryWallet, universalProfilesWallet, valoraWallet, wigwamWallet, xportalWallet, zealWallet, zilpayWallet, zodiacPilotWallet } from './catalog/evmWallets.js'
import { bitpieWallet, glowWallet, keystoneWallet, krystalWallet, mathWallet, nightlyWallet, nufiWallet, ontoWallet, salmonWallet, torusWallet, trezorWallet } from './catalog/solanaWallets.js'
import { cosmostationWallet, cryptoComWallet, finWallet, leapWallet, ninjiWallet, owalletWallet, stationWallet } from './catalog/cosmosWallets.js'
import { alephZeroSignerWallet, fearlessWallet, novaWallet, polkadotJsWallet, polkagateWallet } from './catalog/polkadotWallets.js'
import { glassWallet, martianWallet, suietWallet, surfWallet } from './catalog/suiWallets.js'
import { asignaWallet, oylWallet, unisatWallet } from './catalog/bitcoinWallets.js'

/** One built-in wallet. Links are https, or the wallet's own scheme for `mobile_link`. */
export type BuiltinWallet = {
  /** Portico's directory id (also its `image_id`). */
  id: string
  name: string
  /** The CAIP-2 namespaces it serves. */
  namespaces: readonly string[]
  homepage: string
  /** Its EIP-6963 reverse-DNS id. */
  rdns?: string
  /** The name it registers under Wallet Standard, per namespace. */
  walletStandard?: Readonly<Record<string, string>>
  /** Its scheme for a WalletConnect URI (`<mobile_link>wc?uri=…`). */
  mobile_link?: string
  /** Its https universal link for a WalletConnect URI (`<link_mode>/wc?uri=…`), opened first on a phone. */
  link_mode?: string
  /**
   * Its link that opens a page in the wallet app's own browser (where the wallet is injected), as
   * its documentation gives it: an https template whose placeholders are filled from the page
   * (kernel `walletBrowseLink`): `{url}` the page's URL encoded once, `{url2}` encoded twice,
   * `{ref}` the page's origin encoded, `{hostpath}` the URL without its scheme, `{slip44}` a
   * SLIP-44 coin type (60 unless given). A phone with no injected wallet offers "Open in <wallet>".
   */
  browse_link?: string
  app_store?: string
  play_store?: string
  chrome_store?: string
  /** The logo, an SVG document. */
  icon?: string
}

// Each wallet is its own export, so that a namespace's list takes only its wallets and their logos.
export const metamaskWallet: BuiltinWallet = {
  id: 'metamask',
  name: 'MetaMask',
  namespaces: ['eip155'],
  homepage: 'https://metamask.io/',
  rdns: 'io.metamask',
  link_mode: 'https://metamask.app.link/',
  // https://docs.metamask.io/sdk/guides/use-deeplinks ("Open a dapp inside the in-app browser": the dapp URL, unencoded).
  browse_link: 'https://link.metamask.io/dapp/{hostpath}',
  app_store: 'https://apps.apple.com/us/app/metamask/id1438144202',
  play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
  chrome_store: 'https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
  icon: metamask,
}

export const phantomWallet: BuiltinWallet = {
  id: 'phantom',
  name: 'Phantom',
  namespaces: ['solana', 'eip155', 'sui'],
  homepage: 'https://phantom.app/',
  rdns: 'app.phantom',
  walletStandard: { solana: 'Phantom' },
  // https://docs.phantom.com/phantom-deeplinks/other-methods/browse (`https://phantom.app/ul/browse/<url>?ref=<ref>`, both URL-encoded).
  browse_link: 'https://phantom.app/ul/browse/{url}?ref={ref}',
  app_store: 'https://apps.apple.com/app/phantom-solana-wallet/1598432977',
  play_store: 'https://play.google.com/store/apps/details?id=app.phantom',
  chrome_store: 'https://chrome.google.com/webstore/detail/phantom/bfnaelmomeimhlpmgjnjophhpkkoljpa',
  icon: phantom,
}

export const coinbaseWallet: BuiltinWallet = {
  id: 'coinbase-wallet',
  name: 'Coinbase Wallet',
  namespaces: ['eip155'],
  homepage: 'https://coinbase.com/wallet',
  rdns: 'com.coinbase.wallet',
  // https://docs.cdp.coinbase.com/coinbase-wallet/developer-guidance/mobile-dapp-integration ("Dapp browser": `cb_url` percent-encoded).
  browse_link: 'https://go.cb-w.com/dapp?cb_url={url}',
  app_store: 'https://apps.apple.com/us/app/coinbase-wallet-store-crypto/id1278383455',
  play_store: 'https://play.google.com/store/apps/details?id=org.toshi',
  chrome_store: 'https://chrome.google.com/webstore/detail/coinbase-wallet-extension/hnfanknocfeofbddgcijnmhnfnkdnaad',
  icon: coinbase,
}

export const trustWallet: BuiltinWallet = {
  id: 'trust-wallet',
  name: 'Trust Wallet',
  namespaces: ['eip155', 'solana'],
  homepage: 'https://trustwallet.com/',
  rdns: 'com.trustwallet.app',
  mobile_link: 'trust://',
  // https://developer.trustwallet.com/developer/develop-for-trust/deeplinking: every route works on
  // https://link.trustwallet.com (universal) or trust://; "DApp Browser" is `open_url?coin_id=<slip44>&url=<url>`.
  link_mode: 'https://link.trustwallet.com/',
  browse_link: 'https://link.trustwallet.com/open_url?coin_id={slip44}&url={url}',
  app_store: 'https://apps.apple.com/us/app/trust-crypto-bitcoin-wallet/id1288339409',
  play_store: 'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
  chrome_store: 'https://chrome.google.com/webstore/detail/trust-wallet/egjidjbpglichdcondbcbdnbeeppgdph',
  icon: trust,
}

export const rainbowWallet: BuiltinWallet = {
  id: 'rainbow',
  name: 'Rainbow',
  namespaces: ['eip155'],
  homepage: 'https://rainbow.me/',
  rdns: 'me.rainbow',
  mobile_link: 'rainbow://',
  link_mode: 'https://rnbwapp.com/',
  app_store: 'https://apps.apple.com/app/apple-store/id1457119021',
  play_store: 'https://play.google.com/store/apps/details?id=me.rainbow',
  icon: rainbow,
}

export const okxWallet: BuiltinWallet = {
  id: 'okx-wallet',
  name: 'OKX Wallet',
  namespaces: ['eip155', 'solana', 'bip122'],
  homepage: 'https://okx.com/web3',
  rdns: 'com.okex.wallet',
  mobile_link: 'okex://main',
  // https://web3.okx.com/build/docs/waas/app-universal-link: `okx://wallet/dapp/url?dappUrl=<encoded url>`,
  // itself encoded into `https://web3.okx.com/download?deeplink=`.
  browse_link: 'https://web3.okx.com/download?deeplink=okx%3A%2F%2Fwallet%2Fdapp%2Furl%3FdappUrl%3D{url2}',
  app_store: 'https://itunes.apple.com/app/id1327268470',
  play_store: 'https://play.google.com/store/apps/details?id=com.okinc.okex.gp',
  chrome_store: 'https://chrome.google.com/webstore/detail/okx-wallet/mcohilncbfahbmgdjkbpemcciiolgcge',
  icon: okx,
}

export const rabbyWallet: BuiltinWallet = {
  id: 'rabby',
  name: 'Rabby Wallet',
  namespaces: ['eip155'],
  homepage: 'https://rabby.io/',
  rdns: 'io.rabby',
  chrome_store: 'https://chrome.google.com/webstore/detail/rabby-wallet/acmacodkjbdgmoleebolmdjonilkdbch',
  icon: rabby,
}

export const ledgerLiveWallet: BuiltinWallet = {
  id: 'ledger-live',
  name: 'Ledger Live',
  namespaces: ['eip155'],
  homepage: 'https://www.ledger.com/ledger-live',
  mobile_link: 'ledgerlive://',
  app_store: 'https://apps.apple.com/us/app/ledger-live-web3-wallet/id1361671700',
  play_store: 'https://play.google.com/store/apps/details?id=com.ledger.live',
  icon: ledger,
}

export const zerionWallet: BuiltinWallet = {
  id: 'zerion',
  name: 'Zerion',
  namespaces: ['eip155'],
  homepage: 'https://zerion.io/',
  rdns: 'io.zerion.wallet',
  mobile_link: 'zerion://',
  app_store: 'https://apps.apple.com/app/apple-store/id1456732565',
  play_store: 'https://play.google.com/store/apps/details?id=io.zerion.android',
  chrome_store: 'https://chrome.google.com/webstore/detail/klghhnkeealcohjjanjjdaeeggmfmlpl',
  icon: zerion,
}

export const solflareWallet: BuiltinWallet = {
  id: 'solflare',
  name: 'Solflare',
  namespaces: ['solana'],
  homepage: 'https://solflare.com/',
  walletStandard: { solana: 'Solflare' },
  // Solflare's deeplinks (docs.solflare.com/solflare/technical/deeplinks, "Other Methods → Browse"), on the
  // https://solflare.com/ul/v1/ base its provider methods use: `browse/<url>?ref=<ref>`, both URL-encoded.
  browse_link: 'https://solflare.com/ul/v1/browse/{url}?ref={ref}',
  chrome_store: 'https://chrome.google.com/webstore/detail/solflare-wallet/bhhhlbepdkbapadjdnnojkbgioiodbic',
  icon: solflare,
}

export const backpackWallet: BuiltinWallet = {
  id: 'backpack',
  name: 'Backpack',
  namespaces: ['solana', 'eip155'],
  homepage: 'https://backpack.app/',
  rdns: 'app.backpack.mobile',
  walletStandard: { solana: 'Backpack' },
  // Backpack's deeplinks (docs.backpack.app/deeplinks, "Other Methods → Browse"), on the
  // https://backpack.app/ul/v1/ base its provider methods use: `browse/<url>?ref=<ref>`, both URL-encoded.
  browse_link: 'https://backpack.app/ul/v1/browse/{url}?ref={ref}',
  app_store: 'https://apps.apple.com/app/backpack-wallet-exchange/id6445964121',
  play_store: 'https://play.google.com/store/apps/details?id=app.backpack.mobile',
  chrome_store: 'https://chromewebstore.google.com/detail/backpack/aflkmfhebedbjioipglgcbcmnbpgliof',
  icon: backpack,
}

export const bitgetWallet: BuiltinWallet = {
  id: 'bitget-wallet',
  name: 'Bitget Wallet',
  namespaces: ['eip155'],
  homepage: 'https://web3.bitget.com/',
  rdns: 'com.bitget.web3',
  mobile_link: 'bitkeep://',
  // https://docs.bitkeep.com/en/docs/guide/mobile/Deeplink.html (BKConnect "Access dapp"; on Android only the
  // https://bkcode.vip form works).
  browse_link: 'https://bkcode.vip?action=dapp&url={url}',
  app_store: 'https://apps.apple.com/app/bitkeep/id1395301115',
  chrome_store: 'https://chrome.google.com/webstore/detail/bitkeep-crypto-nft-wallet/jiidiaalihmmhddjgbnbgdfflelocpak',
}

export const binanceWallet: BuiltinWallet = {
  id: 'binance-wallet',
  name: 'Binance Wallet',
  namespaces: ['eip155'],
  homepage: 'https://www.binance.com/en/web3wallet',
  rdns: 'com.binance.wallet',
  mobile_link: 'bnc://app.binance.com/cedefi',
  app_store: 'https://apps.apple.com/us/app/id1436799971',
  play_store: 'https://play.google.com/store/apps/details?id=com.binance.dev',
  chrome_store: 'https://chromewebstore.google.com/detail/cadiboklkpojfamcoggejbbdjcoiljjk',
}

export const uniswapWallet: BuiltinWallet = {
  id: 'uniswap-wallet',
  name: 'Uniswap Wallet',
  namespaces: ['eip155'],
  homepage: 'https://wallet.uniswap.org/',
  mobile_link: 'uniswap://',
  app_store: 'https://apps.apple.com/app/apple-store/id6443944476',
}

export const safeWallet: BuiltinWallet = {
  id: 'safe',
  name: 'Safe',
  namespaces: ['eip155'],
  homepage: 'https://safe.global/',
  icon: safe,
}

export const slushWallet: BuiltinWallet = {
  // The official Sui wallet by Mysten Labs (formerly "Sui Wallet"): extension, iOS, Android and web.
  id: 'slush',
  name: 'Slush',
  namespaces: ['sui'],
  homepage: 'https://slush.app/',
}

export const keplrWallet: BuiltinWallet = {
  id: 'keplr',
  name: 'Keplr',
  namespaces: ['cosmos'],
  homepage: 'https://www.keplr.app/',
  chrome_store: 'https://chrome.google.com/webstore/detail/keplr/dmkamcknogkgcdfhhbddcghachkejeap',
  icon: keplr,
}

export const talismanWallet: BuiltinWallet = {
  id: 'talisman',
  name: 'Talisman',
  namespaces: ['polkadot', 'eip155'],
  homepage: 'https://talisman.xyz/',
  rdns: 'xyz.talisman',
  chrome_store: 'https://chrome.google.com/webstore/detail/talisman-polkadot-wallet/fijngjgcjhjmmpcmkeiomlglpeiijkld',
}

export const subwalletWallet: BuiltinWallet = {
  id: 'subwallet',
  name: 'SubWallet',
  namespaces: ['polkadot', 'eip155'],
  homepage: 'https://www.subwallet.app/',
  rdns: 'app.subwallet',
  mobile_link: 'subwallet://',
  app_store: 'https://apps.apple.com/us/app/subwallet-polkadot-wallet/id1633050285',
  play_store: 'https://play.google.com/store/apps/details?id=app.subwallet.mobile',
  chrome_store: 'https://chrome.google.com/webstore/detail/subwallet-polkadot-wallet/onhogfjeacnfoofkfgppdlbmlmnplgbn',
}

export const enkryptWallet: BuiltinWallet = {
  id: 'enkrypt',
  name: 'Enkrypt',
  namespaces: ['eip155', 'polkadot'],
  homepage: 'https://www.enkrypt.com/',
  rdns: 'com.enkrypt',
  chrome_store: 'https://chrome.google.com/webstore/detail/enkrypt-ethereum-polkadot/kkpllkodjeloidieedojogacfhpaihoh',
  icon: enkrypt,
}

export const xverseWallet: BuiltinWallet = {
  id: 'xverse',
  name: 'Xverse',
  namespaces: ['bip122', 'stacks'],
  homepage: 'https://www.xverse.app/',
  chrome_store: 'https://chrome.google.com/webstore/detail/xverse-wallet/idnnbdplmphpflfnlkomgpfbpcgelopg',
}

export const leatherWallet: BuiltinWallet = {
  id: 'leather',
  name: 'Leather',
  namespaces: ['bip122', 'stacks'],
  homepage: 'https://leather.io/',
  chrome_store: 'https://chromewebstore.google.com/detail/leather/ldinpeekobnhjjdofggfgjlcehhmanlj',
}

export const imtokenWallet: BuiltinWallet = {
  id: 'imtoken',
  name: 'imToken',
  namespaces: ['eip155'],
  homepage: 'https://token.im/',
  mobile_link: 'imtokenv2://',
  app_store: 'https://itunes.apple.com/us/app/imtoken2/id1384798940',
  play_store: 'https://play.google.com/store/apps/details?id=im.token.app',
  icon: imtoken,
}

export const tokenpocketWallet: BuiltinWallet = {
  id: 'tokenpocket',
  name: 'TokenPocket',
  namespaces: ['eip155'],
  homepage: 'https://tokenpocket.pro/',
  rdns: 'pro.tokenpocket',
  mobile_link: 'tpoutside://',
  app_store: 'https://apps.apple.com/us/app/tp-global-wallet/id6444625622',
  play_store: 'https://play.google.com/store/apps/details?id=vip.mytokenpocket',
  chrome_store: 'https://chrome.google.com/webstore/detail/tokenpocket/mfgccjchihfkkindfppnaooecgfneiii',
  icon: tokenPocket,
}

export const coin98Wallet: BuiltinWallet = {
  id: 'coin98',
  name: 'Coin98 Wallet',
  namespaces: ['eip155'],
  homepage: 'https://coin98.com/wallet',
  rdns: 'com.coin98',
  app_store: 'https://apps.apple.com/vn/app/coin98-super-app/id1561969966',
  play_store: 'https://play.google.com/store/apps/details?id=coin98.crypto.finance.media',
  chrome_store: 'https://chrome.google.com/webstore/detail/coin98-wallet/aeachknmefphepccionboohckonoeemg',
  icon: coin98,
}

export const krakenWallet: BuiltinWallet = {
  id: 'kraken-wallet',
  name: 'Kraken Wallet',
  namespaces: ['eip155'],
  homepage: 'https://kraken.com/wallet',
  mobile_link: 'krakenwallet://',
  app_store: 'https://apps.apple.com/us/app/kraken-wallet/id1626327149',
  icon: kraken,
}

export const roninWallet: BuiltinWallet = {
  id: 'ronin-wallet',
  name: 'Ronin Wallet',
  namespaces: ['eip155'],
  homepage: 'https://wallet.roninchain.com/',
  rdns: 'com.roninchain.wallet',
  mobile_link: 'roninwallet://',
  app_store: 'https://apps.apple.com/us/app/ronin-wallet/id1592675001',
  play_store: 'https://play.google.com/store/apps/details?id=com.skymavis.genesis',
  chrome_store: 'https://chrome.google.com/webstore/detail/ronin-wallet/fnjhmkhhmkbjkkabndcnnogagogbneec',
  icon: ronin,
}

export const onekeyWallet: BuiltinWallet = {
  id: 'onekey',
  name: 'OneKey',
  namespaces: ['eip155'],
  homepage: 'https://onekey.so/',
  rdns: 'so.onekey.app.wallet',
  app_store: 'https://apps.apple.com/us/app/onekey-open-source-wallet/id1609559473',
  play_store: 'https://play.google.com/store/apps/details?id=so.onekey.app.wallet',
  chrome_store: 'https://chrome.google.com/webstore/detail/onekey/jnmbobjmhlngoefaiojfljckilhhlhcj',
}

export * from './catalog/evmWallets.js'
export * from './catalog/solanaWallets.js'
export * from './catalog/cosmosWallets.js'
export * from './catalog/polkadotWallets.js'
export * from './catalog/suiWallets.js'
export * from './catalog/bitcoinWallets.js'

/**
 * The built-in wallet list, most used first: it seeds the server's default directory. A page
 * carries only its chain plugins' wallets (wallets/builtinWalletsByNamespace.ts: each plugin
 * lends its namespace's list to the kernel's `builtinWallets` registry), which fill the Connect
 * view when the directory is unreachable and list where to get a wallet.
 */
export const builtinWallets: readonly BuiltinWallet[] = [
  metamaskWallet,
  phantomWallet,
  coinbaseWallet,
  trustWallet,
  rainbowWallet,
  okxWallet,
  rabbyWallet,
  ledgerLiveWallet,
  zerionWallet,
  solflareWallet,
  backpackWallet,
  bitgetWallet,
  binanceWallet,
  uniswapWallet,
  safeWallet,
  slushWallet,
  keplrWallet,
  talismanWallet,
  subwalletWallet,
  enkryptWallet,
  xverseWallet,
  leatherWallet,
  imtokenWallet,
  tokenpocketWallet,
  coin98Wallet,
  krakenWallet,
  roninWallet,
  onekeyWallet,
  exodusWallet,
  braveWallet,
  magicEdenWallet,
  safepalWallet,
  oneInchWallet,
  bybitWallet,
  gateWallet,
  coreWallet,
  frameWallet,
  tahoWallet,
  leapWallet,
  cosmostationWallet,
  stationWallet,
  polkadotJsWallet,
  novaWallet,
  unisatWallet,
  suietWallet,
  glowWallet,
  nightlyWallet,
  cryptoComWallet,
  zealWallet,
  readyWallet,
  mewWallet,
  foxWallet,
  frontierWallet,
  ctrlWallet,
  mathWallet,
  trezorWallet,
  keystoneWallet,
  alphaWalletWallet,
  fearlessWallet,
  polkagateWallet,
  martianWallet,
  surfWallet,
  asignaWallet,
  fordefiWallet,
  compassWallet,
  finWallet,
  owalletWallet,
  ninjiWallet,
  bitskiWallet,
  clvWallet,
  dawnWallet,
  desigWallet,
  geminiWallet,
  iopayWallet,
  kaiaWallet,
  nestWallet,
  oktoWallet,
  paraswapWallet,
  safeheronWallet,
  tokenaryWallet,
  universalProfilesWallet,
  valoraWallet,
  wigwamWallet,
  xportalWallet,
  zilpayWallet,
  bifrostWallet,
  bitverseWallet,
  bloomWallet,
  berasigWallet,
  ramperWallet,
  mecoWallet,
  echoooWallet,
  lif3Wallet,
  zodiacPilotWallet,
  nufiWallet,
  salmonWallet,
  ontoWallet,
  krystalWallet,
  torusWallet,
  bitpieWallet,
  alephZeroSignerWallet,
  glassWallet,
  oylWallet,
]
