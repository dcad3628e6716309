// Built-in wallets that began on EVM chains (wallets/builtinWallets.ts holds the first 28 and the
// list itself; wallets/README.md says how to add one). Every fact comes from the wallet's public
// connector definitions: RainbowKit's (rainbow-me/rainbowkit, packages/rainbowkit/src/wallets/
// walletConnectors/<wallet>: rdns, store links, the `wc?uri=` deep link), web3-onboard's injected
// list and its external URLs (blocknative/web3-onboard, packages/injected), cosmos-kit's registries
// (cosmology-tech/cosmos-kit, wallets/*/registry.ts), the Solana wallet adapters (anza-xyz/
// wallet-adapter, packages/wallets/*) and @stacks/connect's providers (hirosystems/connect), or from
// the wallet's own site. Store links drop their tracking parameters; a field no source documents is
// left out. Logos are @web3icons/core's (MIT) where it has one.
import alphaWallet from '@web3icons/core/svgs/wallets/branded/alpha-wallet.svg.js'
import exodus from '@web3icons/core/svgs/wallets/branded/exodus.svg.js'
import myEtherWallet from '@web3icons/core/svgs/wallets/branded/my-ether-wallet.svg.js'
import type { BuiltinWallet } from '../builtinWallets.js'

export const exodusWallet: BuiltinWallet = {
  id: 'exodus',
  name: 'Exodus',
  namespaces: ['eip155', 'cosmos'],
  homepage: 'https://www.exodus.com/',
  chrome_store: 'https://chrome.google.com/webstore/detail/exodus-web3-wallet/aholpfdialjgjfhomihkjbmgjidlcdno',
  icon: exodus,
}

export const braveWallet: BuiltinWallet = {
  id: 'brave-wallet',
  name: 'Brave Wallet',
  namespaces: ['eip155'],
  homepage: 'https://brave.com/wallet/',
  rdns: 'com.brave.wallet',
}

export const magicEdenWallet: BuiltinWallet = {
  id: 'magic-eden',
  name: 'Magic Eden Wallet',
  namespaces: ['eip155', 'solana', 'bip122'],
  homepage: 'https://wallet.magiceden.io/',
  rdns: 'io.magiceden.wallet',
  chrome_store: 'https://chromewebstore.google.com/detail/magic-eden-wallet/mkpegjkblkkefacfnmkajcjmabijhclg',
}

export const safepalWallet: BuiltinWallet = {
  id: 'safepal',
  name: 'SafePal',
  namespaces: ['eip155', 'solana'],
  homepage: 'https://www.safepal.com/',
  mobile_link: 'safepalwallet://',
  app_store: 'https://apps.apple.com/app/apple-store/id1548297139',
  play_store: 'https://play.google.com/store/apps/details?id=io.safepal.wallet',
  chrome_store: 'https://chrome.google.com/webstore/detail/safepal-extension-wallet/lgmpcpglpngdoalbgeoldeajfclnhafa',
}

export const oneInchWallet: BuiltinWallet = {
  id: '1inch-wallet',
  name: '1inch Wallet',
  namespaces: ['eip155'],
  homepage: 'https://1inch.io/wallet',
  mobile_link: 'oneinch://',
  app_store: 'https://apps.apple.com/us/app/1inch-crypto-defi-wallet/id1546049391',
  play_store: 'https://play.google.com/store/apps/details?id=io.oneinch.android',
}

export const bybitWallet: BuiltinWallet = {
  id: 'bybit-wallet',
  name: 'Bybit Wallet',
  namespaces: ['eip155'],
  homepage: 'https://www.bybit.com/en/web3',
  rdns: 'com.bybit',
  mobile_link: 'bybitapp://open/route?targetUrl=by://web3/walletconnect/',
  app_store: 'https://apps.apple.com/us/app/bybit-buy-trade-crypto/id1488296980',
  play_store: 'https://play.google.com/store/apps/details?id=com.bybit.app',
  chrome_store: 'https://chromewebstore.google.com/detail/bybit-wallet/pdliaogehgdbhbnmkklieghmmjkpigpa',
}

