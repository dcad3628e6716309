// The sandbox's regtest keyring (shared by the Bitcoin dev wallet and the Bitcoin personas): its
// BIP-322 signatures for both address types are checked with bitcoinjs-lib and
// @bitcoinerlab/secp256k1, independently of the signing code (@scure/btc-signer, @noble/curves).
import { createHash } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { verifyBitcoinSignature } from '../../../plugins/bip122/actions/verifyBitcoinSignature.js'
import { devBitcoinAddress, devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../../sandbox/bitcoin/devBitcoin.js'
import { createRegtestKeyring } from '../../../sandbox/bitcoinWallet/createRegtestKeyring.js'
import { verifyBip322 } from './verifyBip322.js'

bitcoin.initEccLib(ecc)
const regtest = bitcoin.networks.regtest
const keyring = createRegtestKeyring({ paymentKey: devBitcoinKey(), taprootKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: 'http://127.0.0.1:9/api' })

/** BIP-322 simple for a key-path P2TR address, with bitcoinjs-lib's BIP-341 digest and a Schnorr check. */
function verifyBip322Taproot(address: string, message: string, signature: string): boolean {
  const witness = Buffer.from(signature, 'base64')
  if (witness[0] !== 1 || witness[1] !== 64 || witness.length !== 66) return false
  const output = bitcoin.address.toOutputScript(address, regtest)
  const tag = createHash('sha256').update('BIP0322-signed-message').digest()
  const messageHash = createHash('sha256').update(Buffer.concat([tag, tag, Buffer.from(message)])).digest()
  const toSpend = new bitcoin.Transaction()
  toSpend.version = 0
  toSpend.addInput(Buffer.alloc(32), 0xffffffff, 0, Buffer.concat([Buffer.from([0x00, 0x20]), messageHash]))
  toSpend.addOutput(output, 0n)
  const toSign = new bitcoin.Transaction()
  toSign.version = 0
  toSign.addInput(toSpend.getHash(), 0, 0)
  toSign.addOutput(Buffer.from([0x6a]), 0n)
  const digest = toSign.hashForWitnessV1(0, [output], [0n], bitcoin.Transaction.SIGHASH_DEFAULT)
  return ecc.verifySchnorr(digest, output.subarray(2), witness.subarray(2))
}

describe('createRegtestKeyring', () => {
  it('has the dev wallet addresses: the P2WPKH payment and the BIP-86 P2TR one', () => {
    expect(keyring.payment.address).toBe(devBitcoinAddress)
    expect(keyring.taproot.address).toBe(bitcoin.payments.p2tr({ internalPubkey: Buffer.from(devBitcoinKeyAt(devBitcoinOrdinalsPath).publicKey.subarray(1)), network: regtest }).address)
    expect(keyring.accountOf(keyring.taproot.address)?.type).toBe('p2tr')
    expect(keyring.accountOf('bcrt1qother')).toBeUndefined()
  })

  it('signs BIP-322 simple for P2WPKH and P2TR (bitcoinjs-lib agrees, a changed message fails) and BIP-137 for the payment key', async () => {
    const payment = keyring.signMessage(keyring.payment.address, 'Hello World', 'bip322')
    expect(verifyBip322(keyring.payment.address, 'Hello World', payment)).toBe(true)
    const taproot = keyring.signMessage(keyring.taproot.address, 'Hello World', 'bip322')
    expect(verifyBip322Taproot(keyring.taproot.address, 'Hello World', taproot)).toBe(true)
    expect(verifyBip322Taproot(keyring.taproot.address, 'Hello World!', taproot)).toBe(false)
    const ecdsa = keyring.signMessage(keyring.payment.address, 'Hello World', 'ecdsa')
    expect(Buffer.from(ecdsa, 'base64')).toHaveLength(65)
    expect(await verifyBitcoinSignature({ message: 'Hello World', signature: ecdsa, address: keyring.payment.address })).toBe(true)
    expect(await verifyBitcoinSignature({ message: 'Hello World?', signature: ecdsa, address: keyring.payment.address })).toBe(false)
    expect(() => keyring.signMessage('bcrt1qnotmine', 'x', 'bip322')).toThrow(/no address/)
  })

  it("signs only the listed inputs it owns, naming a Taproot input's internal key", () => {
    const tx = new Transaction()
    tx.addInput({ txid: new Uint8Array(32).fill(1), index: 0, witnessUtxo: { script: keyring.payment.script, amount: 10_000n } })
    tx.addInput({ txid: new Uint8Array(32).fill(2), index: 0, witnessUtxo: { script: keyring.taproot.script, amount: 10_000n } })
    tx.addInput({ txid: new Uint8Array(32).fill(3), index: 0, witnessUtxo: { script: bitcoin.address.toOutputScript(bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(Buffer.alloc(32, 5), true)!), network: regtest }).address!, regtest), amount: 10_000n } })
    tx.addOutput({ script: keyring.payment.script, amount: 25_000n })
    expect(keyring.signInputs(tx, [1, 2])).toBe(1)
    expect(tx.getInput(0).partialSig).toBeUndefined()
    expect(tx.getInput(1).tapKeySig).toHaveLength(64)
    expect(Buffer.from(tx.getInput(1).tapInternalKey!).toString('hex')).toBe(Buffer.from(keyring.taproot.publicKey.subarray(1)).toString('hex'))
    expect(keyring.signInputs(tx, [0])).toBe(1)
    expect(tx.getInput(0).partialSig).toHaveLength(1)
  })
})
