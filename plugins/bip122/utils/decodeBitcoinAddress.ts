import { bech32, bech32m, createBase58check } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'

/** The address kinds Bitcoin uses: legacy, script hash, segwit v0 key/script hash, taproot. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'
/** Which chain an address encodes for: mainnet (`bc1…`, `1…`, `3…`), the test networks testnet4 and signet (`tb1…`, `m…`/`n…`, `2…`) or regtest (`bcrt1…`, and the test networks' base58 prefixes). */
export type BitcoinAddressNetwork = 'mainnet' | 'testnet' | 'regtest'
export type DecodedBitcoinAddress = { type: BitcoinAddressType; network: BitcoinAddressNetwork; /** Witness version for segwit addresses. */ witnessVersion?: number; program: Uint8Array }

const base58check = /* @__PURE__ */ createBase58check(sha256)
const bech32Prefixes: Record<string, BitcoinAddressNetwork> = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' }
const base58Versions: Record<number, { type: 'p2pkh' | 'p2sh'; network: BitcoinAddressNetwork }> = {
  0x00: { type: 'p2pkh', network: 'mainnet' },
  0x05: { type: 'p2sh', network: 'mainnet' },
  0x6f: { type: 'p2pkh', network: 'testnet' },
  0xc4: { type: 'p2sh', network: 'testnet' },
}

/**
 * Decodes a Bitcoin address by the real rules (BIP-173 bech32 for witness v0, BIP-350 bech32m for
 * v1+, base58check for legacy): checksum, prefix, length, program size; mixed case is refused.
 *
 * @param address - the address
 * @returns its type, network and program, or `undefined` when it is not a valid address
 * @example
 * decodeBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4') // { type: 'p2wpkh', network: 'mainnet', … }
 */
export function decodeBitcoinAddress(address: unknown): DecodedBitcoinAddress | undefined {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90) return undefined
  const separator = address.lastIndexOf('1')
  const prefix = separator > 0 ? address.slice(0, separator).toLowerCase() : ''
  const network = Object.hasOwn(bech32Prefixes, prefix) ? bech32Prefixes[prefix] : undefined
  if (network) return decodeSegwit(address, network)
  if (address.length > 35) return undefined
  try {
    const payload = base58check.decode(address)
    const known = payload.length === 21 ? base58Versions[payload[0]!] : undefined
    return known ? { ...known, program: payload.slice(1) } : undefined
  } catch {
    return undefined
  }
}

function decodeSegwit(address: string, network: BitcoinAddressNetwork): DecodedBitcoinAddress | undefined {
  const words = tryDecode(address)
  if (!words || words.words.length === 0) return undefined
  const witnessVersion = words.words[0]!
  if (witnessVersion > 16) return undefined
  // BIP-350: version 0 uses bech32, versions 1..16 bech32m; the other checksum is refused.
  if ((witnessVersion === 0) !== (words.encoding === 'bech32')) return undefined
  let program: Uint8Array
  try {
    program = Uint8Array.from(bech32.fromWords(words.words.slice(1)))
  } catch {
    return undefined
  }
  if (program.length < 2 || program.length > 40) return undefined
  if (witnessVersion === 0) {
    if (program.length === 20) return { type: 'p2wpkh', network, witnessVersion, program }
    if (program.length === 32) return { type: 'p2wsh', network, witnessVersion, program }
    return undefined
  }
  // Only taproot (v1, 32 bytes) is a spendable standard output today; later versions are not accepted as send targets.
  if (witnessVersion === 1 && program.length === 32) return { type: 'p2tr', network, witnessVersion, program }
  return undefined
}

function tryDecode(address: string): { words: number[]; encoding: 'bech32' | 'bech32m' } | undefined {
  for (const [encoding, coder] of [['bech32', bech32], ['bech32m', bech32m]] as const) {
    try {
      return { words: [...coder.decode(address as `${string}1${string}`, 90).words], encoding }
    } catch {
      // try the other checksum
    }
  }
  return undefined
}

/**
 * Whether a string is a valid Bitcoin address on any network (see {@link decodeBitcoinAddress}).
 *
 * @param address - the address
 * @returns true when valid
 * @example
 * isBitcoinAddress('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw') // true
 */
export function isBitcoinAddress(address: unknown): boolean {
  return decodeBitcoinAddress(address) !== undefined
}
