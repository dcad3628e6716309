import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { OutScript, type Transaction } from '@scure/btc-signer'

import { BitcoinLedgerError } from './BitcoinLedgerError.js'

/** One spent output, as the input being checked sees it. */
export type Prevout = { script: Uint8Array; value: bigint }

const scriptFailure = (what: string) => new BitcoinLedgerError(-26, `mandatory-script-verify-flag-failed (${what})`)
const policyFailure = (what: string) => new BitcoinLedgerError(-26, `non-mandatory-script-verify-flag (${what})`)

// The ECDSA sighash types bitcoind accepts: ALL, NONE, SINGLE, each optionally | ANYONECANPAY.
const isEcdsaHashType = (type: number) => [1, 2, 3].includes(type & ~0x80) && (type & ~0x83) === 0
// Taproot adds DEFAULT (0, only as an omitted byte).
const isSchnorrHashType = (type: number) => isEcdsaHashType(type)

/**
 * Checks input `index` of `tx` the way bitcoind's script interpreter does for the two output types
 * the ledger supports: P2WPKH (witness `[DER signature ‖ sighash type, compressed public key]`, the
 * key's hash160 equal to the program, ECDSA low-S over the BIP-143 digest) and P2TR key path
 * (witness `[64- or 65-byte Schnorr signature]` over the BIP-341 digest, verified against the
 * output key). The digests come from `@scure/btc-signer`, the curve checks from `@noble/curves`;
 * no signing code is involved. Any other prevout type is refused as nonstandard.
 *
 * @param tx the parsed transaction
 * @param index the input to check
 * @param prevouts the outputs every input spends, in input order (BIP-341 commits to all of them)
 * @throws BitcoinLedgerError with bitcoind's reject reason
 * @example
 * verifyBitcoinInput(tx, 0, [{ script, value: 50_000n }])
 */
export function verifyBitcoinInput(tx: Transaction, index: number, prevouts: readonly Prevout[]): void {
  const prevout = prevouts[index] as Prevout
  const input = tx.getInput(index)
  const witness = input.finalScriptWitness ?? []
  let decoded: ReturnType<typeof OutScript.decode>
  try {
    decoded = OutScript.decode(prevout.script)
  } catch {
    throw new BitcoinLedgerError(-26, 'bad-txns-nonstandard-inputs')
  }
  if (decoded.type !== 'wpkh' && decoded.type !== 'tr') throw new BitcoinLedgerError(-26, 'bad-txns-nonstandard-inputs')
  if (input.finalScriptSig && input.finalScriptSig.length > 0) throw scriptFailure('Witness requires empty scriptSig')
  if (decoded.type === 'wpkh') {
    if (witness.length === 0) throw scriptFailure('Witness program was passed an empty witness')
    if (witness.length !== 2) throw scriptFailure('Witness program hash mismatch')
    const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
    if (bytesToHex(ripemd160(sha256(publicKey))) !== bytesToHex(decoded.hash)) throw scriptFailure('Witness program hash mismatch')
    if (publicKey.length !== 33 || (publicKey[0] !== 2 && publicKey[0] !== 3)) throw policyFailure('Using non-compressed keys in segwit')
    if (signature.length < 9) throw policyFailure('Non-canonical DER signature')
    const hashType = signature[signature.length - 1] as number
    if (!isEcdsaHashType(hashType)) throw policyFailure('Signature hash type missing or not understood')
    let parsed: InstanceType<typeof secp256k1.Signature>
    try {
      parsed = secp256k1.Signature.fromDER(signature.subarray(0, -1))
    } catch {
      throw policyFailure('Non-canonical DER signature')
    }
    if (parsed.hasHighS()) throw policyFailure('Non-canonical signature: S value is unnecessarily high')
    const scriptCode = OutScript.encode({ type: 'pkh', hash: decoded.hash })
    const digest = tx.preimageWitnessV0(index, scriptCode, hashType, prevout.value)
    let valid = false
    try {
      valid = secp256k1.verify(parsed.toCompactRawBytes(), digest, publicKey, { prehash: false, lowS: true })
    } catch {
      valid = false
    }
    if (!valid) throw policyFailure('Signature must be zero for failed CHECK(MULTI)SIG operation')
    return
  }
  // P2TR key path.
  if (witness.length === 0) throw scriptFailure('Witness program was passed an empty witness')
  if (witness.length !== 1) throw new BitcoinLedgerError(-26, 'bad-txns-nonstandard-inputs (the Portico regtest ledger checks Taproot key-path spends only)')
  const signature = witness[0] as Uint8Array
  if (signature.length !== 64 && signature.length !== 65) throw scriptFailure('Invalid Schnorr signature size')
  const hashType = signature.length === 65 ? (signature[64] as number) : 0
  if (signature.length === 65 && !isSchnorrHashType(hashType)) throw scriptFailure('Invalid Schnorr signature hash type')
  const digest = tx.preimageWitnessV1(
    index,
    prevouts.map((p) => p.script),
    hashType,
    prevouts.map((p) => p.value),
  )
  let valid = false
  try {
    valid = schnorr.verify(signature.subarray(0, 64), digest, decoded.pubkey)
  } catch {
    valid = false
  }
  if (!valid) throw scriptFailure('Invalid Schnorr signature')
}
