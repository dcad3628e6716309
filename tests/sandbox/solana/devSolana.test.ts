import { ed25519 } from '@noble/curves/ed25519.js'
import { createHash } from 'node:crypto'
import { getBase58Decoder, getBase58Encoder, signBytes, verifySignature } from '@solana/kit'
import { describe, expect, it } from 'vitest'

import {
  devSolanaAccountSecretKey,
  devSolanaAddress,
  devSolanaDerivationPath,
  devSolanaKeyPair,
  devSolanaSecondAddress,
  devSolanaSecretKey,
  devSolanaSigner,
} from '../../../sandbox/solana/devSolana.js'
import { solanaSandboxCaipNetworkId, solanaSandboxGenesisHash } from '../../../sandbox/solana/solanaSandboxChain.js'

describe('devSolana', () => {
  it("is the test mnemonic's first Solana account (m/44'/501'/0'/0', what Phantom shows)", async () => {
    expect(devSolanaDerivationPath).toBe("m/44'/501'/0'/0'")
    expect(devSolanaAddress).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    expect((await devSolanaSigner()).address).toBe(devSolanaAddress)
  })

  it('gives a 64-byte secret key: private seed then its public key, a fresh copy each time', () => {
    const secret = devSolanaSecretKey()
    expect(secret).toHaveLength(64)
    expect(ed25519.getPublicKey(secret.slice(0, 32))).toEqual(secret.slice(32))
    expect(getBase58Decoder().decode(secret.slice(32))).toBe(devSolanaAddress)
    secret.fill(0)
    expect(devSolanaSecretKey().some((byte) => byte !== 0)).toBe(true)
  })

  it("derives the mnemonic's other accounts at m/44'/501'/<n>'/0' (the personas' second account), and refuses a bad index", () => {
    expect(devSolanaAccountSecretKey(0)).toEqual(devSolanaSecretKey())
    const second = devSolanaAccountSecretKey(1)
    expect(ed25519.getPublicKey(second.slice(0, 32))).toEqual(second.slice(32))
    expect(getBase58Decoder().decode(second.slice(32))).toBe(devSolanaSecondAddress)
    expect(devSolanaSecondAddress).not.toBe(devSolanaAddress)
    for (const bad of [-1, 1.5, 0x8000_0000, Number.NaN]) expect(() => devSolanaAccountSecretKey(bad)).toThrow(RangeError)
  })

  it('gives a CryptoKeyPair that really signs as the dev address', async () => {
    const { privateKey, publicKey } = await devSolanaKeyPair()
    expect(privateKey.extractable).toBe(false)
    const message = new TextEncoder().encode('portico')
    const signature = await signBytes(privateKey, message)
    expect(await verifySignature(publicKey, signature, message)).toBe(true)
    expect(ed25519.verify(new Uint8Array(signature), message, new Uint8Array(getBase58Encoder().encode(devSolanaAddress)))).toBe(true)
    expect(await verifySignature(publicKey, signature, new TextEncoder().encode('portico!'))).toBe(false)
  })

  it('names the sandbox chain by a fixed genesis hash', () => {
    const expected = getBase58Decoder().decode(createHash('sha256').update('portico sandbox solana genesis').digest())
    expect(solanaSandboxGenesisHash).toBe(expected)
    expect(solanaSandboxCaipNetworkId).toBe(`solana:${expected.slice(0, 32)}`)
  })
})
