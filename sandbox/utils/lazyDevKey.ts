import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { once } from './once.js'

/** A key pair whose public key is at hand and whose secret is derived when first read. */
export type LazyDevKey<secret extends string> = { readonly publicKey: Uint8Array } & { readonly [name in secret]: Uint8Array }

/**
 * A dev wallet's key with its public key written out: the wallet shows its address and answers
 * "which accounts" at once, and the key is derived (HD derivation, the curve's tables) on the
 * first signature, so a page load does no curve arithmetic. On that first read the derived public
 * key must equal the written-out one.
 *
 * @param publicKeyHex the public key, written out (a test pins it to the derivation)
 * @param secret the secret's field name: `privateKey` (secp256k1) or `secretKey` (sr25519)
 * @param derive derives the key pair
 * @returns the key pair, `secret` a getter
 * @example
 * const key = lazyDevKey(devCosmosPublicKeyHex, 'privateKey', () => devCosmosKey())
 * key.publicKey // no derivation
 * key.privateKey // derives once
 */
export function lazyDevKey<secret extends string>(publicKeyHex: string, secret: secret, derive: () => { publicKey: Uint8Array } & { [name in secret]: Uint8Array }): LazyDevKey<secret> {
  const publicKey = hexToBytes(publicKeyHex)
  const secretOf = once(() => {
    const derived = derive()
    if (bytesToHex(derived.publicKey) !== publicKeyHex) throw new Error(`lazyDevKey: the derived key is not ${publicKeyHex}`)
    return derived[secret]
  })
  return Object.freeze(Object.defineProperties({ publicKey } as LazyDevKey<secret>, { [secret]: { get: secretOf, enumerable: true } }))
}
