// `portico/bip122/server`: the bip122 plugin's chain code for Node (a site's backend, the sandbox):
// Bitcoin addresses (decode and check, every type on mainnet, testnet and regtest) and the sign-in
// verifier (BIP-322 simple, BIP-137). Never part of a page: a site's page imports `portico/bip122`.
export { decodeBitcoinAddress, isBitcoinAddress } from '../utils/decodeBitcoinAddress.js'
export type { BitcoinAddressNetwork, BitcoinAddressType, DecodedBitcoinAddress } from '../utils/decodeBitcoinAddress.js'
export { verifyBitcoinSignature } from '../actions/verifyBitcoinSignature.js'
export { bip122Verifier } from './bip122Verifier.js'