export const gateWallet: BuiltinWallet = {
  id: 'gate-wallet',
  name: 'Gate Wallet',
  namespaces: ['eip155', 'cosmos'],
  homepage: 'https://www.gate.io/web3',
  rdns: 'io.gate.wallet',
  mobile_link: 'gtweb3wallet://',
  app_store: 'https://apps.apple.com/us/app/gate-io-buy-bitcoin-crypto/id1294998195',
  play_store: 'https://play.google.com/store/apps/details?id=com.gateio.gateio',
  chrome_store: 'https://chromewebstore.google.com/detail/gate-wallet/cpmkedoipcpimgecpmgpldfpohjplkpp',
}

export const coreWallet: BuiltinWallet = {
  // Avalanche's wallet (Ava Labs).
  id: 'core',
  name: 'Core',
  namespaces: ['eip155'],
  homepage: 'https://core.app/',
  rdns: 'app.core.extension',
  app_store: 'https://apps.apple.com/us/app/core-wallet/id6443685999',
  play_store: 'https://play.google.com/store/apps/details?id=com.avaxwallet',
  chrome_store: 'https://chrome.google.com/webstore/detail/core-crypto-wallet-nft-ex/agoakfejjabomempkjlepdflaleeobhb',
}

export const frameWallet: BuiltinWallet = {
  // A desktop app (not a store extension) that injects into the browser.
  id: 'frame',
  name: 'Frame',
  namespaces: ['eip155'],
  homepage: 'https://frame.sh/',
  rdns: 'sh.frame',
}

export const tahoWallet: BuiltinWallet = {
  // Formerly Tally Ho.
  id: 'taho',
  name: 'Taho',
  namespaces: ['eip155'],
  homepage: 'https://taho.xyz/',
  chrome_store: 'https://chrome.google.com/webstore/detail/taho/eajafomhmkipbjmfmhebemolkcicgfmd',
}

export const zealWallet: BuiltinWallet = {
  id: 'zeal',
  name: 'Zeal',
  namespaces: ['eip155'],
  homepage: 'https://zeal.app/',
  rdns: 'app.zeal',
  mobile_link: 'zeal://',
  play_store: 'https://play.google.com/store/apps/details?id=app.zeal.wallet',
  chrome_store: 'https://chromewebstore.google.com/detail/zeal-wallet/heamnjbnflcikcggoiplibfommfbkjpj',
}

export const readyWallet: BuiltinWallet = {
  // Formerly Argent (its apps kept Argent's store ids and `argent://` scheme).
  id: 'ready',
  name: 'Ready',
  namespaces: ['eip155'],
  homepage: 'https://www.ready.co/app',
  mobile_link: 'argent://app/',
  app_store: 'https://apps.apple.com/us/app/argent/id1358741926',
  play_store: 'https://play.google.com/store/apps/details?id=im.argent.contractwalletclient',
}

export const mewWallet: BuiltinWallet = {
  // MyEtherWallet's mobile app; its universal link takes the pairing URI.
  id: 'mew-wallet',
  name: 'MEW wallet',
  namespaces: ['eip155'],
  homepage: 'https://mewwallet.com/',
  link_mode: 'https://mewwallet.com/',
  app_store: 'https://apps.apple.com/app/apple-store/id1464614025',
  play_store: 'https://play.google.com/store/apps/details?id=com.myetherwallet.mewwallet',
  icon: myEtherWallet,
}

export const foxWallet: BuiltinWallet = {
  id: 'foxwallet',
  name: 'FoxWallet',
  namespaces: ['eip155'],
  homepage: 'https://foxwallet.com/',
  mobile_link: 'foxwallet://',
  app_store: 'https://apps.apple.com/app/foxwallet-crypto-web3/id1590983231',
  play_store: 'https://play.google.com/store/apps/details?id=com.foxwallet.play',
}

export const frontierWallet: BuiltinWallet = {
  id: 'frontier',
  name: 'Frontier Wallet',
  namespaces: ['eip155', 'cosmos'],
  homepage: 'https://www.frontier.xyz/',
  rdns: 'xyz.frontier.wallet',
  mobile_link: 'frontier://',
  app_store: 'https://apps.apple.com/us/app/frontier-crypto-defi-wallet/id1482380988',
  play_store: 'https://play.google.com/store/apps/details?id=com.frontierwallet',
  chrome_store: 'https://chrome.google.com/webstore/detail/frontier-wallet/kppfdiipphfccemcignhifpjkapfbihd',
}

