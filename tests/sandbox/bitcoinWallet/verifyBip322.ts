import { createHash } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'

const regtest = bitcoin.networks.regtest

/** An independent BIP-322 simple check for P2WPKH, with bitcoinjs-lib and @bitcoinerlab/secp256k1. */
export function verifyBip322(address: string, message: string, signature: string): boolean {
  const witness = Buffer.from(signature, 'base64')
  if (witness[0] !== 2) return false
  const sig = witness.subarray(2, 2 + (witness[1] as number))
  const pubkey = witness.subarray(3 + sig.length, 3 + sig.length + (witness[2 + sig.length] as number))
  if (bitcoin.payments.p2wpkh({ pubkey, network: regtest }).address !== address) return false
  const tag = createHash('sha256').update('BIP0322-signed-message').digest()
  const messageHash = createHash('sha256').update(Buffer.concat([tag, tag, Buffer.from(message)])).digest()
  const toSpend = new bitcoin.Transaction()
  toSpend.version = 0
  toSpend.addInput(Buffer.alloc(32), 0xffffffff, 0, Buffer.concat([Buffer.from([0x00, 0x20]), messageHash]))
  toSpend.addOutput(bitcoin.address.toOutputScript(address, regtest), 0n)
  const toSign = new bitcoin.Transaction()
  toSign.version = 0
  toSign.addInput(toSpend.getHash(), 0, 0)
  toSign.addOutput(Buffer.from([0x6a]), 0n)
  const scriptCode = bitcoin.payments.p2pkh({ pubkey, network: regtest }).output as Buffer
  const digest = toSign.hashForWitnessV0(0, scriptCode, 0n, bitcoin.Transaction.SIGHASH_ALL)
  const decoded = bitcoin.script.signature.decode(sig)
  return decoded.hashType === bitcoin.Transaction.SIGHASH_ALL && ecc.verify(digest, pubkey, decoded.signature)
}
