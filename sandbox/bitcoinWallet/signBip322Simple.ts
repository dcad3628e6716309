import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { RawTx, SigHash, Transaction, p2wpkh } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { regtestNetwork } from '../bitcoin/bitcoinSandboxChain.js'

const tag = sha256(new TextEncoder().encode('BIP0322-signed-message'))
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const varint = (n: number) => (n < 0xfd ? Uint8Array.of(n) : Uint8Array.of(0xfd, n & 0xff, n >> 8))

/**
 * Signs `message` for a P2WPKH address with the BIP-322 "simple" format: the witness of the virtual
 * `to_sign` transaction spending `to_spend` (whose scriptSig commits to the tagged message hash),
 * signed with ECDSA over the BIP-143 digest, SIGHASH_ALL, serialized and base64-encoded.
 *
 * @param privateKey the 32-byte key of the address
 * @param message the text to sign
 * @returns the base64 signature
 * @example
 * signBip322Simple(key, 'hello')
 */
export function signBip322Simple(privateKey: Uint8Array, message: string): string {
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const script = p2wpkh(publicKey, regtestNetwork).script
  const messageHash = sha256(concat(tag, tag, new TextEncoder().encode(message)))
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: concat(Uint8Array.of(0x00, 0x20), messageHash), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  const toSpendId = Uint8Array.from(sha256(sha256(toSpend))).reverse()
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
  toSign.addInput({ txid: toSpendId, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } })
  toSign.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  // BIP-143 script code for P2WPKH is the P2PKH script of the key hash.
  const scriptCode = concat(Uint8Array.of(0x76, 0xa9, 0x14), script.subarray(2), Uint8Array.of(0x88, 0xac))
  const digest = toSign.preimageWitnessV0(0, scriptCode, SigHash.ALL, 0n)
  const signature = concat(secp256k1.sign(digest, privateKey, { prehash: false, lowS: true }).toDERRawBytes(), Uint8Array.of(SigHash.ALL))
  const witness = concat(varint(2), varint(signature.length), signature, varint(publicKey.length), publicKey)
  return base64.encode(witness)
}
