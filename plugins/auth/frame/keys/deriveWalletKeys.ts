import { entropyToMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { base58 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { HDKey as SlipKey } from 'micro-key-producer/slip10.js'
import { HDKey, hdKeyToAccount, type HDAccount } from 'viem/accounts'
import type { AuthAccounts } from '../../protocol.js'
import { FrameFailure } from '../errors.js'

/** The derivation paths of the embedded wallet (docs/guides/embedded-wallet.md §2). */
export const eip155Path = "m/44'/60'/0'/0/0"
export const solanaPath = "m/44'/501'/0'/0'"

/** The keys one mnemonic derives; rebuilt for each signature and dropped after it. */
export type WalletKeys = {
  accounts: AuthAccounts
  /** The viem account that signs eip155 messages, typed data and transactions. */
  eip155: HDAccount
  /** The ed25519 private seed (32 bytes) and public key (32 bytes) of the solana account. */
  solana: { privateKey: Uint8Array; publicKey: Uint8Array }
}

/**
 * Derives the wallet's keys from a BIP-39 mnemonic: the eip155 account at `m/44'/60'/0'/0/0`
 * (BIP-32, secp256k1) and the solana account at `m/44'/501'/0'/0'` (SLIP-10, ed25519).
 *
 * @example
 * deriveFromMnemonic('test test test test test test test test test test test junk').accounts.eip155
 * // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function deriveFromMnemonic(mnemonic: string): WalletKeys {
  if (!validateMnemonic(mnemonic, wordlist)) throw new FrameFailure('WALLET_MISMATCH', 'The wallet could not be rebuilt')
  const seed = mnemonicToSeedSync(mnemonic)
  try {
    const eip155 = hdKeyToAccount(HDKey.fromMasterSeed(seed), { path: eip155Path })
    const { privateKey } = SlipKey.fromMasterSeed(seed).derive(solanaPath)
    const publicKey = ed25519.getPublicKey(privateKey)
    return { accounts: { eip155: eip155.address, solana: base58.encode(publicKey) }, eip155, solana: { privateKey, publicKey } }
  } finally {
    seed.fill(0)
  }
}

/**
 * Derives the wallet's keys from its 16 bytes of entropy (through the BIP-39 mnemonic).
 *
 * @example
 * const keys = deriveWalletKeys(crypto.getRandomValues(new Uint8Array(16)))
 */
export function deriveWalletKeys(entropy: Uint8Array): WalletKeys {
  if (entropy.length !== 16) throw new FrameFailure('WALLET_MISMATCH', 'The wallet could not be rebuilt')
  return deriveFromMnemonic(entropyToMnemonic(entropy, wordlist))
}

/**
 * Whether two address sets are the same wallet (eip155 compared case-insensitively).
 *
 * @example
 * sameAccounts(keys.accounts, me.wallet)
 */
export function sameAccounts(a: AuthAccounts, b: AuthAccounts): boolean {
  return a.eip155.toLowerCase() === b.eip155.toLowerCase() && a.solana === b.solana
}
