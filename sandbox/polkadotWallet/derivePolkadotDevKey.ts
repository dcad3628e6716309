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
  return polkadotKeyFromMiniSecret(polkadotMiniSecret(mnemonic), hardIndex)
}

/**
 * substrate-bip39's mini secret of a mnemonic: PBKDF2-SHA512 over the mnemonic's entropy, salt
 * "mnemonic", 2048 rounds, the first 32 bytes.
 *
 * @example
 * polkadotMiniSecret('test test … junk') // 32 bytes
 */
export function polkadotMiniSecret(mnemonic: string): Uint8Array {
  const entropy = mnemonicToEntropy(mnemonic, wordlist)
  return pbkdf2(sha512, entropy, new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 }).slice(0, 32)
}

/**
 * The sr25519 key of a mini secret, and for `//index` its one hard derivation (see
 * {@link derivePolkadotDevKey}).
 *
 * @param mini the 32-byte mini secret ({@link polkadotMiniSecret})
 * @param hardIndex the `//n` junction, if any
 * @example
 * polkadotKeyFromMiniSecret(polkadotMiniSecret('test test … junk'), 1)
 */
export function polkadotKeyFromMiniSecret(mini: Uint8Array, hardIndex?: number): PolkadotDevKey {
  let secretKey = sr25519.secretFromSeed(mini)
  if (hardIndex !== undefined) {
    const chainCode = new Uint8Array(32)
    new DataView(chainCode.buffer).setBigUint64(0, BigInt(hardIndex), true)
    secretKey = sr25519.HDKD.secretHard(secretKey, chainCode)
  }
  return { secretKey, publicKey: sr25519.getPublicKey(secretKey) }
}
