import { pbkdf2 } from '@noble/hashes/pbkdf2.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import * as sr25519 from '@scure/sr25519'

/** An sr25519 key pair: the 64-byte secret (key and nonce) and the 32-byte public key. */
export type PolkadotDevKey = { secretKey: Uint8Array; publicKey: Uint8Array }

/**
 * Derives an sr25519 key the way Substrate wallets (the Polkadot.js extension, Talisman, subkey) do
 * from a mnemonic and an optional hard index: substrate-bip39's mini secret (PBKDF2-SHA512 over the
 * mnemonic's entropy, salt "mnemonic", 2048 rounds, first 32 bytes), expanded to an sr25519 secret,
 * then for `//index` one hard derivation whose chain code is the index as a SCALE u64, zero-padded
 * to 32 bytes. Pure JavaScript (no WebAssembly), so it runs under a strict CSP.
 *
 * @param mnemonic the BIP-39 phrase
 * @param hardIndex the `//n` junction, if any
 * @returns the key pair
 * @example
 * derivePolkadotDevKey('test test … junk', 1) // the key of "test test … junk//1"
 */
export function derivePolkadotDevKey(mnemonic: string, hardIndex?: number): PolkadotDevKey {
  const entropy = mnemonicToEntropy(mnemonic, wordlist)
  const mini = pbkdf2(sha512, entropy, new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 }).slice(0, 32)
  let secretKey = sr25519.secretFromSeed(mini)
  if (hardIndex !== undefined) {
    const chainCode = new Uint8Array(32)
    new DataView(chainCode.buffer).setBigUint64(0, BigInt(hardIndex), true)
    secretKey = sr25519.HDKD.secretHard(secretKey, chainCode)
  }
  return { secretKey, publicKey: sr25519.getPublicKey(secretKey) }
}
