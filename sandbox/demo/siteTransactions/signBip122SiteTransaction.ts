import { Address, OutScript, Script, Transaction } from '@scure/btc-signer'
import type { Bip122Signer } from 'portico/bip122'

/** `@scure/btc-signer`'s network parameters: the address prefixes of the chain the site is on. */
type BtcNetwork = { bech32: string; pubKeyHash: number; scriptHash: number; wif: number }

export type SignBip122SiteTransactionParameters = {
  /** `portico.getSigner('bip122')` or `useSigner('bip122').signer`. */
  signer: Bip122Signer
  /** The network's Esplora REST base (`…/api`): where the site reads its visitor's UTXOs and fee rates. */
  esploraUrl: string
  /** The network's address prefixes (regtest: `bcrt`, mainnet: `@scure/btc-signer`'s `NETWORK`). */
  network: BtcNetwork
  /** What the OP_RETURN output carries (at most 80 bytes). */
  memo: string
  fetch?: typeof fetch
}

export type SignBip122SiteTransactionReturnType = { txid: string; inputs: number; fee: bigint }

/**
 * What a site does with the Bitcoin signer (the demo's "Your own transaction", the bip122 docs'
 * example and its tests): builds, with `@scure/btc-signer`, a transaction spending two UTXOs of
 * the visitor's payment address into an `OP_RETURN` output carrying `memo` and the change back,
 * at the network's 6-block fee rate; the wallet signs both inputs (`signInputs` by address) and
 * the signer broadcasts it.
 *
 * @param parameters - the signer, the network's Esplora API and address prefixes, the memo
 * @returns the txid, the number of inputs and the fee paid
 * @throws when the payment address has fewer than two UTXOs, and whatever the signer throws
 * @example
 * const { txid } = await signBip122SiteTransaction({ signer, esploraUrl, network, memo: 'hello' })
 */
export async function signBip122SiteTransaction({ signer, esploraUrl, network, memo, fetch: fetchFn = (...args) => globalThis.fetch(...args) }: SignBip122SiteTransactionParameters): Promise<SignBip122SiteTransactionReturnType> {
  const [payment] = await signer.getAddresses()
  if (!payment) throw new Error('The wallet shared no address')
  const read = async <T,>(path: string) => (await (await fetchFn(`${esploraUrl}${path}`)).json()) as T
  const [utxos, rates] = await Promise.all([read<{ txid: string; vout: number; value: number }[]>(`/address/${payment.address}/utxo`), read<Record<string, number>>('/fee-estimates')])
  const spent = utxos.sort((a, b) => b.value - a.value).slice(0, 2)
  if (spent.length < 2) throw new Error(`${payment.address} needs two UTXOs for this example; it has ${spent.length}`)
  const data = new TextEncoder().encode(memo)
  const script = OutScript.encode(Address(network).decode(payment.address))
  const tx = new Transaction({ allowUnknownOutputs: true })
  for (const utxo of spent) tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) } })
  tx.addOutput({ script: Script.encode(['RETURN', data]), amount: 0n })
  // Two P2WPKH inputs, the OP_RETURN output and the change output, in virtual bytes.
  const vbytes = 11 + 2 * 68 + (9 + 2 + data.length) + 31
  const fee = BigInt(Math.ceil((rates['6'] ?? 1) * vbytes))
  tx.addOutput({ script, amount: spent.reduce((sum, u) => sum + BigInt(u.value), 0n) - fee })
  const { txid } = await signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [payment.address]: [0, 1] }, broadcast: true })
  if (!txid) throw new Error('The signer broadcast nothing')
  return { txid, inputs: tx.inputsLength, fee }
}
