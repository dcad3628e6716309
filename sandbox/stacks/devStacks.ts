import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'

import { encodeStacksAddress, stacksAddressVersions } from '../../plugins/stacks/server/index.js'
import { devBitcoinKeyAt } from '../bitcoin/devBitcoin.js'

/**
 * The dev Stacks key: SLIP-44 coin type 5757 (Stacks), account 0, first address, of the same public
 * test mnemonic as the other dev accounts ("test test … junk"), as Leather and Xverse derive it.
 * Never hold real funds with it.
 */
export const devStacksDerivationPath = "m/44'/5757'/0'/0/0"

/** The faucet's key: the next address of the same account. */
export const stacksFaucetDerivationPath = "m/44'/5757'/0'/0/1"

/** The key that "deployed" the sandbox's SIP-010 token contract. */
export const stacksDeployerDerivationPath = "m/44'/5757'/0'/0/2"

/** The dev key's ({@link devStacksDerivationPath}) compressed public key, written out so the dev wallet needs no derivation to show its address; a test pins it. */
export const devStacksPublicKeyHex = '0215dc058dc73b6cc5b512da607d273caef75d0570e82937fc543641dfa6eccb0a'

/** What the dev address holds at start: 1,000 STX and 5,000 pUSD (base units, 6 decimals each). */
export const devStacksFunding = { ustx: 1_000_000_000n, pUsd: 5_000_000_000n } as const

/** What the faucet holds at start: 1,000,000,000 STX (µSTX). */
export const stacksFaucetFunding = 1_000_000_000_000_000n

/**
 * The testnet (`ST…`) address of a compressed public key (P2PKH hash mode: hash160 of the key).
 *
 * @example
 * stacksTestnetAddressOf(publicKey) // 'ST…'
 */
export function stacksTestnetAddressOf(publicKey: Uint8Array): string {
  return encodeStacksAddress(stacksAddressVersions.testnetSingleSig, ripemd160(sha256(publicKey)))
}

const cache = new Map<string, { privateKey: Uint8Array; publicKey: Uint8Array; address: string }>()

/**
 * A key of the test mnemonic at a BIP-32 path, with its testnet address.
 *
 * @param path {@link devStacksDerivationPath} (default), {@link stacksFaucetDerivationPath}, …
 * @returns the private key, the compressed public key and the `ST…` address
 * @example
 * devStacksKey().address
 */
export function devStacksKey(path: string = devStacksDerivationPath): { privateKey: Uint8Array; publicKey: Uint8Array; address: string } {
  let key = cache.get(path)
  if (!key) {
    const { privateKey, publicKey } = devBitcoinKeyAt(path)
    key = { privateKey, publicKey, address: stacksTestnetAddressOf(publicKey) }
    cache.set(path, key)
  }
  return key
}