export const ctrlWallet: BuiltinWallet = {
  // Formerly XDEFI.
  id: 'ctrl',
  name: 'CTRL Wallet',
  namespaces: ['eip155', 'cosmos'],
  homepage: 'https://ctrl.xyz/',
  rdns: 'xyz.ctrl',
  chrome_store: 'https://chromewebstore.google.com/detail/ctrl-wallet/hmeobnfnfcmdkdcmlblgagmfpfboieaf',
}

export const alphaWalletWallet: BuiltinWallet = {
  id: 'alphawallet',
  name: 'AlphaWallet',
  namespaces: ['eip155'],
  homepage: 'https://alphawallet.com/',
  icon: alphaWallet,
}

export const fordefiWallet: BuiltinWallet = {
  // An institutional MPC wallet: an EVM injected provider (web3-onboard) and a WBIP004 Bitcoin and
  // Stacks provider (@stacks/connect).
  id: 'fordefi',
  name: 'Fordefi',
  namespaces: ['eip155', 'bip122', 'stacks'],
  homepage: 'https://www.fordefi.com/',
  chrome_store: 'https://chromewebstore.google.com/detail/fordefi/hcmehenccjdmfbojapcbcofkgdpbnlle',
}

export const bitskiWallet: BuiltinWallet = {
  id: 'bitski',
  name: 'Bitski',
  namespaces: ['eip155'],
  homepage: 'https://bitski.com/',
  chrome_store: 'https://chrome.google.com/webstore/detail/bitski/feejiigddaafeojfddjjlmfkabimkell',
}

export const clvWallet: BuiltinWallet = {
  // Formerly Clover.
  id: 'clv',
  name: 'CLV Wallet',
  namespaces: ['eip155', 'solana'],
  homepage: 'https://clv.org/',
  app_store: 'https://apps.apple.com/app/clover-wallet/id1570072858',
  chrome_store: 'https://chrome.google.com/webstore/detail/clv-wallet/nhnkbkgjikgcigadomkphalanndcapjk',
}

export const compassWallet: BuiltinWallet = {
  // Sei's wallet, by Leap (its EIP-6963 rdns has capitals, which Portico's ids do not take: left out).
  id: 'compass',
  name: 'Compass Wallet',
  namespaces: ['eip155', 'cosmos'],
  homepage: 'https://compasswallet.io/',
  chrome_store: 'https://chrome.google.com/webstore/detail/compass-wallet/anokgmphncpekkhclmingpimjmcooifb',
}

export const dawnWallet: BuiltinWallet = {
  // A Safari extension and iOS app.
  id: 'dawn',
  name: 'Dawn',
  namespaces: ['eip155'],
  homepage: 'https://dawnwallet.xyz/',
  app_store: 'https://apps.apple.com/us/app/dawn-ethereum-wallet/id1673143782',
}

export const desigWallet: BuiltinWallet = {
  id: 'desig',
  name: 'Desig Wallet',
  namespaces: ['eip155'],
  homepage: 'https://desig.io/',
  app_store: 'https://apps.apple.com/app/desig-wallet/id6450106028',
  play_store: 'https://play.google.com/store/apps/details?id=io.desig.app',
  chrome_store: 'https://chrome.google.com/webstore/detail/desig-wallet/panpgppehdchfphcigocleabcmcgfoca',
}

export const geminiWallet: BuiltinWallet = {
  id: 'gemini-wallet',
  name: 'Gemini Wallet',
  namespaces: ['eip155'],
  homepage: 'https://keys.gemini.com/',
  rdns: 'com.gemini.wallet',
}

export const iopayWallet: BuiltinWallet = {
  // IoTeX's wallet.
  id: 'iopay',
  name: 'ioPay Wallet',
  namespaces: ['eip155'],
  homepage: 'https://iopay.me/',
  mobile_link: 'iopay://',
  app_store: 'https://apps.apple.com/us/app/iopay-multichain-crypto-wallet/id1478086371',
  play_store: 'https://play.google.com/store/apps/details?id=io.iotex.iopay.gp',
}

