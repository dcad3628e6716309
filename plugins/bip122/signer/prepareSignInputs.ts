import { BitcoinSignRequestError } from '../errors.js'
import { Address, NETWORK, OutScript, TEST_NETWORK, type Transaction } from '../lazy/btcSigner.js'
import type { BitcoinAddressNetwork } from '../utils/decodeBitcoinAddress.js'
import type { BitcoinSignInput } from '../discovery/bitcoinWallet.js'
import { btcSignerNetwork } from '../actions/sendBitcoin.js'

/** The sighash types bitcoind accepts: ALL, NONE, SINGLE, each optionally | ANYONECANPAY; Taproot adds DEFAULT (0). */
const sighashTypes = new Set([1, 2, 3, 0x81, 0x82, 0x83])
/** What a signature commits to when the PSBT names no type: ALL for SegWit v0 and legacy, DEFAULT for Taproot. */
const defaultSighash = (taproot: boolean) => (taproot ? 0 : 1)

/** The output an input spends, from its `witnessUtxo` or its `nonWitnessUtxo` (the whole previous transaction). */
function spentScript(tx: Transaction, index: number): Uint8Array | undefined {
  const input = tx.getInput(index)
  if (input.witnessUtxo) return input.witnessUtxo.script
  const previous = input.nonWitnessUtxo as { outputs?: { script?: Uint8Array }[] } | undefined
  return input.index === undefined ? undefined : previous?.outputs?.[input.index]?.script
}

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * Checks the inputs a site asks the wallet to sign against the PSBT, before any wallet is asked:
 * each index is an input of it, named once, carrying the output it spends (`witnessUtxo`, or the
 * previous transaction), and that output pays the address whose key is to sign it; each sighash
 * type is one the input can use and agrees with the type the PSBT already names. An input allowed
 * a single type that is not its default gets it written into the PSBT (`sighashType`,
 * PSBT_IN_SIGHASH_TYPE), which wallets that take no sighash parameter (sats-connect) sign with.
 *
 * @param parameters - the transaction (updated in place), the inputs to sign, the address network
 * @throws BitcoinSignRequestError
 * @example
 * prepareSignInputs({ tx, inputs: [{ address, index: 0 }], network: 'regtest' })
 */
export function prepareSignInputs({ tx, inputs, network }: { tx: Transaction; inputs: readonly BitcoinSignInput[]; network: BitcoinAddressNetwork }): void {
  if (inputs.length === 0) throw new BitcoinSignRequestError('signInputs names no input to sign')
  const chain = btcSignerNetwork({ NETWORK, TEST_NETWORK }, network)
  const seen = new Set<number>()
  for (const { address, index, sighashTypes: allowed } of inputs) {
    if (!Number.isSafeInteger(index) || index < 0 || index >= tx.inputsLength) throw new BitcoinSignRequestError(`Input ${String(index).slice(0, 20)} is out of range: the PSBT has ${tx.inputsLength} input${tx.inputsLength === 1 ? '' : 's'}`)
    if (seen.has(index)) throw new BitcoinSignRequestError(`Input ${index} is named twice in signInputs`)
    seen.add(index)
    const script = spentScript(tx, index)
    if (!script) throw new BitcoinSignRequestError(`Input ${index} carries no witnessUtxo (the output it spends): a wallet cannot sign it`)
    let expected: Uint8Array
    try {
      expected = OutScript.encode(Address(chain).decode(address))
    } catch {
      throw new BitcoinSignRequestError(`${address.slice(0, 100)} is not an address a wallet signs for`)
    }
    if (hexOf(expected) !== hexOf(script)) throw new BitcoinSignRequestError(`Input ${index} does not spend an output of ${address.slice(0, 100)}: its key cannot sign it`)
    if (allowed === undefined) continue
    const taproot = OutScript.decode(script).type === 'tr'
    if (!Array.isArray(allowed) || allowed.length === 0 || allowed.length > 7) throw new BitcoinSignRequestError(`sighashTypes of input ${index} must list one to seven sighash types`)
    for (const type of allowed) {
      if (!(sighashTypes.has(type) || (taproot && type === 0))) throw new BitcoinSignRequestError(`Sighash type ${String(type).slice(0, 20)} is not one input ${index} (${taproot ? 'Taproot' : 'SegWit v0'}) can use`)
    }
    const named = tx.getInput(index).sighashType
    if (named !== undefined && !allowed.includes(named)) throw new BitcoinSignRequestError(`Input ${index} names sighash type ${named} in the PSBT, which its sighashTypes do not allow`)
    if (named === undefined && allowed.length === 1 && allowed[0] !== defaultSighash(taproot)) tx.updateInput(index, { sighashType: allowed[0] })
  }
}
