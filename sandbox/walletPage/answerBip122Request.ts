import { OutScript, Transaction } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import type { BitcoinDevWalletProvider } from '../bitcoinWallet/createBitcoinDevWallet.js'

/** The bip122 namespace's WalletConnect methods the wallet page answers (no namespace prefix, as WalletConnect names them). */
export const bip122WalletConnectMethods = ['getAccountAddresses', 'signMessage', 'sendTransfer', 'signPsbt'] as const

/** A refusal with a wallet's JSON-RPC code. */
export class Bip122RequestError extends Error {
  override name = 'Bip122RequestError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export type AnswerBip122RequestParameters = {
  method: string
  params: unknown
  /** The WBIP004 dev wallet that holds the payment and ordinals keys. */
  provider: BitcoinDevWalletProvider
  /** Its payment address: the session's account. */
  account: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Calls the WBIP004 provider and unwraps its JSON-RPC envelope (it rejects with the envelope). */
async function call(provider: BitcoinDevWalletProvider, method: string, params: unknown): Promise<Record<string, unknown>> {
  try {
    const { result } = await provider.request(method, params)
    return isRecord(result) ? result : {}
  } catch (error) {
    const inner = isRecord(error) && isRecord(error.error) ? error.error : isRecord(error) ? error : {}
    throw new Bip122RequestError(typeof inner.code === 'number' ? inner.code : -32603, typeof inner.message === 'string' ? inner.message : String(error))
  }
}

/**
 * Answers a WalletConnect bip122 request as a Bitcoin wallet does (the WalletConnect Bitcoin RPC
 * reference), by the WBIP004 dev wallet: `getAccountAddresses { account }` → `[{ address,
 * publicKey, intention }]`; `signMessage { account, message, address?, protocol? }` → `{ address,
 * signature }` (BIP-322 simple); `sendTransfer { account, recipientAddress, amount }` → `{ txid }`;
 * `signPsbt { account, psbt, signInputs: [{ address, index, sighashTypes? }], broadcast? }` → `{ psbt, txid? }`
 * (an input allowed one sighash type is signed with it: the type goes into the PSBT the WBIP004
 * wallet signs, as sats-connect carries it).
 *
 * @returns the answer
 * @throws Bip122RequestError (4100 another account, -32602 bad params, 4200 another method; the wallet's own codes otherwise)
 * @example
 * await answerBip122Request({ method: 'getAccountAddresses', params: { account }, provider, account })
 */
export async function answerBip122Request({ method, params, provider, account }: AnswerBip122RequestParameters): Promise<unknown> {
  if (!(bip122WalletConnectMethods as readonly string[]).includes(method)) throw new Bip122RequestError(4200, `Unsupported method ${method}`)
  if (!isRecord(params)) throw new Bip122RequestError(-32602, `${method} needs an object of params`)
  if (params.account !== account) throw new Bip122RequestError(4100, 'Unknown account')

  if (method === 'getAccountAddresses') {
    const { addresses } = await call(provider, 'getAddresses', { purposes: ['payment', 'ordinals'] })
    return (Array.isArray(addresses) ? addresses : []).filter(isRecord).map((a) => ({
      address: a.address,
      publicKey: a.publicKey,
      intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment',
    }))
  }
  if (method === 'signMessage') {
    if (typeof params.message !== 'string' || params.message.length > 64 * 1024) throw new Bip122RequestError(-32602, 'message must be a string of at most 64 KiB')
    if (params.protocol !== undefined && params.protocol !== 'bip322' && params.protocol !== 'ecdsa') throw new Bip122RequestError(-32602, 'protocol is "ecdsa" or "bip322"')
    const address = params.address ?? account
    const { signature } = await call(provider, 'signMessage', { address, message: params.message, protocol: params.protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' })
    return { address, signature }
  }
  if (method === 'sendTransfer') {
    if (typeof params.recipientAddress !== 'string' || typeof params.amount !== 'string' || !/^\d{1,16}$/.test(params.amount)) {
      throw new Bip122RequestError(-32602, 'sendTransfer needs a recipientAddress and an amount in sats (a decimal string)')
    }
    const { txid } = await call(provider, 'sendTransfer', { recipients: [{ address: params.recipientAddress, amount: params.amount }] })
    return { txid }
  }
  // signPsbt: WalletConnect lists inputs as [{ address, index, sighashTypes? }]; WBIP004 groups them by address and reads the sighash types from the PSBT.
  if (typeof params.psbt !== 'string' || !Array.isArray(params.signInputs)) throw new Bip122RequestError(-32602, 'signPsbt needs a base64 psbt and signInputs')
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(base64.decode(params.psbt))
  } catch {
    throw new Bip122RequestError(-32602, 'psbt is not a base64 PSBT')
  }
  const byAddress: Record<string, number[]> = {}
  for (const input of params.signInputs) {
    if (!isRecord(input) || typeof input.address !== 'string' || !Number.isInteger(input.index) || (input.index as number) < 0 || (input.index as number) >= tx.inputsLength) throw new Bip122RequestError(-32602, 'Each signInputs entry needs an address and the index of an input of the PSBT')
    const index = input.index as number
    ;(byAddress[input.address] ??= []).push(index)
    if (input.sighashTypes === undefined) continue
    // The sighash types the signature may use (default [1]): the one the PSBT names must be among them; one type alone is what this wallet signs with.
    const allowed = input.sighashTypes
    if (!Array.isArray(allowed) || allowed.length === 0 || !allowed.every((t) => Number.isInteger(t) && t >= 0 && t <= 0x83)) throw new Bip122RequestError(-32602, `sighashTypes of input ${index} must be a list of sighash types`)
    const named = tx.getInput(index).sighashType
    if (named !== undefined && !allowed.includes(named)) throw new Bip122RequestError(-32602, `Input ${index} names sighash type ${named}, not one of its sighashTypes`)
    if (named === undefined && allowed.length === 1) tx.updateInput(index, { sighashType: allowed[0] as number })
    else if (named === undefined) {
      // Several types allowed and none named: the wallet signs with the input's default (DEFAULT for Taproot, ALL otherwise), which must be allowed.
      const script = tx.getInput(index).witnessUtxo?.script
      const fallback = script && OutScript.decode(script).type === 'tr' ? 0 : 1
      if (!allowed.includes(fallback)) throw new Bip122RequestError(-32602, `Input ${index} would be signed with sighash type ${fallback}, not one of its sighashTypes: name one type`)
    }
  }
  const result = await call(provider, 'signPsbt', { psbt: base64.encode(tx.toPSBT()), signInputs: byAddress, broadcast: params.broadcast === true })
  return { psbt: result.psbt, ...(typeof result.txid === 'string' ? { txid: result.txid } : {}) }
}