export const kaiaWallet: BuiltinWallet = {
  // Kaia's wallet, formerly Kaikas (its WalletConnect link is not of the `wc?uri=` form: left out).
  id: 'kaia-wallet',
  name: 'Kaia Wallet',
  namespaces: ['eip155'],
  homepage: 'https://app.kaiawallet.io/',
  app_store: 'https://apps.apple.com/us/app/kaia-wallet/id6502896387',
  play_store: 'https://play.google.com/store/apps/details?id=io.klutch.wallet',
  chrome_store: 'https://chromewebstore.google.com/detail/kaia-wallet/jblndlipeogpafnldhgmapagcccfchpi',
}

export const nestWallet: BuiltinWallet = {
  id: 'nest',
  name: 'Nest',
  namespaces: ['eip155'],
  homepage: 'https://nestwallet.xyz/',
  rdns: 'xyz.nestwallet',
}

export const oktoWallet: BuiltinWallet = {
  id: 'okto',
  name: 'Okto',
  namespaces: ['eip155', 'cosmos'],
  homepage: 'https://okto.tech/',
  mobile_link: 'okto://',
  app_store: 'https://apps.apple.com/in/app/okto-wallet/id6450688229',
  play_store: 'https://play.google.com/store/apps/details?id=im.okto.contractwalletclient',
}

export const paraswapWallet: BuiltinWallet = {
  id: 'paraswap-wallet',
  name: 'ParaSwap Wallet',
  namespaces: ['eip155'],
  homepage: 'https://paraswap.io/',
  mobile_link: 'paraswap://',
  app_store: 'https://apps.apple.com/us/app/paraswap-multichain-wallet/id1584610690',
}

export const safeheronWallet: BuiltinWallet = {
  id: 'safeheron',
  name: 'Safeheron',
  namespaces: ['eip155'],
  homepage: 'https://www.safeheron.com/',
  chrome_store: 'https://chrome.google.com/webstore/detail/safeheron/aiaghdjafpiofpainifbgfgjfpclngoh',
}

export const tokenaryWallet: BuiltinWallet = {
  // A Safari extension for macOS and iOS.
  id: 'tokenary',
  name: 'Tokenary',
  namespaces: ['eip155', 'solana'],
  homepage: 'https://tokenary.io/',
}

export const universalProfilesWallet: BuiltinWallet = {
  // LUKSO's wallet.
  id: 'universal-profiles',
  name: 'Universal Profiles',
  namespaces: ['eip155'],
  homepage: 'https://my.universalprofile.cloud/',
  rdns: 'io.universaleverything.universalprofiles',
  app_store: 'https://apps.apple.com/us/app/universalprofiles/id6702018631',
  play_store: 'https://play.google.com/store/apps/details?id=io.universaleverything.universalprofiles',
  chrome_store: 'https://chrome.google.com/webstore/detail/abpickdkkbnbcoepogfhkhennhfhehfn',
}

export const valoraWallet: BuiltinWallet = {
  // Celo's wallet.
  id: 'valora',
  name: 'Valora',
  namespaces: ['eip155'],
  homepage: 'https://valora.xyz/',
  mobile_link: 'celo://wallet/',
  app_store: 'https://apps.apple.com/app/id1520414263',
  play_store: 'https://play.google.com/store/apps/details?id=co.clabs.valora',
}

export const wigwamWallet: BuiltinWallet = {
  id: 'wigwam',
  name: 'Wigwam',
  namespaces: ['eip155'],
  homepage: 'https://wigwam.app/',
  rdns: 'com.wigwam.wallet',
  chrome_store: 'https://chromewebstore.google.com/detail/wigwam-%E2%80%94-web3-wallet/lccbohhgfkdikahanoclbdmaolidjdfl',
}

export const xportalWallet: BuiltinWallet = {
  // MultiversX's wallet (formerly Maiar).
  id: 'xportal',
  name: 'xPortal',
  namespaces: ['eip155'],
  homepage: 'https://xportal.com/',
  rdns: 'com.elrond.maiar.wallet',
  mobile_link: 'xportal://',
  app_store: 'https://apps.apple.com/us/app/xportal-btc-crypto-wallet/id1519405832',
  play_store: 'https://play.google.com/store/apps/details?id=com.elrond.maiar.wallet',
}

