import { describe, expect, it } from 'vitest'

import { mnemonicToSeedSync } from '@scure/bip39'

import { devAccount, devAddresses, devMnemonic, devMnemonicSeed, devMnemonicSeedHex } from '../../../sandbox/devnets/devAccounts.js'
import { devPolkadotKey, devPolkadotMiniSecretHex, devPolkadotPublicKeysHex } from '../../../sandbox/polkadot/devPolkadot.js'
import { devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath, devBitcoinOrdinalsPublicKeyHex, devBitcoinPublicKeyHex } from '../../../sandbox/bitcoin/devBitcoin.js'
import { devCosmosKey, devCosmosPublicKeyHex } from '../../../sandbox/cosmos/devCosmos.js'
import { devStacksKey, devStacksPublicKeyHex } from '../../../sandbox/stacks/devStacks.js'
import { devSuiKeypair, devSuiPublicKeyHex } from '../../../sandbox/sui/devSui.js'
import { lazyDevKey } from '../../../sandbox/utils/lazyDevKey.js'
import { derivePolkadotDevKey, polkadotMiniSecret } from '../../../sandbox/polkadotWallet/derivePolkadotDevKey.js'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('devAccounts', () => {
  it('uses the standard public test mnemonic', () => {
    expect(devMnemonic).toBe('test test test test test test test test test test test junk')
  })

  it('writes out the BIP-39 seed of the mnemonic (what the dev wallets derive from, with no PBKDF2 on each page load)', () => {
    expect(devMnemonicSeedHex).toBe(hex(mnemonicToSeedSync(devMnemonic)))
    const seed = devMnemonicSeed()
    expect(hex(seed)).toBe(devMnemonicSeedHex)
    // A fresh copy each call: a caller that overwrites its copy changes no one else's keys.
    seed.fill(0)
    expect(hex(devMnemonicSeed())).toBe(devMnemonicSeedHex)
  })

  it("writes out substrate-bip39's mini secret of the mnemonic; the Polkadot dev keys from it equal the mnemonic's", () => {
    expect(devPolkadotMiniSecretHex).toBe(hex(polkadotMiniSecret(devMnemonic)))
    expect(hex(devPolkadotKey(0).publicKey)).toBe(hex(derivePolkadotDevKey(devMnemonic).publicKey))
    expect(hex(devPolkadotKey(1).publicKey)).toBe(hex(derivePolkadotDevKey(devMnemonic, 1).publicKey))
    expect(devPolkadotKey(1).publicKey).not.toEqual(devPolkadotKey(0).publicKey)
  })

  it("writes out each chain's dev public keys (what the dev wallets show before deriving anything) as the derivation gives them", () => {
    expect(devBitcoinPublicKeyHex).toBe(hex(devBitcoinKey().publicKey))
    expect(devBitcoinOrdinalsPublicKeyHex).toBe(hex(devBitcoinKeyAt(devBitcoinOrdinalsPath).publicKey))
    expect(devCosmosPublicKeyHex).toBe(hex(devCosmosKey().publicKey))
    expect(devStacksPublicKeyHex).toBe(hex(devStacksKey().publicKey))
    expect(devSuiPublicKeyHex).toBe(hex(devSuiKeypair().getPublicKey().toRawBytes()))
    expect(devPolkadotPublicKeysHex).toEqual([hex(devPolkadotKey(0).publicKey), hex(devPolkadotKey(1).publicKey)])
  })

  it('a lazy dev key derives on the first read of its secret, once, and refuses a derivation that gives another public key', () => {
    let derivations = 0
    const key = lazyDevKey(devCosmosPublicKeyHex, 'privateKey', () => {
      derivations++
      return devCosmosKey()
    })
    expect(hex(key.publicKey)).toBe(devCosmosPublicKeyHex)
    expect(derivations).toBe(0)
    expect(key.privateKey).toEqual(devCosmosKey().privateKey)
    expect(key.privateKey).toEqual(devCosmosKey().privateKey)
    expect(derivations).toBe(1)
    const wrong = lazyDevKey(devCosmosPublicKeyHex, 'privateKey', () => devStacksKey())
    expect(() => wrong.privateKey).toThrow(`lazyDevKey: the derived key is not ${devCosmosPublicKeyHex}`)
  })

  it('lists the first 10 accounts of the mnemonic, index 0 = 0xf39F…2266', () => {
    expect(devAddresses).toHaveLength(10)
    expect(devAddresses[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    devAddresses.forEach((address, index) => expect(devAccount(index).address).toBe(address))
    expect(Object.isFrozen(devAddresses)).toBe(true)
  })

  it('derives real signing accounts', async () => {
    const account = devAccount(3)
    const signature = await account.signMessage({ message: 'hello portico' })
    const { verifyMessage } = await import('viem')
    await expect(verifyMessage({ address: devAddresses[3]!, message: 'hello portico', signature })).resolves.toBe(true)
    await expect(verifyMessage({ address: devAddresses[4]!, message: 'hello portico', signature })).resolves.toBe(false)
  })

  it.each([-1, 1.5, Number.NaN, 2 ** 31, '1' as unknown as number])('refuses index %s with a clear error', (index) => {
    expect(() => devAccount(index)).toThrow(/index must be an integer from 0 to 2\^31 - 1/)
  })
})
