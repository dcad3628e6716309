import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { FrameFailure } from '../../../../plugins/auth/frame/errors.js'
import { exportSecrets } from '../../../../plugins/auth/frame/export/exportSecrets.js'
import { deriveFromMnemonic, deriveWalletKeys } from '../../../../plugins/auth/frame/keys/deriveWalletKeys.js'
import { createDeviceShare, deviceShareKey } from '../../../../plugins/auth/frame/keys/deviceShare.js'
import { combineShares, splitEntropy } from '../../../../plugins/auth/frame/keys/shares.js'
import { memoryStorage } from './memoryStorage.js'

const testMnemonic = 'test test test test test test test test test test test junk'

describe('wallet keys', () => {
  it('derives the standard eip155 account of the "test … junk" mnemonic', () => {
    expect(deriveFromMnemonic(testMnemonic).accounts.eip155).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it('derives the BIP-39 vector: entropy 0x7f7f… gives "legal winner … yellow" and its account', () => {
    const entropy = new Uint8Array(16).fill(0x7f)
    const mnemonic = entropyToMnemonic(entropy, wordlist)
    expect(mnemonic).toBe('legal winner thank year wave sausage worth useful legal winner thank yellow')
    expect(deriveWalletKeys(entropy).accounts.eip155).toBe(mnemonicToAccount(mnemonic).address)
  })

  it('derives a solana key whose signatures verify against its base58 address', () => {
    const keys = deriveFromMnemonic(testMnemonic)
    const publicKey = base58.decode(keys.accounts.solana)
    expect(publicKey).toHaveLength(32)
    const message = new TextEncoder().encode('hello solana')
    expect(ed25519.verify(ed25519.sign(message, keys.solana.privateKey), message, publicKey)).toBe(true)
    expect(ed25519.verify(ed25519.sign(message, keys.solana.privateKey), new TextEncoder().encode('other'), publicKey)).toBe(false)
    // Another path or mnemonic is another key.
    expect(deriveWalletKeys(new Uint8Array(16).fill(1)).accounts.solana).not.toBe(keys.accounts.solana)
  })

  it('exports the eip155 private key as hex and the solana secret key as 64 bytes (seed ‖ public key) in base58', () => {
    const keys = deriveFromMnemonic(testMnemonic)
    const secrets = exportSecrets(keys)
    expect(secrets.eip155PrivateKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const solana = base58.decode(secrets.solanaSecretKey)
    expect(solana).toHaveLength(64)
    expect(base58.encode(solana.slice(32))).toBe(keys.accounts.solana)
    expect(ed25519.getPublicKey(solana.slice(0, 32))).toEqual(solana.slice(32))
  })

  it('refuses entropy of the wrong length and a mnemonic that is not BIP-39', () => {
    expect(() => deriveWalletKeys(new Uint8Array(15))).toThrow(FrameFailure)
    expect(() => deriveFromMnemonic('test test test')).toThrow(FrameFailure)
  })
})

describe('2-of-3 shares', () => {
  it('any two shares rebuild the entropy; one share, or shares of two wallets, do not', async () => {
    const entropy = crypto.getRandomValues(new Uint8Array(16))
    const shares = await splitEntropy(entropy)
    expect(new Set([shares.device, shares.auth, shares.recovery]).size).toBe(3)
    for (const [a, b] of [
      [shares.device, shares.auth],
      [shares.auth, shares.recovery],
      [shares.recovery, shares.device],
    ] as const) {
      expect(await combineShares(a, b)).toEqual(entropy)
    }
    await expect(combineShares(shares.device, '')).rejects.toMatchObject({ code: 'WALLET_MISMATCH' })
    await expect(combineShares(shares.device, 'not base64!')).rejects.toMatchObject({ code: 'WALLET_MISMATCH' })
    const other = await splitEntropy(crypto.getRandomValues(new Uint8Array(16)))
    const mixed = await combineShares(shares.device, other.auth).catch(() => undefined)
    expect(mixed).not.toEqual(entropy)
  })
})

describe('device share storage', () => {
  it('keeps a share bound to its user and drops one of another user', async () => {
    const storage = memoryStorage()
    const device = createDeviceShare(storage)
    const { device: share } = await splitEntropy(new Uint8Array(16).fill(3))
    device.write('email:alice@example.com', share)
    expect(device.read('email:alice@example.com')).toBe(share)
    expect(device.read('email:bob@example.com')).toBeUndefined()
    expect(storage.getItem(deviceShareKey)).toBeNull()
  })

  it('ignores and drops a corrupted value', () => {
    for (const bad of ['{not json', '"a string"', '{"userId":"u"}', '{"userId":"u","share":"!!"}', '[1,2]']) {
      const storage = memoryStorage({ [deviceShareKey]: bad })
      expect(createDeviceShare(storage).read('u')).toBeUndefined()
      expect(storage.getItem(deviceShareKey)).toBeNull()
    }
  })
})
