import { createHash, randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { base64 } from '@scure/base'
import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { decodeBitcoinAddress, isBitcoinAddress } from '../../../plugins/bip122/utils/decodeBitcoinAddress.js'
import { verifyBitcoinSignature } from '../../../plugins/bip122/actions/verifyBitcoinSignature.js'
import { parseSats } from '../../../plugins/bip122/utils/parseSats.js'

bitcoin.initEccLib(ecc)

describe('bip122: address rules (BIP-173 / BIP-350 / base58check test vectors)', () => {
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh', 'mainnet'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'p2wpkh', 'mainnet'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'p2wsh', 'testnet'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'p2tr', 'mainnet'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'p2pkh', 'mainnet'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'p2sh', 'mainnet'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'p2pkh', 'testnet'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'p2sh', 'testnet'],
    ['bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw', 'p2wpkh', 'regtest'],
  ])('accepts %s as %s on %s', (address, type, network) => {
    expect(decodeBitcoinAddress(address)).toMatchObject({ type, network })
    expect(isBitcoinAddress(address)).toBe(true)
  })

  it('agrees with bitcoinjs-lib on addresses of every type made from random keys', () => {
    for (const network of [bitcoin.networks.bitcoin, bitcoin.networks.testnet, bitcoin.networks.regtest]) {
      const pubkey = Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!)
      const addresses = {
        p2pkh: bitcoin.payments.p2pkh({ pubkey, network }).address!,
        p2sh: bitcoin.payments.p2sh({ redeem: bitcoin.payments.p2wpkh({ pubkey, network }), network }).address!,
        p2wpkh: bitcoin.payments.p2wpkh({ pubkey, network }).address!,
        p2wsh: bitcoin.payments.p2wsh({ redeem: bitcoin.payments.p2pkh({ pubkey, network }), network }).address!,
        p2tr: bitcoin.payments.p2tr({ internalPubkey: pubkey.subarray(1), network }).address!,
      }
      for (const [type, address] of Object.entries(addresses)) expect(decodeBitcoinAddress(address), address).toMatchObject({ type })
    }
  })

  it.each([
    ['', 'empty'],
    ['bc1pw508d6qejxtdg4y5r3zarqfsj6c3', 'v1 with a too-short program'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'v0 with a bech32m checksum'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with a bech32 checksum'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', 'mixed case'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bad bech32 checksum'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'bad base58 checksum'],
    ['xx1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'unknown prefix'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'future witness version'],
    [`bc1q${'q'.repeat(200)}`, 'overlong'],
    ['0x52908400098527886E0F7030069857D2E4169EE7', 'an EVM address'],
  ])('refuses %s (%s)', (address) => {
    expect(decodeBitcoinAddress(address)).toBeUndefined()
    expect(isBitcoinAddress(address)).toBe(false)
  })

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4']]) expect(isBitcoinAddress(value)).toBe(false)
  })

  it('parses BTC amounts to sats and refuses bad ones with a clear error', () => {
    expect(parseSats('0.001')).toBe(100_000n)
    expect(parseSats('1')).toBe(100_000_000n)
    expect(parseSats('0.00000001')).toBe(1n)
    for (const bad of ['0', '0.000000001', '-1', '1e3', 'abc', '', '1.', '99999999999999999']) expect(() => parseSats(bad), bad).toThrow(/BTC amount|more than zero/)
  })
})

