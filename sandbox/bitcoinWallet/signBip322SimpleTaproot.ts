import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { RawTx, RawWitness, Transaction, p2tr } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { schnorr } from '@noble/curves/secp256k1.js'
import { regtestNetwork } from '../bitcoin/bitcoinSandboxChain.js'

const tag = sha256(new TextEncoder().encode('BIP0322-signed-message'))

/**
 * Signs `message` for the key-path P2TR address of `privateKey` (BIP-86, no script tree) in the
 * BIP-322 "simple" format: the witness of the virtual `to_sign` transaction spending `to_spend`,
 * a BIP-341 Schnorr signature (SIGHASH_DEFAULT, 64 bytes), serialized and base64-encoded.
 *
 * @param privateKey the 32-byte internal key
 * @param message the text to sign
 * @returns the base64 signature
 * @example
 * signBip322SimpleTaproot(key, 'hello')
 */
export function signBip322SimpleTaproot(privateKey: Uint8Array, message: string): string {
  const internalKey = schnorr.getPublicKey(privateKey)
  const script = p2tr(internalKey, undefined, regtestNetwork).script
  const messageHash = sha256(concatBytes(tag, tag, new TextEncoder().encode(message)))
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: concatBytes(Uint8Array.of(0x00, 0x20), messageHash), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  const toSpendId = Uint8Array.from(sha256(sha256(toSpend))).reverse()
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
  toSign.addInput({ txid: toSpendId, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n }, tapInternalKey: internalKey })
  toSign.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  toSign.signIdx(privateKey, 0)
  toSign.finalizeIdx(0)
  return base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!))
}