export const zilpayWallet: BuiltinWallet = {
  id: 'zilpay',
  name: 'ZilPay',
  namespaces: ['eip155'],
  homepage: 'https://zilpay.io/',
  rdns: 'io.zilpay',
  mobile_link: 'zilpay://',
  app_store: 'https://apps.apple.com/ru/app/zilpay/id1547105860',
  play_store: 'https://play.google.com/store/apps/details?id=com.zilpaymobile',
}

export const bifrostWallet: BuiltinWallet = {
  id: 'bifrost-wallet',
  name: 'Bifrost Wallet',
  namespaces: ['eip155'],
  homepage: 'https://bifrostwallet.com/',
  rdns: 'com.bifrostwallet',
  link_mode: 'https://app.bifrostwallet.com/',
  app_store: 'https://apps.apple.com/us/app/bifrost-wallet/id1577198351',
  play_store: 'https://play.google.com/store/apps/details?id=com.bifrostwallet.app',
}

export const bitverseWallet: BuiltinWallet = {
  id: 'bitverse',
  name: 'Bitverse Wallet',
  namespaces: ['eip155'],
  homepage: 'https://www.bitverse.zone/',
  mobile_link: 'bitverseapp://open/wallet/',
  app_store: 'https://apps.apple.com/us/app/bitverse-discover-web3-wealth/id1645515614',
  play_store: 'https://play.google.com/store/apps/details?id=com.bitverse.app',
}

export const bloomWallet: BuiltinWallet = {
  // A desktop wallet.
  id: 'bloom',
  name: 'Bloom Wallet',
  namespaces: ['eip155'],
  homepage: 'https://bloomwallet.io/',
  mobile_link: 'bloom://wallet-connect/',
}

export const berasigWallet: BuiltinWallet = {
  // Berachain's wallet.
  id: 'berasig',
  name: 'BeraSig',
  namespaces: ['eip155'],
  homepage: 'https://berasig.com/',
  rdns: 'app.berasig',
  app_store: 'https://apps.apple.com/us/app/berasig-wallet-on-berachain/id6502052535',
  play_store: 'https://play.google.com/store/apps/details?id=io.berasig.ios',
  chrome_store: 'https://chromewebstore.google.com/detail/berasig/ckedkkegjbflcfblcjklibnedmfjppbj',
}

export const ramperWallet: BuiltinWallet = {
  id: 'ramper',
  name: 'Ramper Wallet',
  namespaces: ['eip155'],
  homepage: 'https://www.ramper.xyz/',
  chrome_store: 'https://chromewebstore.google.com/detail/ramper-wallet/nbdhibgjnjpnkajaghbffjbkcgljfgdi',
}

export const mecoWallet: BuiltinWallet = {
  // MemeCore's wallet.
  id: 'meco-wallet',
  name: 'MeCo Wallet',
  namespaces: ['eip155'],
  homepage: 'https://mecowallet.com/',
  rdns: 'com.meco.wallet',
  mobile_link: 'mecowallet://',
  app_store: 'https://apps.apple.com/us/app/meco-wallet/id6749523218',
  play_store: 'https://play.google.com/store/apps/details?id=com.memecore.wallet',
}

export const echoooWallet: BuiltinWallet = {
  id: 'echooo',
  name: 'Echooo',
  namespaces: ['eip155'],
  homepage: 'https://www.echooo.xyz/',
}

export const lif3Wallet: BuiltinWallet = {
  id: 'lif3-wallet',
  name: 'Lif3 Wallet',
  namespaces: ['eip155'],
  homepage: 'https://lif3.com/',
}

export const zodiacPilotWallet: BuiltinWallet = {
  // Gnosis Guild's extension for acting as a Safe from any dapp.
  id: 'zodiac-pilot',
  name: 'Zodiac Pilot',
  namespaces: ['eip155'],
  homepage: 'https://pilot.gnosisguild.org/',
}
