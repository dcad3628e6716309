import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p2wpkh } from '@scure/btc-signer'

import { type LedgerDeviceKeys, createLedgerDeviceKeys, parseLedgerPath } from './ledgerDeviceKeys.js'

/** Bitcoin regtest's address encoding (`bcrt1…`; the test networks' otherwise). */
const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/**
 * The regtest P2WPKH address of the device's key at a path (BIP-32, compressed key): the address
 * the sandbox's Bitcoin chain (regtest) credits. The Bitcoin Test app's own screen writes the same
 * program with the test networks' `tb1` prefix.
 *
 * @example
 * ledgerBitcoinAddress(createLedgerDeviceKeys(), parseLedgerPath("m/84'/1'/0'/0/0")) // bcrt1q…
 */
export function ledgerBitcoinAddress(keys: LedgerDeviceKeys, path: readonly number[]): string {
  return p2wpkh(secp256k1.getPublicKey(keys.evm(path).privateKey, true), regtest).address!
}

/** Ledger Live's native segwit (BIP-84) account `i` on test networks: its first receive address. */
export const ledgerLiveBitcoinPath = (i: number): string => `m/84'/1'/${i}'/0/0`

/**
 * The emulated Ledger's first five Bitcoin accounts (`m/84'/1'/i'/0/0` of `ledgerDeviceMnemonic`,
 * regtest encoding), funded with 1 BTC each when the sandbox starts. Written out so importing this
 * file derives no keys; a test pins them to {@link ledgerBitcoinAccounts}.
 */
export const ledgerBitcoinAddresses = Object.freeze([
  'bcrt1qvj26ln3469pqneen36hy5eldzgxr0209gvmx4y',
  'bcrt1q4zkfygxzguw7and3vr29pjphsmn6qq4zvv6tha',
  'bcrt1qjy3slyjeq6s8m4936e3t96uhpla9mt9zurt6fc',
  'bcrt1q4jfwmqtsplktw8stuunj7h4wj3ajphxerwqe3y',
  'bcrt1qfshjxwdyphzat0lel02twtt68f67cqpcs09vu3',
] as const)

/** What each funded Ledger Bitcoin account starts with: 1 BTC (sats). */
export const ledgerBitcoinFundingSats = 100_000_000n

/**
 * The first `count` Bitcoin accounts of the emulated device, derived.
 *
 * @example
 * ledgerBitcoinAccounts(5)[0] // ledgerBitcoinAddresses[0]
 */
export function ledgerBitcoinAccounts(count = 5, keys: LedgerDeviceKeys = createLedgerDeviceKeys()): string[] {
  return [...Array(count).keys()].map((i) => ledgerBitcoinAddress(keys, parseLedgerPath(ledgerLiveBitcoinPath(i))))
}
