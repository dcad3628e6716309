import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p2tr, p2wpkh } from '@scure/btc-signer'

import { type LedgerDeviceKeys, createLedgerDeviceKeys, parseLedgerPath } from './ledgerDeviceKeys.js'

/** Bitcoin regtest's address encoding (`bcrt1…`; the test networks' otherwise). */
const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/**
 * The regtest address of the device's key at a path (BIP-32, compressed key): P2WPKH, or P2TR
 * (BIP-86: the key's x-only form tweaked with no script tree) for a BIP-86 path (`m/86'/…`); the
 * address the sandbox's Bitcoin chain (regtest) credits. The Bitcoin Test app's own screen writes
 * the same program with the test networks' `tb1` prefix.
 *
 * @example
 * ledgerBitcoinAddress(createLedgerDeviceKeys(), parseLedgerPath("m/84'/1'/0'/0/0")) // bcrt1q…
 * ledgerBitcoinAddress(createLedgerDeviceKeys(), parseLedgerPath("m/86'/1'/0'/0/0")) // bcrt1p…
 */
export function ledgerBitcoinAddress(keys: LedgerDeviceKeys, path: readonly number[]): string {
  const publicKey = secp256k1.getPublicKey(keys.evm(path).privateKey, true)
  return path[0] === 86 + 0x8000_0000 ? p2tr(publicKey.slice(1), undefined, regtest).address! : p2wpkh(publicKey, regtest).address!
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

/** Ledger Live's taproot (BIP-86) account `i` on test networks: its first receive address. */
export const ledgerLiveTaprootPath = (i: number): string => `m/86'/1'/${i}'/0/0`

/**
 * The emulated Ledger's first five taproot accounts (`m/86'/1'/i'/0/0`, regtest `bcrt1p…`), funded
 * like the BIP-84 ones; written out for the same reason, pinned by the same test.
 */
export const ledgerBitcoinTaprootAddresses = Object.freeze([
  'bcrt1p4ua0hj5svta50uvu50wngcvqlw9w8f4zvemfwn5w9cwqr3l04g8qh45uyz',
  'bcrt1pn3skqr8hq69990eve30tdt6sc9fxv0dttlnyuch9qzn60gxka0eqjmh2ur',
  'bcrt1p763ss7wmq9v6sglz4w2zq7jw99hpwq7j7uqu6why06uqm68r249qrq0hqt',
  'bcrt1py63lqjqewwhr39ym4jn5elwfwwjq343f0l5jemqeplnxduu0qs2sued7ez',
  'bcrt1putek25n4p8uk52rk4zptkfnt0w8tzs8dckv7kg8plwyn9eeyrh8qqwr4my',
] as const)

/** What each funded Ledger Bitcoin account starts with: 1 BTC (sats). */
export const ledgerBitcoinFundingSats = 100_000_000n

/**
 * The first `count` Bitcoin accounts of the emulated device, derived.
 *
 * @example
 * ledgerBitcoinAccounts(5)[0] // ledgerBitcoinAddresses[0]
 */
export function ledgerBitcoinAccounts(count = 5, keys: LedgerDeviceKeys = createLedgerDeviceKeys(), { taproot = false }: { taproot?: boolean } = {}): string[] {
  return [...Array(count).keys()].map((i) => ledgerBitcoinAddress(keys, parseLedgerPath(taproot ? ledgerLiveTaprootPath(i) : ledgerLiveBitcoinPath(i))))
}
