import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'

import { devMnemonicSeedHex } from '../devnets/devAccounts.js'

/**
 * The dev Sui key: ed25519 at Sui's default path `m/44'/784'/0'/0'/0'` (SLIP-10) of the same public
 * test mnemonic as the EVM dev accounts ("test test … junk"), the first account a Sui wallet
 * restored from that mnemonic shows. Never hold real funds with it.
 */
export const devSuiDerivationPath = "m/44'/784'/0'/0'/0'"

/** The dev key's address. A test pins it to the derivation. */
export const devSuiAddress = '0xc88ef07b9b8b2fc3b7daad9478f4e1337f01792e2eab9c3794494e610636026e'

/** The dev key's ed25519 public key, written out so the dev wallet needs no derivation to show it; a test pins it. */
export const devSuiPublicKeyHex = '1e6b2604ae257d45be4fb5bb3e9179936c6840552886895fe4434182228d610b'

/** What the sandbox gives the dev address at start: 1,000 SUI (in MIST) and 1,000,000 pUSD (6 decimals). */
export const devSuiFunding = { mist: 1_000_000_000_000n, pUsd: 1_000_000_000_000n } as const

let cached: Ed25519Keypair | undefined

/**
 * The dev key pair.
 *
 * @returns the ed25519 key pair of {@link devSuiDerivationPath}
 * @example
 * devSuiKeypair().toSuiAddress() === devSuiAddress // true
 */
export function devSuiKeypair(): Ed25519Keypair {
  // From the mnemonic's BIP-39 seed, written out (devAccounts.ts): the same key as deriveKeypair(devMnemonic, …).
  cached ??= Ed25519Keypair.deriveKeypairFromSeed(devMnemonicSeedHex, devSuiDerivationPath)
  return cached
}
