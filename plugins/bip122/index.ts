// `portico/bip122`: the Bitcoin chain plugin and Bitcoin networks. Light on purpose (a page's first
// bytes): the plugin's setup and the helpers it shares (address decoding with its base58 / bech32
// and sha256, wallet discovery) load with the kernel (`bip122().load()`), so they are not exported here.
export { bip122 } from './bip122.js'
export type { Bip122Environment, Bip122Options } from './bip122.js'
export { defineBitcoinNetwork } from './networks/defineBitcoinNetwork.js'
export type { DefineBitcoinNetworkParameters } from './networks/defineBitcoinNetwork.js'
export { bitcoinMainnet } from './networks/bitcoinMainnet.js'
export { bitcoinRegtest } from './networks/bitcoinRegtest.js'
export { bitcoinSignet } from './networks/bitcoinSignet.js'
export { bitcoinTestnet4 } from './networks/bitcoinTestnet4.js'
export type { BitcoinAddressNetwork, BitcoinAddressType, DecodedBitcoinAddress } from './utils/decodeBitcoinAddress.js'
export type { BitcoinWalletRegistry, CreateBitcoinWalletDiscoveryParameters, CreateBitcoinWalletDiscoveryReturnType } from './discovery/createBitcoinWalletDiscovery.js'
export type { BitcoinAccountPurpose, BitcoinMessageProtocol, BitcoinSignInput, BitcoinWallet, BitcoinWalletAccount, BitcoinWalletStyle } from './discovery/bitcoinWallet.js'
// The site's signer (`portico.getSigner('bip122')`, typed by importing this entry); its code loads when first asked for.
export type * from './signer/types.js'
