// The Stacks sign-in verifier against signatures made outside the project: @stacks/encryption's
// message hash signed by @stacks/transactions' signMessageHashRsv (what Leather does), and refusals.
import { bytesToHex } from '@noble/hashes/utils.js'
import { hashMessage, verifyMessageSignatureRsv } from '@stacks/encryption'
import { privateKeyToAddress, privateKeyToPublic, randomPrivateKey, signMessageHashRsv } from '@stacks/transactions'
import { describe, expect, it } from 'vitest'

import { verifyStacksMessageSignature } from '../../../plugins/stacks/actions/verifyStacksMessageSignature.js'
import { hashStacksMessage } from '../../../plugins/stacks/utils/hashStacksMessage.js'

describe('verifyStacksMessageSignature', () => {
  it('hashes messages as @stacks/encryption does (ASCII, UTF-8 and a length over 252 bytes)', () => {
    for (const message of ['hello', 'Grüße aus Zürich ✓', 'x'.repeat(300), '']) {
      expect(bytesToHex(hashStacksMessage(message))).toBe(bytesToHex(hashMessage(message)))
    }
  })

  it('accepts a signature made by @stacks/transactions for the signer\'s mainnet and testnet address, compressed or not', async () => {
    for (const key of [randomPrivateKey(), randomPrivateKey().slice(0, 64)]) {
      const message = 'portico.example wants you to sign in with your Stacks account'
      const signature = signMessageHashRsv({ messageHash: bytesToHex(hashMessage(message)), privateKey: key })
      expect(verifyMessageSignatureRsv({ message, signature, publicKey: privateKeyToPublic(key) as string })).toBe(true)
      for (const network of ['mainnet', 'testnet'] as const) {
        expect(await verifyStacksMessageSignature({ message, signature, address: privateKeyToAddress(key, network) })).toBe(true)
      }
      expect(await verifyStacksMessageSignature({ message, signature: `0x${signature}`, address: privateKeyToAddress(key, 'testnet') })).toBe(true)
    }
  })

  it('refuses another message, another address, a tampered signature and malformed input, without throwing', async () => {
    const key = randomPrivateKey()
    const address = privateKeyToAddress(key, 'testnet')
    const message = 'hello'
    const signature = signMessageHashRsv({ messageHash: bytesToHex(hashMessage(message)), privateKey: key })
    expect(await verifyStacksMessageSignature({ message: 'hello!', signature, address })).toBe(false)
    expect(await verifyStacksMessageSignature({ message, signature, address: privateKeyToAddress(randomPrivateKey(), 'testnet') })).toBe(false)
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}`
    expect(await verifyStacksMessageSignature({ message, signature: flipped, address })).toBe(false)
    const otherRecovery = `${signature.slice(0, 128)}${signature.endsWith('00') ? '01' : '00'}`
    expect(await verifyStacksMessageSignature({ message, signature: otherRecovery, address })).toBe(false)
    for (const bad of ['', 'zz', signature.slice(2), `${signature}00`, `${signature.slice(0, 128)}09`, 'x'.repeat(100_000)]) {
      expect(await verifyStacksMessageSignature({ message, signature: bad, address })).toBe(false)
    }
    expect(await verifyStacksMessageSignature({ message, signature, address: 'not-an-address' })).toBe(false)
    expect(await verifyStacksMessageSignature({ message: 5 as unknown as string, signature, address })).toBe(false)
  })
})
