// The Solana sign-in verifier accepts what software wallets sign (the bare message) and what a
// Ledger's Solana app signs (the message as a Solana off-chain message), with real ed25519 keys.
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { verifySolanaSignature } from '../../../plugins/solana/actions/verifySolanaSignature.js'
import { offchainMessage } from '../../../plugins/solana/utils/offchainMessage.js'

const secret = ed25519.utils.randomPrivateKey()
const address = base58.encode(ed25519.getPublicKey(secret))
const message = 'portico.localhost wants you to sign in with your Solana account'
const sign = (bytes: Uint8Array) => base58.encode(ed25519.sign(bytes, secret))

describe('verifySolanaSignature', () => {
  it('accepts a signature of the bare message and of its off-chain form', async () => {
    const text = new TextEncoder().encode(message)
    expect(await verifySolanaSignature({ message, address, signature: sign(text) })).toBe(true)
    expect(await verifySolanaSignature({ message, address, signature: sign(offchainMessage(text)!) })).toBe(true)
  })

  it('refuses another message, another key, or an off-chain form of something else', async () => {
    const other = new TextEncoder().encode(`${message}!`)
    expect(await verifySolanaSignature({ message, address, signature: sign(other) })).toBe(false)
    expect(await verifySolanaSignature({ message, address, signature: sign(offchainMessage(other)!) })).toBe(false)
    const stranger = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    expect(await verifySolanaSignature({ message, address: stranger, signature: sign(new TextEncoder().encode(message)) })).toBe(false)
  })

  it('malformed input is false, never a throw', async () => {
    expect(await verifySolanaSignature({ message, address, signature: 'not base58 0OIl' })).toBe(false)
    expect(await verifySolanaSignature({ message, address: 'javascript:alert(1)', signature: sign(new Uint8Array([1])) })).toBe(false)
    expect(await verifySolanaSignature({ message: '', address, signature: sign(new Uint8Array(64)) })).toBe(false)
  })

  it('the off-chain form is the one the Ledger Solana app documents: domain, version 0, format, u16 length', () => {
    const bytes = offchainMessage(new TextEncoder().encode('hello'))!
    expect([...bytes.slice(0, 16)]).toEqual([0xff, ...new TextEncoder().encode('solana offchain')])
    expect([...bytes.slice(16, 20)]).toEqual([0, 0, 5, 0])
    expect(new TextDecoder().decode(bytes.slice(20))).toBe('hello')
    expect(offchainMessage(new TextEncoder().encode('héllo'))![17]).toBe(1)
    expect(offchainMessage(new Uint8Array(0))).toBeUndefined()
    expect(offchainMessage(new Uint8Array(0x10000))).toBeUndefined()
  })
})
