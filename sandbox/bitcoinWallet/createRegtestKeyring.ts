import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js'
import { Transaction, p2tr, p2wpkh } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { dustLimitSats, regtestNetwork } from '../bitcoin/bitcoinSandboxChain.js'
import { once } from '../utils/once.js'
import { BitcoinDevWalletError } from './BitcoinDevWalletError.js'
import { signBip322Simple } from './signBip322Simple.js'
import { signBip322SimpleTaproot } from './signBip322SimpleTaproot.js'

type Key = { privateKey: Uint8Array; publicKey: Uint8Array }

/** One address of the keyring: its type, address, output script and public key (33-byte compressed; the x-only key of P2TR is its last 32). */
export type RegtestKeyringAccount = { type: 'p2wpkh' | 'p2tr'; address: string; script: Uint8Array; publicKey: Uint8Array }

export type RegtestKeyring = {
  /** The BIP-84 P2WPKH payment address. */
  payment: RegtestKeyringAccount
  /** The BIP-86 P2TR address (its tweak is made on first read). */
  readonly taproot: RegtestKeyringAccount
  /** The account of an address, if the keyring has it. */
  accountOf(address: string): RegtestKeyringAccount | undefined
  /**
   * Signs the inputs of `tx` the keyring owns (all of them, or only `indexes`), each with the sighash
   * type the PSBT names for it (its default otherwise); a P2TR input gets its `tapInternalKey` when
   * the PSBT lacks it. Returns how many it signed.
   */
  signInputs(tx: Transaction, indexes?: readonly number[]): number
  /** A BIP-322 simple signature (base64) by `address`'s key, or a BIP-137 "Bitcoin Signed Message" one (`ecdsa`, compressed-key header). */
  signMessage(address: string, message: string, protocol: 'bip322' | 'ecdsa'): string
  /** Pays `outputs` from `from`'s UTXOs (largest first) at `feeRate` sat/vB, change back, broadcast; resolves the txid. */
  pay(from: RegtestKeyringAccount, outputs: { script: Uint8Array; amount: bigint }[], feeRate?: bigint): Promise<string>
  /** POSTs a raw transaction to the Esplora API; resolves the txid. */
  broadcast(hex: string): Promise<string>
}

/**
 * The sandbox's regtest signing keys as one keyring, shared by the Bitcoin dev wallet and the
 * Bitcoin wallet personas (each speaks its own wallet's dialect on top): the P2WPKH payment key and
 * the P2TR key, PSBT input signing, BIP-322 / BIP-137 messages, and a coin-selecting payment
 * broadcast through the sandbox's Esplora API. Private keys are read on the first signature.
 *
 * @param parameters the two keys, the Esplora base (`…/api`) and `fetch`
 * @returns the keyring
 * @example
 * const keyring = createRegtestKeyring({ paymentKey, taprootKey, esploraUrl })
 */
