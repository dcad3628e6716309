import { Ed25519PublicKey } from '@mysten/sui/keypairs/ed25519'
import { hexToBytes } from '@noble/hashes/utils.js'

import { devSuiAddress, devSuiKeypair, devSuiPublicKeyHex } from '../sui/devSui.js'
import { once } from '../utils/once.js'
import type { SuiDevWalletKeypair } from './createSuiDevWallet.js'

/**
 * The dev key with its address and public key written out: derived on the first signature, so a
 * page load does no key math (the Sui dev wallet and the Sui personas sign with it).
 *
 * @returns the key, as `createSuiDevWallet` takes it
 * @example
 * createSuiDevWallet({ keypair: lazySuiKeypair(), rpcUrl, icon })
 */
export function lazySuiKeypair(): SuiDevWalletKeypair {
  const publicKey = new Ed25519PublicKey(hexToBytes(devSuiPublicKeyHex))
  const keypair = once(() => {
    const derived = devSuiKeypair()
    if (derived.toSuiAddress() !== devSuiAddress) throw new Error(`The Sui dev key is not ${devSuiAddress}'s`)
    return derived
  })
  return {
    toSuiAddress: () => devSuiAddress,
    getPublicKey: () => publicKey,
    signTransaction: (bytes) => keypair().signTransaction(bytes),
    signPersonalMessage: (message) => keypair().signPersonalMessage(message),
  }
}
