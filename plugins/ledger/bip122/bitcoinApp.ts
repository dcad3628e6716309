import type Transport from '@ledgerhq/hw-transport'
import Btc from '@ledgerhq/hw-app-btc'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, hex } from '@scure/base'
import type { Network } from '../../../kernel/kernel.js'
import { LedgerDeviceError } from '../errors.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import { toLedgerPath } from '../utils/derivationPaths.js'

/** The device app bip122 needs, as `B0 01` names it. */
export const bitcoinAppName = 'Bitcoin Test'

/**
 * The Bitcoin app's API on a transport (app-bitcoin-new's protocol from 2.1.0). A fresh one per
 * use: @ledgerhq/hw-app-btc picks its protocol on the first call from the open app and keeps it.
 */
export function bitcoinApp(transport: Transport): Btc {
  // hw-app-btc pins its own @ledgerhq/hw-transport: the same class at run time, another declaration to the compiler.
  return new Btc({ transport: transport as never, currency: 'bitcoin_testnet' })
}

const mainnetReference = '000000000019d6689c085ae165831e93'
const regtestReference = '0f9188f13cb7b2c71f2a335e3a4fc328'

/** The bech32 prefix of a Bitcoin network's addresses, by its CAIP-2 reference (`bcrt` regtest, `bc` mainnet, `tb` the test networks). */
export function bech32Prefix(network: Network | undefined): 'bc' | 'tb' | 'bcrt' {
  const reference = network?.caipNetworkId.split(':')[1]
  return reference === mainnetReference ? 'bc' : reference === regtestReference ? 'bcrt' : 'tb'
}

/** The compressed form of a public key the app answers uncompressed (`04 ‖ x ‖ y`). */
function compress(uncompressed: Uint8Array): Uint8Array {
  if (uncompressed.length !== 65 || uncompressed[0] !== 4) throw new LedgerDeviceError({ cause: new Error('The Bitcoin app answered a public key that is not a point') })
  const out = uncompressed.slice(0, 33)
  out[0] = (uncompressed[64]! & 1) === 0 ? 2 : 3
  return out
}

/** The P2WPKH program (hash160) of a compressed key. */
export const keyHash = (publicKey: Uint8Array): Uint8Array => ripemd160(sha256(publicKey))

/** The native segwit address of a program in a network's encoding. */
export const segwitAddress = (program: Uint8Array, prefix: string): string => bech32.encode(prefix, [0, ...bech32.toWords(program)])

/**
 * The compressed public key of a path, with the app's own address of it (GET_WALLET_ADDRESS of the
 * default `wpkh(@0/**)` policy: the test networks' `tb1…`) checked to be the same key's.
 */
export function bitcoinPublicKey(device: LedgerDevice, path: string): Promise<Uint8Array> {
  return device.run({ app: bitcoinAppName }, async (transport) => {
    const answer = await bitcoinApp(transport).getWalletPublicKey(toLedgerPath(path), { format: 'bech32' })
    const publicKey = compress(hex.decode(answer.publicKey))
    if (answer.bitcoinAddress && answer.bitcoinAddress !== segwitAddress(keyHash(publicKey), 'tb')) throw new LedgerDeviceError({ cause: new Error('The Bitcoin app answered an address of another key') })
    return publicKey
  })
}

/** The native segwit address of a path in the network's encoding (`bcrt1q…` on regtest). */
export async function bitcoinAddress(device: LedgerDevice, path: string, network?: Network): Promise<string> {
  return segwitAddress(keyHash(await bitcoinPublicKey(device, path)), bech32Prefix(network))
}
