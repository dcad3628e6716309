import type Transport from '@ledgerhq/hw-transport'
import Btc from '@ledgerhq/hw-app-btc'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, bech32m, hex } from '@scure/base'
import { p2tr } from '@scure/btc-signer'
import type { Network } from '../../../kernel/kernel.js'
import { LedgerAppNotOpenError, LedgerDeviceError, LedgerPathRefusedError, statusCodeOf } from '../errors.js'
import { readAppAndVersion, type LedgerDevice } from '../transport/LedgerDevice.js'
import { toLedgerPath } from '../utils/derivationPaths.js'

/** The device apps bip122 needs, as `B0 01` names them: Ledger ships one build for mainnet (coin type 0) and one for the test networks (coin type 1). */
export type BitcoinAppName = 'Bitcoin' | 'Bitcoin Test'

const mainnetReference = '000000000019d6689c085ae165831e93'
const regtestReference = '0f9188f13cb7b2c71f2a335e3a4fc328'

/** The app a Bitcoin network needs: "Bitcoin" on mainnet, "Bitcoin Test" on regtest, testnet4 and signet. */
export const bitcoinAppOf = (network: Network | undefined): BitcoinAppName => (network?.caipNetworkId.split(':')[1] === mainnetReference ? 'Bitcoin' : 'Bitcoin Test')

/**
 * The Bitcoin app's API on a transport (app-bitcoin-new's protocol from 2.1.0). A fresh one per
 * use: @ledgerhq/hw-app-btc picks its protocol on the first call from the open app and keeps it.
 */
export function bitcoinApp(transport: Transport, app: BitcoinAppName): Btc {
  // hw-app-btc pins its own @ledgerhq/hw-transport: the same class at run time, another declaration to the compiler.
  return new Btc({ transport: transport as never, currency: app === 'Bitcoin' ? 'bitcoin' : 'bitcoin_testnet' })
}

/**
 * Runs `action` on the device with `app` open. The two builds answer the same commands, so the other
 * one open would answer with a refusal of the path: the open app's name (`B0 01`) is checked first,
 * and any other app is a {@link LedgerAppNotOpenError} naming the one needed.
 */
export function runBitcoinApp<T>(device: LedgerDevice, app: BitcoinAppName, action: (transport: Transport) => Promise<T>): Promise<T> {
  return device.run({ app }, async (transport) => {
    const open = readAppAndVersion(await transport.send(0xb0, 0x01, 0x00, 0x00))
    if (open.name !== app) throw new LedgerAppNotOpenError({ app })
    return action(transport)
  })
}

/** A path's address type: taproot (P2TR, BIP-86) for `m/86'/…`, native segwit (P2WPKH, BIP-84) otherwise. */
export const isTaprootPath = (path: string): boolean => /^m\/86['h]\//.test(path)

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

/** The BIP-86 output key of a compressed key (its x-only form tweaked with no script tree). */
export const taprootOutputKey = (publicKey: Uint8Array): Uint8Array => p2tr(publicKey.slice(1)).tweakedPubkey

/** The taproot (segwit v1, bech32m) address of an output key in a network's encoding. */
export const taprootAddress = (outputKey: Uint8Array, prefix: string): string => bech32m.encode(prefix, [1, ...bech32m.toWords(outputKey)])

/** The address of a path's key in an encoding: P2TR for a BIP-86 path, else P2WPKH. */
const addressAt = (path: string, publicKey: Uint8Array, prefix: string) => (isTaprootPath(path) ? taprootAddress(taprootOutputKey(publicKey), prefix) : segwitAddress(keyHash(publicKey), prefix))

/**
 * The compressed public key of a path, read from `app`, with the app's own address of it
 * (GET_WALLET_ADDRESS of the default `wpkh(@0/**)` or `tr(@0/**)` policy, in the app's encoding:
 * `bc1…` or `tb1…`) checked to be the same key's. The app refuses a path of the other build's coin type.
 */
export function bitcoinPublicKey(device: LedgerDevice, path: string, app: BitcoinAppName): Promise<Uint8Array> {
  return runBitcoinApp(device, app, async (transport) => {
    const answer = await bitcoinApp(transport, app)
      .getWalletPublicKey(toLedgerPath(path), { format: isTaprootPath(path) ? 'bech32m' : 'bech32' })
      .catch((error: unknown) => {
        // SW_NOT_SUPPORTED on a key export: a path that is not standard for this build (another coin type), which the app exports only on display.
        if (statusCodeOf(error) === 0x6a82) throw new LedgerPathRefusedError({ app, path, statusCode: 0x6a82, cause: error })
        throw error
      })
    const publicKey = compress(hex.decode(answer.publicKey))
    if (answer.bitcoinAddress && answer.bitcoinAddress !== addressAt(path, publicKey, app === 'Bitcoin' ? 'bc' : 'tb')) throw new LedgerDeviceError({ cause: new Error('The Bitcoin app answered an address of another key') })
    return publicKey
  })
}

/** The address of a path in the network's encoding, read from the network's app: native segwit (`bcrt1q…` on regtest) or, for `m/86'/…`, taproot (`bcrt1p…`). */
export async function bitcoinAddress(device: LedgerDevice, path: string, network?: Network): Promise<string> {
  return addressAt(path, await bitcoinPublicKey(device, path, bitcoinAppOf(network)), bech32Prefix(network))
}
