import { base64, hex } from '@scure/base'
import { BitcoinSignRequestError } from '../errors.js'
import { Transaction } from '../lazy/btcSigner.js'

/** The largest PSBT the signer reads (the ledger and most nodes relay transactions up to 400 kWU). */
const maxPsbtBytes = 400_000

/**
 * Reads a PSBT (BIP-174) as a site hands it to the signer: bytes, base64, or hex.
 *
 * @param value - the PSBT
 * @returns the transaction (`@scure/btc-signer`)
 * @throws BitcoinSignRequestError when it is not a PSBT
 * @example
 * const tx = readPsbt(base64.encode(built.toPSBT()))
 */
export function readPsbt(value: unknown): Transaction {
  let bytes: Uint8Array
  try {
    if (value instanceof Uint8Array) bytes = value
    else if (typeof value === 'string' && value.length <= (maxPsbtBytes * 4) / 3 + 4) bytes = /^70736274ff(?:[0-9a-f]{2})*$/i.test(value) ? hex.decode(value.toLowerCase()) : base64.decode(value)
    else throw new Error(typeof value === 'string' ? 'too long' : `${value === null ? 'null' : typeof value} given`)
  } catch (error) {
    throw new BitcoinSignRequestError(`psbt must be a PSBT as base64, hex or bytes (${error instanceof Error ? error.message : String(error)})`)
  }
  if (bytes.length > maxPsbtBytes) throw new BitcoinSignRequestError(`The PSBT is ${bytes.length} bytes, more than ${maxPsbtBytes}`)
  try {
    return Transaction.fromPSBT(bytes)
  } catch (error) {
    throw new BitcoinSignRequestError(`Not a PSBT: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`)
  }
}
