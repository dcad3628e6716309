import { p2wpkh } from '@scure/btc-signer'
import { HDKey } from 'viem/accounts'

import { devMnemonicSeed } from '../devnets/devAccounts.js'
import { regtestNetwork } from './bitcoinSandboxChain.js'

/**
 * The dev Bitcoin key: BIP-84 (native SegWit, P2WPKH) account 0, first receive address, of the same
 * public test mnemonic as the EVM dev accounts ("test test … junk"), on coin type 1 (every test
 * network, regtest included). A BIP-84 wallet restored from that mnemonic on regtest shows this
 * very address. Never hold real funds with it.
 */
export const devBitcoinDerivationPath = "m/84'/1'/0'/0/0"

/** The dev key's regtest address. A test pins it to the derivation. */
export const devBitcoinAddress = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'

/**
 * The dev key's compressed public key, and the ordinals key's ({@link devBitcoinOrdinalsPath}),
 * written out so the dev wallet shows its addresses without deriving; a test pins both.
 */
export const devBitcoinPublicKeyHex = '03f3d474c86c9be5b82e251cc3cc438d3cc361527b4b9799516c4bd513caf9e5f6'
export const devBitcoinOrdinalsPublicKeyHex = '028c7fc6552af4384a13791e63bac79ff2bcfeedf143a88d6dc4b6080a8829cdc1'

/** Sats the sandbox gives the dev address at start: 10 BTC. */
export const devBitcoinFundingSats = 1_000_000_000n

let cached: { privateKey: Uint8Array; publicKey: Uint8Array } | undefined

/**
 * The dev key pair (BIP-32 from the BIP-39 seed of `devMnemonic`, path {@link devBitcoinDerivationPath}).
 *
 * @returns the 32-byte private key and 33-byte compressed public key
 * @example
 * const { publicKey } = devBitcoinKey()
 */
export function devBitcoinKey(): { privateKey: Uint8Array; publicKey: Uint8Array } {
  cached ??= devBitcoinKeyAt(devBitcoinDerivationPath)
  return cached
}

/** The master key of the dev mnemonic's seed, made on the first derivation. */
let root: HDKey | undefined

/** The dev wallet's ordinals (BIP-86 Taproot) key path on test networks. */
export const devBitcoinOrdinalsPath = "m/86'/1'/0'/0/0"

/**
 * The key at a BIP-32 path of the test mnemonic's seed (BIP-39, empty passphrase).
 *
 * @param path a BIP-32 path such as `m/86'/1'/0'/0/0`
 * @returns the private key and the compressed public key
 * @example
 * devBitcoinKeyAt(devBitcoinOrdinalsPath)
 */
export function devBitcoinKeyAt(path: string): { privateKey: Uint8Array; publicKey: Uint8Array } {
  root ??= HDKey.fromMasterSeed(devMnemonicSeed())
  const node = root.derive(path)
  if (!node.privateKey || !node.publicKey) throw new Error('devBitcoinKey: derivation gave no key')
  return { privateKey: node.privateKey, publicKey: node.publicKey }
}

/**
 * The regtest P2WPKH address of a compressed public key.
 *
 * @param publicKey 33-byte compressed secp256k1 public key
 * @returns a `bcrt1q…` address
 * @example
 * p2wpkhRegtestAddress(devBitcoinKey().publicKey) // devBitcoinAddress
 */
export function p2wpkhRegtestAddress(publicKey: Uint8Array): string {
  return p2wpkh(publicKey, regtestNetwork).address as string
}