export function createRegtestKeyring({ paymentKey, taprootKey, esploraUrl, fetch: fetchFn = (...args) => globalThis.fetch(...args) }: { paymentKey: Key; taprootKey: Key; esploraUrl: string; fetch?: typeof fetch }): RegtestKeyring {
  const paymentScript = p2wpkh(paymentKey.publicKey, regtestNetwork)
  const payment: RegtestKeyringAccount = { type: 'p2wpkh', address: paymentScript.address as string, script: paymentScript.script, publicKey: paymentKey.publicKey }
  const xOnly = taprootKey.publicKey.subarray(1)
  const taproot = once((): RegtestKeyringAccount => {
    const out = p2tr(xOnly, undefined, regtestNetwork)
    return { type: 'p2tr', address: out.address as string, script: out.script, publicKey: taprootKey.publicKey }
  })
  const paymentPrivateKey = once(() => {
    if (bytesToHex(secp256k1.getPublicKey(paymentKey.privateKey, true)) !== bytesToHex(paymentKey.publicKey)) throw new BitcoinDevWalletError(-32602, 'The payment key does not match its public key')
    return paymentKey.privateKey
  })
  const keyOf = (account: RegtestKeyringAccount) => (account.type === 'p2wpkh' ? paymentPrivateKey() : taprootKey.privateKey)
  const accountOf = (address: string) => (address === payment.address ? payment : address === taproot().address ? taproot() : undefined)

  const broadcast = async (hex: string): Promise<string> => {
    const response = await fetchFn(`${esploraUrl}/tx`, { method: 'POST', body: hex })
    const text = await response.text()
    if (!response.ok) throw new BitcoinDevWalletError(-32603, `Broadcast refused: ${text.slice(0, 300)}`)
    return text.trim()
  }

  const keyring: RegtestKeyring = {
    payment,
    get taproot() {
      return taproot()
    },
    accountOf,
    signInputs(tx, indexes) {
      let signed = 0
      for (let i = 0; i < tx.inputsLength; i++) {
        if (indexes && !indexes.includes(i)) continue
        const script = tx.getInput(i).witnessUtxo?.script
        const account = script ? [payment, taproot()].find((a) => bytesToHex(a.script) === bytesToHex(script)) : undefined
        if (!account) continue
        if (account.type === 'p2tr' && !tx.getInput(i).tapInternalKey) tx.updateInput(i, { tapInternalKey: xOnly })
        // The sighash type the PSBT names for the input (PSBT_IN_SIGHASH_TYPE) is the one it signs with, as BIP-174 asks of a signer.
        const declared = tx.getInput(i).sighashType
        signed += Number(tx.signIdx(keyOf(account), i, declared === undefined ? undefined : [declared]))
      }
      return signed
    },
    signMessage(address, message, protocol) {
      const account = accountOf(address)
      if (!account) throw new BitcoinDevWalletError(-32602, `This wallet has no address ${address.slice(0, 100)}`)
      if (protocol === 'bip322') return account.type === 'p2wpkh' ? signBip322Simple(keyOf(account), message) : signBip322SimpleTaproot(keyOf(account), message)
      // BIP-137: double SHA-256 of the "Bitcoin Signed Message" preimage, a recoverable signature, header 31 + recovery (compressed key).
      const body = new TextEncoder().encode(message)
      const preimage = concatBytes(new TextEncoder().encode('\x18Bitcoin Signed Message:\n'), body.length < 0xfd ? Uint8Array.of(body.length) : Uint8Array.of(0xfd, body.length & 0xff, body.length >> 8), body)
      const signature = secp256k1.sign(sha256(sha256(preimage)), keyOf(account), { prehash: false, lowS: true })
      return base64.encode(concatBytes(Uint8Array.of(31 + signature.recovery), signature.toCompactRawBytes()))
    },
    async pay(from, outputs, feeRate = 2n) {
      const response = await fetchFn(`${esploraUrl}/address/${from.address}/utxo`)
      if (!response.ok) throw new BitcoinDevWalletError(-32603, `Could not read UTXOs: HTTP ${response.status}`)
      const utxos = ((await response.json()) as { txid: string; vout: number; value: number }[]).sort((a, b) => b.value - a.value)
      const total = outputs.reduce((sum, o) => sum + o.amount, 0n)
      const tx = new Transaction()
      let inputSum = 0n
      const feeFor = (inputs: number) => BigInt(11 + 68 * inputs + 31 * (outputs.length + 1)) * feeRate
      for (const utxo of utxos) {
        if (inputSum >= total + feeFor(tx.inputsLength)) break
        tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: from.script, amount: BigInt(utxo.value) }, ...(from.type === 'p2tr' ? { tapInternalKey: xOnly } : {}) })
        inputSum += BigInt(utxo.value)
      }
      const fee = feeFor(tx.inputsLength)
      if (inputSum < total + fee) throw new BitcoinDevWalletError(-32603, `Insufficient funds: ${inputSum} sats for ${total} plus a ${fee} sat fee`)
      for (const output of outputs) tx.addOutput(output)
      const change = inputSum - total - fee
      if (change >= dustLimitSats) tx.addOutput({ script: from.script, amount: change })
      tx.sign(keyOf(from))
      tx.finalize()
      return broadcast(tx.hex)
    },
    broadcast,
  }
  return keyring
}
