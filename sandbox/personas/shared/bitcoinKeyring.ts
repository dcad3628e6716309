// The Bitcoin side of the Leather and Xverse personas: the sandbox's dev keys of one account
// (BIP-84 native SegWit payment, BIP-86 Taproot), PSBT signing, BIP-322 "simple" message signing
// for both address types and BIP-137 for the payment address, and paying from the payment address
// through the sandbox's Esplora API. The wallets differ in how they are asked (their request and
// answer shapes); what they do with the keys is this.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js'
import { Address, OutScript, RawTx, RawWitness, Transaction, p2tr, p2wpkh } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { dustLimitSats, regtestNetwork } from '../../bitcoin/bitcoinSandboxChain.js'
import { devBitcoinDerivationPath, devBitcoinKeyAt, devBitcoinOrdinalsPath, devBitcoinOrdinalsPublicKeyHex, devBitcoinPublicKeyHex } from '../../bitcoin/devBitcoin.js'
import { lazyDevKey } from '../../utils/lazyDevKey.js'
import { once } from '../../utils/once.js'

/** A refusal with a JSON-RPC code; each persona answers it in its wallet's envelope and codes. */
export class PersonaRequestError extends Error {
  override name = 'PersonaRequestError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export const invalidParams = (message: string) => new PersonaRequestError(-32602, message)
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

type Key = { readonly privateKey: Uint8Array; readonly publicKey: Uint8Array }

export type BitcoinKeyring = {
  account: number
  payment: { address: string; publicKey: Uint8Array; script: Uint8Array; derivationPath: string }
  /** Taproot (BIP-86) address: made on first use (a point tweak), so installing a persona does no curve math. */
  taproot(): { address: string; internalKey: Uint8Array; publicKey: Uint8Array; script: Uint8Array; derivationPath: string }
  /**
   * Signs the inputs at `indexes` (every input it owns when omitted) that spend its payment or
   * Taproot output; at least one. Each signature uses the sighash type the PSBT names for its input
   * (its default otherwise), which must be one of `allowedSighash` when given (as `@scure/btc-signer`'s
   * `signIdx` checks it).
   */
  signPsbt(psbt: Uint8Array, indexes?: readonly number[], allowedSighash?: readonly number[]): Transaction
  /** BIP-322 "simple" over the address's key (P2WPKH: ECDSA, BIP-143; P2TR: Schnorr, BIP-341), base64. */
  signBip322(address: string, message: string): string
  /** BIP-137 (the legacy "Bitcoin Signed Message"), for the payment address, with its P2WPKH header byte; base64. */
  signBip137(message: string): string
  /** Pays `recipients` from the payment address's UTXOs at `feeRate` sat/vB, change back, broadcast; resolves the txid. */
  sendTransfer(recipients: readonly { address: string; amount: bigint }[], esplora: Esplora): Promise<string>
  /** Broadcasts a finalized transaction. */
  broadcast(hex: string, esplora: Esplora): Promise<string>
}

/** Where a persona reads UTXOs and broadcasts: the sandbox server's Esplora proxy. */
export type Esplora = { url: string; fetch?: typeof fetch }

const bip322Tag = sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** BIP-322's virtual `to_sign` transaction for `script` and `message` (version 0, one input spending `to_spend`, an OP_RETURN output). */
function bip322ToSign(script: Uint8Array, message: string, input: Record<string, unknown>): Transaction {
  const messageHash = sha256(concatBytes(bip322Tag, bip322Tag, new TextEncoder().encode(message)))
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: concatBytes(Uint8Array.of(0x00, 0x20), messageHash), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
  toSign.addInput({ txid: Uint8Array.from(sha256(sha256(toSpend))).reverse(), index: 0, sequence: 0, witnessUtxo: { script, amount: 0n }, ...input })
  toSign.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  return toSign
}

const varint = (n: number) => (n < 0xfd ? Uint8Array.of(n) : Uint8Array.of(0xfd, n & 0xff, n >> 8))

/**
 * The dev keys of one account of the sandbox's test mnemonic, as Leather and Xverse derive them on
 * test networks: payment `m/84'/1'/<account>'/0/0`, Taproot `m/86'/1'/<account>'/0/0`. Account 0
 * is the Bitcoin dev wallet's (its public keys written out: nothing is derived until a signature).
 *
 * @param account the account index (0: the dev wallet's funded account)
 * @example
 * bitcoinKeyring(0).payment.address // devBitcoinAddress
 */
export function bitcoinKeyring(account = 0): BitcoinKeyring {
  const paymentPath = account === 0 ? devBitcoinDerivationPath : `m/84'/1'/${account}'/0/0`
  const taprootPath = account === 0 ? devBitcoinOrdinalsPath : `m/86'/1'/${account}'/0/0`
  const paymentKey: Key = account === 0 ? lazyDevKey(devBitcoinPublicKeyHex, 'privateKey', () => devBitcoinKeyAt(paymentPath)) : devBitcoinKeyAt(paymentPath)
  const taprootKey: Key = account === 0 ? lazyDevKey(devBitcoinOrdinalsPublicKeyHex, 'privateKey', () => devBitcoinKeyAt(taprootPath)) : devBitcoinKeyAt(taprootPath)
  const payment = p2wpkh(paymentKey.publicKey, regtestNetwork)
  const paymentAccount = { address: payment.address as string, publicKey: paymentKey.publicKey, script: payment.script, derivationPath: paymentPath }
  const taproot = once(() => {
    const internalKey = taprootKey.publicKey.subarray(1)
    const output = p2tr(internalKey, undefined, regtestNetwork)
    return { address: output.address as string, internalKey, publicKey: taprootKey.publicKey, script: output.script, derivationPath: taprootPath }
  })

  const broadcast = async (hex: string, esplora: Esplora) => {
    const response = await (esplora.fetch ?? globalThis.fetch)(`${esplora.url}/tx`, { method: 'POST', body: hex })
    const text = await response.text()
    if (!response.ok) throw new PersonaRequestError(-32603, `Broadcast refused: ${text.slice(0, 300)}`)
    return text.trim()
  }

  return {
    account,
    payment: paymentAccount,
    taproot,
    signPsbt(bytes, indexes, allowedSighash) {
      let tx: Transaction
      try {
        tx = Transaction.fromPSBT(bytes)
      } catch {
        throw invalidParams('Not a PSBT')
      }
      const wanted = indexes ?? Array.from({ length: tx.inputsLength }, (_, i) => i)
      let signed = 0
      for (const i of wanted) {
        if (!Number.isInteger(i) || i < 0 || i >= tx.inputsLength) throw invalidParams(`No input ${i} in the PSBT`)
        const script = tx.getInput(i).witnessUtxo?.script
        if (!script) continue
        const hex = bytesToHex(script)
        // The sighash types the request allows, else the one the PSBT names (PSBT_IN_SIGHASH_TYPE), else the input's default.
        const declared = tx.getInput(i).sighashType
        const allowed = allowedSighash ?? (declared === undefined ? undefined : [declared])
        try {
          if (hex === bytesToHex(payment.script)) signed += Number(tx.signIdx(paymentKey.privateKey, i, allowed && [...allowed]))
          else if (hex === bytesToHex(taproot().script)) {
            tx.updateInput(i, { tapInternalKey: taproot().internalKey })
            signed += Number(tx.signIdx(taprootKey.privateKey, i, allowed && [...allowed]))
          }
        } catch (error) {
          throw invalidParams(`Input ${i}: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      if (signed === 0) throw invalidParams('The PSBT has no input this wallet can sign')
      return tx
    },
    signBip322(address, message) {
      if (address === payment.address) {
        const toSign = bip322ToSign(payment.script, message, {})
        toSign.signIdx(paymentKey.privateKey, 0)
        toSign.finalizeIdx(0)
        return base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!))
      }
      if (address === taproot().address) {
        const toSign = bip322ToSign(taproot().script, message, { tapInternalKey: taproot().internalKey })
        toSign.signIdx(taprootKey.privateKey, 0)
        toSign.finalizeIdx(0)
        return base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!))
      }
      throw invalidParams(`This wallet holds no key for ${address.slice(0, 90)}`)
    },
    signBip137(message) {
      const text = new TextEncoder().encode(message)
      const prefix = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
      const digest = sha256(sha256(concatBytes(prefix, varint(text.length), text)))
      const signature = secp256k1.sign(digest, paymentKey.privateKey, { prehash: false, lowS: true })
      // Header 39–42: a compressed key's P2WPKH address (BIP-137).
      return base64.encode(concatBytes(Uint8Array.of(39 + signature.recovery), signature.toCompactRawBytes()))
    },
    async sendTransfer(recipients, esplora) {
      const outputs = recipients.map(({ address, amount }) => {
        let script: Uint8Array
        try {
          script = OutScript.encode(Address(regtestNetwork).decode(address))
        } catch {
          throw invalidParams(`Not a regtest address: ${address.slice(0, 90)}`)
        }
        if (amount < dustLimitSats) throw invalidParams(`Amounts below ${dustLimitSats} sats are dust`)
        return { script, amount }
      })
      const response = await (esplora.fetch ?? globalThis.fetch)(`${esplora.url}/address/${payment.address}/utxo`)
      if (!response.ok) throw new PersonaRequestError(-32603, `Could not read UTXOs: HTTP ${response.status}`)
      const utxos = ((await response.json()) as { txid: string; vout: number; value: number }[]).sort((a, b) => b.value - a.value)
      const total = outputs.reduce((sum, o) => sum + o.amount, 0n)
      const tx = new Transaction()
      let inputSum = 0n
      const feeFor = (inputs: number) => BigInt(11 + 68 * inputs + 31 * (outputs.length + 1)) * 2n
      for (const utxo of utxos) {
        if (inputSum >= total + feeFor(tx.inputsLength)) break
        tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: payment.script, amount: BigInt(utxo.value) } })
        inputSum += BigInt(utxo.value)
      }
      const fee = feeFor(tx.inputsLength)
      if (inputSum < total + fee) throw new PersonaRequestError(-32603, `Insufficient funds: ${inputSum} sats for ${total} plus a ${fee} sat fee`)
      for (const output of outputs) tx.addOutput(output)
      if (inputSum - total - fee >= dustLimitSats) tx.addOutput({ script: payment.script, amount: inputSum - total - fee })
      tx.sign(paymentKey.privateKey)
      tx.finalize()
      return broadcast(tx.hex, esplora)
    },
    broadcast,
  }
}

