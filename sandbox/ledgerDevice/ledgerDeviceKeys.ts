import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { base58 } from '@scure/base'
import { mnemonicToSeedSync } from '@scure/bip39'
import { getAddress, keccak256 } from 'viem'
import { HDKey } from 'viem/accounts'

import { LedgerDeviceParameterError } from './errors.js'

/**
 * The emulated Ledger's recovery phrase: BIP-39 of sha256("portico sandbox emulated ledger")'s first
 * 16 bytes. Public test keys, not anvil's "test … junk": never hold real funds with them.
 */
export const ledgerDeviceMnemonic = 'protect laugh pig direct depart boy display hill glide glad mask shift'

/** Highest bit of a BIP-32 index: a hardened step. */
const hardened = 0x8000_0000

/**
 * Reads a BIP-32 path (`m/44'/60'/0'/0/0`, the `m/` optional, `'` or `h` for hardened).
 *
 * @throws {LedgerDeviceParameterError} when it is not a path of 1 to 10 steps below 2^31
 * @example
 * parseLedgerPath("44'/501'/0'") // [0x8000002c, 0x800001f5, 0x80000000]
 */
export function parseLedgerPath(path: string): number[] {
  const steps = path.trim().replace(/^m\//, '').split('/')
  const out = steps.map((step) => {
    const match = /^(\d{1,10})(['h]?)$/.exec(step)
    const value = match ? Number(match[1]) : Number.NaN
    if (!match || value >= hardened) throw new LedgerDeviceParameterError(`"${path.slice(0, 80)}" is not a derivation path like m/44'/60'/0'/0/0`)
    return match[2] ? value + hardened : value
  })
  if (out.length < 1 || out.length > 10) throw new LedgerDeviceParameterError(`"${path.slice(0, 80)}" must have 1 to 10 steps`)
  return out
}

/**
 * Writes BIP-32 indexes back as a path (`m/44'/60'/0'/0/0`).
 *
 * @example
 * formatLedgerPath([0x8000002c, 0x8000003c, 0x80000000, 0, 0]) // "m/44'/60'/0'/0/0"
 */
export function formatLedgerPath(indexes: readonly number[]): string {
  return ['m', ...indexes.map((i) => (i >= hardened ? `${i - hardened}'` : String(i)))].join('/')
}

/** A secp256k1 key of the device (Ethereum app). */
export type LedgerEvmKey = { privateKey: Uint8Array; publicKey: Uint8Array; address: `0x${string}` }
/** An ed25519 key of the device (Solana app). */
export type LedgerSolanaKey = { privateKey: Uint8Array; publicKey: Uint8Array; address: string }

/** The keys a device holds: derived from one seed, cached by path. */
export type LedgerDeviceKeys = {
  evm(path: readonly number[]): LedgerEvmKey
  solana(path: readonly number[]): LedgerSolanaKey
  /** The BIP-39 seed (apps that derive BIP-32 nodes with their own version bytes: Bitcoin's xpubs). */
  seed(): Uint8Array
}

function evmAddress(publicKey: Uint8Array): `0x${string}` {
  return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`)
}

/**
 * SLIP-0010 ed25519 derivation (hardened steps only, as the curve allows): the master key is
 * HMAC-SHA512("ed25519 seed", seed), each child HMAC-SHA512(chain code, 0x00 ‖ key ‖ index).
 *
 * @throws {LedgerDeviceParameterError} on a non-hardened step
 * @example
 * slip10Ed25519(seed, [0x8000002c, 0x800001f5, 0x80000000]).privateKey
 */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): { privateKey: Uint8Array; chainCode: Uint8Array } {
  let node = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  for (const index of path) {
    if (index < hardened) throw new LedgerDeviceParameterError(`ed25519 keys have hardened steps only, not ${index} in ${formatLedgerPath(path)}`)
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, index)
    node = hmac(sha512, node.subarray(32), data)
  }
  return { privateKey: node.slice(0, 32), chainCode: node.slice(32) }
}

/**
 * The device's keys for a recovery phrase: secp256k1 by BIP-32 (Ethereum app) and ed25519 by
 * SLIP-0010 (Solana app), derived on first use of a path.
 *
 * @param mnemonic a BIP-39 phrase (default `ledgerDeviceMnemonic`)
 * @example
 * createLedgerDeviceKeys().evm(parseLedgerPath("44'/60'/0'/0/0")).address // 0xa487…6a8e
 */
export function createLedgerDeviceKeys(mnemonic: string = ledgerDeviceMnemonic): LedgerDeviceKeys {
  let seed: Uint8Array | undefined
  let root: HDKey | undefined
  const evmCache = new Map<string, LedgerEvmKey>()
  const solanaCache = new Map<string, LedgerSolanaKey>()
  const getSeed = () => (seed ??= mnemonicToSeedSync(mnemonic))
  return {
    evm(path) {
      const id = formatLedgerPath(path)
      const cached = evmCache.get(id)
      if (cached) return cached
      root ??= HDKey.fromMasterSeed(getSeed())
      const node = root.derive(id)
      if (!node.privateKey) throw new LedgerDeviceParameterError(`No key at ${id}`)
      // The Ethereum app answers the uncompressed point (65 bytes, 0x04 first).
      const uncompressed = secp256k1.getPublicKey(node.privateKey, false)
      const key = { privateKey: node.privateKey, publicKey: uncompressed, address: evmAddress(uncompressed) }
      evmCache.set(id, key)
      return key
    },
    solana(path) {
      const id = formatLedgerPath(path)
      const cached = solanaCache.get(id)
      if (cached) return cached
      const { privateKey } = slip10Ed25519(getSeed(), path)
      const publicKey = ed25519.getPublicKey(privateKey)
      const key = { privateKey, publicKey, address: base58.encode(publicKey) }
      solanaCache.set(id, key)
      return key
    },
    seed: getSeed,
  }
}

/** Ledger Live's EVM path of account `i`. */
export const ledgerLiveEvmPath = (i: number): string => `m/44'/60'/${i}'/0/0`
/** Ledger Live's Solana path of account `i`. */
export const ledgerLiveSolanaPath = (i: number): string => `m/44'/501'/${i}'`

/**
 * The first `count` Ledger Live accounts of the emulated device (the ones the sandbox funds).
 *
 * @example
 * ledgerDeviceAccounts(5).eip155[0] // 0xa487fcefe94141E032dC61A2351eB642DE7B6a8e
 */
export function ledgerDeviceAccounts(count = 5, keys: LedgerDeviceKeys = createLedgerDeviceKeys()): { eip155: `0x${string}`[]; solana: string[] } {
  const indexes = [...Array(count).keys()]
  return {
    eip155: indexes.map((i) => keys.evm(parseLedgerPath(ledgerLiveEvmPath(i))).address),
    solana: indexes.map((i) => keys.solana(parseLedgerPath(ledgerLiveSolanaPath(i))).address),
  }
}
