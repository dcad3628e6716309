import { ed25519 } from '@noble/curves/ed25519.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { type KeyPairSigner, createKeyPairFromBytes, createKeyPairSignerFromBytes } from '@solana/kit'

import { devMnemonicSeed } from '../devnets/devAccounts.js'

/**
 * The dev Solana key is derived from the same public test mnemonic as the EVM dev accounts
 * ("test test … junk", see `devMnemonic`), on the path Phantom, Solflare and the Solana CLI use
 * for the first account, with SLIP-0010 ed25519 derivation. Importing that mnemonic into such a
 * wallet therefore shows this very address. Never hold real funds with it.
 */
export const devSolanaDerivationPath = "m/44'/501'/0'/0'"

/** The dev key's address (base58). A test pins it to the derivation. */
export const devSolanaAddress = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

/** The dev mnemonic's second Solana account (`m/44'/501'/1'/0'`), where the wallet personas switch to. A test pins it. */
export const devSolanaSecondAddress = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'

const cachedSecrets = new Map<number, Uint8Array>()

function deriveSecretKey(account: number): Uint8Array {
  // BIP-39's seed of the mnemonic (written out in devAccounts.ts, pinned there by a test).
  const seed = devMnemonicSeed()
  // SLIP-0010 for ed25519: master key from HMAC-SHA512("ed25519 seed", seed), hardened children only.
  let node = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  for (const index of [44, 501, account, 0]) {
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (index | 0x8000_0000) >>> 0, false)
    node = hmac(sha512, node.subarray(32, 64), data)
  }
  const privateKey = node.slice(0, 32)
  const secretKey = new Uint8Array(64)
  secretKey.set(privateKey, 0)
  secretKey.set(ed25519.getPublicKey(privateKey), 32)
  return secretKey
}

/**
 * The dev key's 64-byte secret key (32-byte private seed, then the 32-byte public key), the
 * layout of a Solana CLI keypair file. Each call returns a fresh copy.
 *
 * @returns 64 bytes.
 * @example
 * const bytes = devSolanaSecretKey() // e.g. for createKeyPairSignerFromBytes(bytes)
 */
export function devSolanaSecretKey(): Uint8Array {
  return devSolanaAccountSecretKey(0)
}

/**
 * The secret key of the dev mnemonic's Solana account `account`, at `m/44'/501'/<account>'/0'`
 * (the path Phantom and Solflare give a wallet's second, third, … account); account 0 is the dev
 * key. The wallet personas switch to account 1 to show an account change. Each call returns a fresh copy.
 *
 * @param account - the account index, 0 to 2^31 - 1
 * @returns 64 bytes (private seed, then public key)
 * @example
 * base58.encode(devSolanaAccountSecretKey(1).subarray(32)) // devSolanaSecondAddress
 */
export function devSolanaAccountSecretKey(account: number): Uint8Array {
  if (!Number.isInteger(account) || account < 0 || account >= 0x8000_0000) throw new RangeError(`No Solana account index ${account}`)
  let secret = cachedSecrets.get(account)
  if (!secret) {
    secret = deriveSecretKey(account)
    cachedSecrets.set(account, secret)
  }
  return secret.slice()
}

/**
 * The dev key as a WebCrypto key pair for @solana/kit.
 *
 * @param extractable - Whether the private key may be exported (default false).
 * @returns The CryptoKeyPair.
 * @example
 * const keyPair = await devSolanaKeyPair()
 */
export async function devSolanaKeyPair(extractable = false): Promise<CryptoKeyPair> {
  return createKeyPairFromBytes(devSolanaSecretKey(), extractable)
}

/**
 * The dev key as a @solana/kit `KeyPairSigner`, ready for transaction messages.
 *
 * @returns The signer; its `address` is `devSolanaAddress`.
 * @example
 * const signer = await devSolanaSigner()
 */
export async function devSolanaSigner(): Promise<KeyPairSigner> {
  return createKeyPairSignerFromBytes(devSolanaSecretKey())
}
