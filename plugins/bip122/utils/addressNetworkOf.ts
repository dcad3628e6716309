import type { Network } from '../../../kernel/kernel.js'
import type { BitcoinAddressNetwork } from './decodeBitcoinAddress.js'

const mainnetReference = '000000000019d6689c085ae165831e93'
const regtestReference = '0f9188f13cb7b2c71f2a335e3a4fc328'

/**
 * Which address encoding a network uses, by its CAIP-2 reference: mainnet's (`bc1…`), regtest's
 * (`bcrt1…`), or the test networks' (`tb1…`: testnet4, signet and any other).
 *
 * @param network - a Bitcoin network
 * @returns `mainnet`, `regtest` or `testnet`
 * @example
 * addressNetworkOf(bitcoinMainnet) // 'mainnet'
 */
export function addressNetworkOf(network: Network): BitcoinAddressNetwork {
  const reference = network.caipNetworkId.split(':')[1]
  return reference === mainnetReference ? 'mainnet' : reference === regtestReference ? 'regtest' : 'testnet'
}
