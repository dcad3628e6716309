import { ProviderRpcError } from '../../../kernel/kernel.js'
import { base64 } from '@scure/base'
import { sameTransaction } from '../actions/sendBitcoin.js'
import { BitcoinSignRequestError } from '../errors.js'
import { Transaction } from '../lazy/btcSigner.js'

/** Whether an input carries a signature (partial or final, SegWit v0, legacy or Taproot). */
function isSigned(tx: Transaction, index: number): boolean {
  const input = tx.getInput(index)
  return Boolean(input.finalScriptWitness?.length || input.finalScriptSig?.length || input.partialSig?.length || input.tapKeySig?.length || input.tapScriptSig?.length)
}

/**
 * Reads the PSBT a wallet answered for `built`: it must be a PSBT of the same transaction (the
 * wallet may only add signatures) with every input it was asked to sign signed. With `finalize`,
 * every input is finalized (each must be signed by then).
 *
 * @param parameters - what the wallet was asked to sign, its answer (base64), the inputs it had to sign, whether to finalize
 * @returns the signed transaction
 * @throws ProviderRpcError (-32603) for an answer that is no PSBT, another transaction, or an input left unsigned; BitcoinSignRequestError when an input `finalize` needs is unsigned
 * @example
 * const signed = acceptSignedPsbt({ built: tx, signedPsbt: answer.psbt, inputs: [0, 1], finalize: true })
 */
export function acceptSignedPsbt({ built, signedPsbt, inputs, finalize }: { built: Transaction; signedPsbt: unknown; inputs: readonly number[]; finalize: boolean }): Transaction {
  let signed: Transaction
  try {
    if (typeof signedPsbt !== 'string') throw new Error('no PSBT')
    signed = Transaction.fromPSBT(base64.decode(signedPsbt))
  } catch {
    throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no PSBT' })
  }
  if (!sameTransaction(built, signed)) throw new ProviderRpcError({ code: -32603, message: 'The wallet changed the transaction it was asked to sign' })
  for (const index of inputs) if (!isSigned(signed, index)) throw new ProviderRpcError({ code: -32603, message: `The wallet did not sign input ${index}` })
  if (finalize) {
    for (let i = 0; i < signed.inputsLength; i++) {
      const input = signed.getInput(i)
      if (input.finalScriptWitness?.length || input.finalScriptSig?.length) continue
      try {
        signed.finalizeIdx(i)
      } catch (error) {
        throw new BitcoinSignRequestError(`Input ${i} cannot be finalized${isSigned(signed, i) ? '' : ' (nobody signed it)'}: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`)
      }
    }
  }
  return signed
}