describe('bip122: sign-in verifier (BIP-322 simple and BIP-137)', () => {
  // Published BIP-322 test vectors: keys outside this project.
  const bip322Address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
  const helloWorld = 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
  const empty = 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='

  it('verifies the BIP-322 P2WPKH vectors and refuses them tampered', async () => {
    expect(await verifyBitcoinSignature({ address: bip322Address, message: 'Hello World', signature: helloWorld })).toBe(true)
    expect(await verifyBitcoinSignature({ address: bip322Address, message: '', signature: empty })).toBe(true)
    expect(await verifyBitcoinSignature({ address: bip322Address, message: 'Hello World!', signature: helloWorld })).toBe(false)
    expect(await verifyBitcoinSignature({ address: bip322Address, message: 'Hello World', signature: empty })).toBe(false)
    expect(await verifyBitcoinSignature({ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', message: 'Hello World', signature: helloWorld })).toBe(false)
  })

  it('verifies a BIP-322 P2TR key-path signature made by bitcoinjs-lib and refuses it tampered', async () => {
    const key = randomBytes(32)
    const internal = Buffer.from(ecc.pointFromScalar(key, true)!).subarray(1)
    const payment = bitcoin.payments.p2tr({ internalPubkey: internal, network: bitcoin.networks.bitcoin })
    const message = 'Sign in to portico.test'
    const tag = createHash('sha256').update('BIP0322-signed-message').digest()
    const messageHash = createHash('sha256').update(Buffer.concat([tag, tag, Buffer.from(message)])).digest()
    const toSpend = new bitcoin.Transaction()
    toSpend.version = 0
    toSpend.addInput(Buffer.alloc(32), 0xffffffff, 0, Buffer.concat([Buffer.from([0x00, 0x20]), messageHash]))
    toSpend.addOutput(payment.output!, 0n)
    const toSign = new bitcoin.Transaction()
    toSign.version = 0
    toSign.addInput(toSpend.getHash(), 0, 0)
    toSign.addOutput(Buffer.from([0x6a]), 0n)
    const digest = toSign.hashForWitnessV1(0, [payment.output!], [0n], bitcoin.Transaction.SIGHASH_DEFAULT)
    // The key-path signature is by the tweaked key (BIP-341).
    const tweak = bitcoin.crypto.taggedHash('TapTweak', internal)
    const hasEven = ecc.pointFromScalar(key, true)![0] === 2
    const tweaked = ecc.privateAdd(hasEven ? key : ecc.privateNegate(key), tweak)!
    const sig = Buffer.from(ecc.signSchnorr(digest, tweaked))
    const signature = base64.encode(Buffer.concat([Buffer.from([1, 64]), sig]))
    expect(await verifyBitcoinSignature({ address: payment.address!, message, signature })).toBe(true)
    expect(await verifyBitcoinSignature({ address: payment.address!, message: `${message}.`, signature })).toBe(false)
  })

  it('verifies BIP-137 signatures for P2PKH, P2SH-P2WPKH and P2WPKH (made with @bitcoinerlab/secp256k1) and refuses them tampered', async () => {
    const key = randomBytes(32)
    const pubkey = Buffer.from(ecc.pointFromScalar(key, true)!)
    const message = 'Sign in to portico.test'
    const body = Buffer.from(message)
    const hash = createHash('sha256').update(createHash('sha256').update(Buffer.concat([Buffer.from('\x18Bitcoin Signed Message:\n'), Buffer.from([body.length]), body])).digest()).digest()
    const { signature, recoveryId } = ecc.signRecoverable(hash, key)
    const cases = [
      [bitcoin.payments.p2pkh({ pubkey }).address!, 31],
      [bitcoin.payments.p2sh({ redeem: bitcoin.payments.p2wpkh({ pubkey }) }).address!, 35],
      [bitcoin.payments.p2wpkh({ pubkey }).address!, 39],
    ] as const
    for (const [address, base] of cases) {
      const encoded = base64.encode(Buffer.concat([Buffer.from([base + recoveryId]), Buffer.from(signature)]))
      expect(await verifyBitcoinSignature({ address, message, signature: encoded }), address).toBe(true)
      expect(await verifyBitcoinSignature({ address, message: 'Sign in to portico.evil', signature: encoded }), address).toBe(false)
    }
    const other = bitcoin.payments.p2pkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!) }).address!
    expect(await verifyBitcoinSignature({ address: other, message, signature: base64.encode(Buffer.concat([Buffer.from([31 + recoveryId]), Buffer.from(signature)])) })).toBe(false)
  })

  it('refuses garbage signatures and addresses', async () => {
    for (const signature of ['', 'not base64!', 'AA==', base64.encode(randomBytes(65)), base64.encode(randomBytes(107)), 'ff'.repeat(2_000)]) {
      expect(await verifyBitcoinSignature({ address: bip322Address, message: 'Hello World', signature })).toBe(false)
    }
    expect(await verifyBitcoinSignature({ address: 'nope', message: 'Hello World', signature: helloWorld })).toBe(false)
  })
})
