import { ProviderRpcError, type Network } from '../../../kernel/kernel.js'
import type { BitcoinWallet } from '../discovery/bitcoinWallet.js'
import { BitcoinAmountError, BitcoinApiError, BitcoinWalletFeatureError } from '../errors.js'
import { decodeBitcoinAddress } from '../utils/decodeBitcoinAddress.js'
import { parseSats } from '../utils/parseSats.js'
import { broadcastBitcoinTransaction } from './broadcastBitcoinTransaction.js'
import { esplora } from './esplora.js'
import { loadBip122Peer } from '../peers.js'
import type * as btcSigner from '../lazy/btcSigner.js'

/** Outputs below this are refused as dust (bitcoind's limit for P2WPKH outputs at 3 sat/vB). */
export const dustLimitSats = 294n
/** The confirmation targets (blocks) of the slow / normal / fast fee tiers in Esplora's `/fee-estimates`. */
export const feeTierTargets = { slow: '144', normal: '6', fast: '1' } as const
export type FeeTier = keyof typeof feeTierTargets

type Utxo = { txid: string; vout: number; value: number }

/**
 * The fee rates (sat/vB) of the three tiers from Esplora's `/fee-estimates`, at least 1 sat/vB.
 *
 * @param parameters - network and fetch
 * @returns `{ slow, normal, fast }`
 * @example
 * const { normal } = await fetchFeeTiers({ network })
 */
export async function fetchFeeTiers({ network, fetch: fetchFn }: { network: Network; fetch?: typeof fetch }): Promise<Record<FeeTier, number>> {
  const estimates = await esplora<Record<string, unknown>>({ network, path: '/fee-estimates', fetch: fetchFn })
  const rate = (target: string) => {
    const value = estimates[target]
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.max(1, Math.ceil(value)) : 1
  }
  return { slow: rate(feeTierTargets.slow), normal: rate(feeTierTargets.normal), fast: rate(feeTierTargets.fast) }
}

/** Virtual size estimate of a transaction spending `inputs` segwit inputs into `outputs` outputs (P2WPKH/P2TR sized). */
const vsize = (inputs: number, outputs: number) => BigInt(11 + 68 * inputs + 43 * outputs)

/** Largest UTXOs first until they pay `sats` and the fee at `rate` sat/vB of a transaction with `outputs` outputs besides the change. */
function selectUtxos(sorted: readonly Utxo[], sats: bigint, rate: bigint, outputs = 1): { chosen: Utxo[]; total: bigint; fee: bigint } {
  const chosen: Utxo[] = []
  let total = 0n
  for (const utxo of sorted) {
    if (total >= sats + vsize(chosen.length, outputs + 1) * rate) break
    chosen.push(utxo)
    total += BigInt(utxo.value)
  }
  return { chosen, total, fee: vsize(chosen.length, outputs + 1) * rate }
}

type SendBitcoinParameters = {
  network: Network
  from: string
  to: string
  amount: string
  tier?: FeeTier
  fetch?: typeof fetch
  /** The sender's public key (hex; 33-byte compressed or 32-byte x-only): a P2TR sender's inputs carry it as `tapInternalKey`, which OKX and others need to sign. */
  publicKey?: string
}

/** The checks every send makes before anything else: the addresses (same network) and dust. */
function checkSend({ network, from, to, amount }: SendBitcoinParameters): bigint {
  const sats = parseSats(amount)
  const target = decodeBitcoinAddress(to)
  const source = decodeBitcoinAddress(from)
  if (!target || !source || target.network !== source.network) throw new BitcoinAmountError(`"${to.slice(0, 100)}" is not a valid Bitcoin address on ${network.name}`)
  if (sats < dustLimitSats) throw new BitcoinAmountError(`Send at least ${dustLimitSats} sats: smaller outputs are dust the network does not relay`)
  return sats
}

/** The sender's spendable UTXOs from the Esplora API, largest first. */
async function readUtxos({ network, from, fetch: fetchFn }: { network: Network; from: string; fetch?: typeof fetch | undefined }): Promise<Utxo[]> {
  const utxos = await esplora<Utxo[]>({ network, path: `/address/${encodeURIComponent(from)}/utxo`, fetch: fetchFn })
  if (!Array.isArray(utxos)) throw new BitcoinApiError('The Esplora API answered UTXOs that are not a list')
  return utxos.filter((u) => Number.isSafeInteger(u?.value) && u.value > 0 && /^[0-9a-f]{64}$/.test(u.txid)).sort((a, b) => b.value - a.value)
}

/** The sender's spendable UTXOs (largest first) and the fee rates of the three tiers. */
async function readFunds(parameters: SendBitcoinParameters): Promise<{ sorted: Utxo[]; rates: Record<FeeTier, number> }> {
  const [sorted, rates] = await Promise.all([readUtxos(parameters), fetchFeeTiers({ network: parameters.network, fetch: parameters.fetch })])
  return { sorted, rates }
}

/**
 * What a send costs at each fee tier, before the wallet is asked: the UTXOs it would spend and the
 * network fee (in sats, and in BTC as a decimal) at the slow, normal and fast rates of the
 * network's Esplora `/fee-estimates`. Dust, a bad address, or a balance that cannot pay the amount
 * and the fee of the requested tier is refused here, with the error the send would give.
 *
 * @param parameters - the send and its tier (default `normal`)
 * @returns the fee of the tier and of every tier (`{ tier, fee, sats, rate }`)
 * @throws BitcoinAmountError
 * @example
 * const { fee, tiers } = await estimateBitcoinSendFee({ network, from, to, amount: '0.001', tier: 'fast' })
 */
export async function estimateBitcoinSendFee(parameters: SendBitcoinParameters): Promise<{ fee: string; tiers: { tier: FeeTier; fee: string; sats: bigint; rate: number }[] }> {
  const sats = checkSend(parameters)
  const { sorted, rates } = await readFunds(parameters)
  const tier = parameters.tier ?? 'normal'
  const tiers = (Object.keys(feeTierTargets) as FeeTier[]).map((name) => {
    const plan = selectUtxos(sorted, sats, BigInt(rates[name]))
    return { tier: name, fee: formatBtc(plan.fee), sats: plan.fee, rate: rates[name], total: plan.total }
  })
  const chosen = tiers.find((t) => t.tier === tier)!
  if (chosen.total < sats + chosen.sats) throw new BitcoinAmountError(`Insufficient funds: ${formatBtc(chosen.total)} BTC available for ${formatBtc(sats)} BTC plus a ${chosen.sats} sat fee`)
  return { fee: chosen.fee, tiers: tiers.map(({ tier: name, fee, sats: feeSats, rate }) => ({ tier: name, fee, sats: feeSats, rate })) }
}

/** `@scure/btc-signer`'s network parameters of an address network (regtest is the test networks' with `bcrt`). */
export function btcSignerNetwork(signer: Pick<typeof btcSigner, 'NETWORK' | 'TEST_NETWORK'>, network: 'mainnet' | 'testnet' | 'regtest') {
  return network === 'mainnet' ? signer.NETWORK : network === 'regtest' ? { ...signer.TEST_NETWORK, bech32: 'bcrt' } : signer.TEST_NETWORK
}

export type BuildPaymentPsbtParameters = {
  network: Network
  /** The paying address (its UTXOs are spent, the change goes back to it). */
  from: string
  /** The outputs to pay, checked by the caller (addresses of `from`'s network, above dust). */
  outputs: readonly { address: string; amount: bigint }[]
  /** Fee rate in sat/vB. */
  feeRate: number
  fetch?: typeof fetch
  /** The payer's public key (hex; 33-byte compressed or 32-byte x-only): a P2TR payer's inputs carry it as `tapInternalKey`. */
  publicKey?: string
}

/**
 * Builds an unsigned PSBT paying `outputs` from `from`: its UTXOs from the network's Esplora API,
 * largest first until they pay the outputs and the fee at `feeRate` sat/vB, and the change back to
 * `from` when it is not dust. Insufficient funds are refused before any wallet is asked.
 *
 * @param parameters - the network, payer, outputs, fee rate, fetch and the payer's public key
 * @returns the transaction (`@scure/btc-signer`), the indexes of its inputs (all `from`'s) and its fee in sats
 * @throws BitcoinAmountError, BitcoinApiError
 * @example
 * const { tx, inputs } = await buildPaymentPsbt({ network, from, outputs: [{ address, amount: 10_000n }], feeRate: 2 })
 */
export async function buildPaymentPsbt({ network, from, outputs, feeRate, fetch: fetchFn, publicKey }: BuildPaymentPsbtParameters) {
  const source = decodeBitcoinAddress(from)
  if (!source) throw new BitcoinAmountError(`"${from.slice(0, 100)}" is not a valid Bitcoin address on ${network.name}`)
  const [sorted, signer] = await Promise.all([readUtxos({ network, from, fetch: fetchFn }), loadBip122Peer(() => import('../lazy/btcSigner.js'))])
  const chain = btcSignerNetwork(signer, source.network)
  const fromScript = signer.OutScript.encode(signer.Address(chain).decode(from))
  const sats = outputs.reduce((sum, o) => sum + o.amount, 0n)
  const { chosen, total, fee } = selectUtxos(sorted, sats, BigInt(Math.ceil(feeRate)), outputs.length)
  if (total < sats + fee) throw new BitcoinAmountError(`Insufficient funds: ${formatBtc(total)} BTC available for ${formatBtc(sats)} BTC plus a ${fee} sat fee`)
  const tx = new signer.Transaction()
  // A key-path P2TR input names its internal key (BIP-371) when the wallet gave it (OKX signs no Taproot input without it).
  const internalKey = source.type === 'p2tr' ? taprootInternalKey(publicKey, source.program) : undefined
  for (const utxo of chosen) tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: fromScript, amount: BigInt(utxo.value) }, ...(internalKey ? { tapInternalKey: internalKey } : {}) })
  for (const output of outputs) tx.addOutput({ script: signer.OutScript.encode(signer.Address(chain).decode(output.address)), amount: output.amount })
  const change = total - sats - fee
  if (change >= dustLimitSats) tx.addOutput({ script: fromScript, amount: change })
  return { tx, inputs: chosen.map((_, i) => i), fee }
}

/**
 * Reads the PSBT a wallet signed for `built`, checks it changed nothing but signatures (the same
 * inputs and outputs), and finalizes the inputs the wallet left unfinalized (Unisat and OKX
 * finalize what they sign unless asked not to).
 *
 * @param built - the transaction the wallet was asked to sign
 * @param signedPsbt - the wallet's answer, base64
 * @returns the finalized transaction
 * @throws ProviderRpcError (-32603) when the wallet changed the transaction or left an input it cannot finalize
 * @example
 * const signed = await finalizeSignedPsbt(tx, await wallet.signPsbt({ psbt, inputs }))
 */
export async function finalizeSignedPsbt(built: InstanceType<typeof btcSigner.Transaction>, signedPsbt: string) {
  const [signer, { base64 }] = await Promise.all([loadBip122Peer(() => import('../lazy/btcSigner.js')), import('@scure/base')])
  let signed: InstanceType<typeof signer.Transaction>
  try {
    signed = signer.Transaction.fromPSBT(base64.decode(signedPsbt))
    if (!sameTransaction(built, signed)) throw new ProviderRpcError({ code: -32603, message: 'The wallet changed the transaction it was asked to sign' })
    for (let i = 0; i < signed.inputsLength; i++) {
      const input = signed.getInput(i)
      if (!input.finalScriptWitness?.length && !input.finalScriptSig?.length) signed.finalizeIdx(i)
    }
  } catch (error) {
    if (error instanceof ProviderRpcError) throw error
    throw new ProviderRpcError({ code: -32603, message: `The wallet returned a PSBT that cannot be finalized: ${error instanceof Error ? error.message : String(error)}` })
  }
  return signed
}

/**
 * Sends BTC from the connected payment address: checks the recipient and the amount, reads the
 * UTXOs and the fee rate of the tier from the network's Esplora API, selects UTXOs (largest first),
 * builds a PSBT with change back to the sender, has the wallet sign it, then finalizes and
 * broadcasts. A wallet without PSBT signing but with `sendTransfer` pays through it instead.
 * Dust and insufficient funds are refused before the wallet is asked; a transaction the network
 * refuses is a `BitcoinTransactionRejectedError` with its reason.
 *
 * @param parameters - the request, the wallet, fee tier and fetch
 * @returns the txid
 * @example
 * const txid = await sendBitcoin({ wallet, network, from, to, amount: '0.001' })
 */
export async function sendBitcoin(parameters: SendBitcoinParameters & { wallet: BitcoinWallet }): Promise<string> {
  const { wallet, network, from, to, tier = 'normal', fetch: fetchFn } = parameters
  const sats = checkSend(parameters)
  if (!wallet.signPsbt) {
    if (!wallet.sendTransfer) throw new BitcoinWalletFeatureError({ feature: 'signPsbt or sendTransfer', wallet: wallet.name })
    return wallet.sendTransfer({ address: to, amount: sats })
  }
  const rates = await fetchFeeTiers({ network, fetch: fetchFn })
  const { tx, inputs } = await buildPaymentPsbt({ network, from, outputs: [{ address: to, amount: sats }], feeRate: rates[tier], fetch: fetchFn, ...(parameters.publicKey ? { publicKey: parameters.publicKey } : {}) })
  const { base64 } = await import('@scure/base')
  const signedPsbt = await wallet.signPsbt({ psbt: base64.encode(tx.toPSBT()), inputs: inputs.map((index) => ({ address: from, index })) })
  const signed = await finalizeSignedPsbt(tx, signedPsbt)
  return broadcastBitcoinTransaction({ network, hex: signed.hex, fetch: fetchFn })
}

/**
 * The x-only internal key named by `publicKey` (33-byte compressed or 32-byte x-only hex), the
 * account's own key as the wallet gave it; none when it is the address's output key itself (a
 * wallet that gave the tweaked key) or not a key.
 */
function taprootInternalKey(publicKey: string | undefined, program: Uint8Array): Uint8Array | undefined {
  if (!publicKey || !/^(?:0[23])?[0-9a-f]{64}$/i.test(publicKey)) return undefined
  const xOnly = Uint8Array.from(publicKey.slice(-64).match(/../g)!, (byte) => parseInt(byte, 16))
  return hex(xOnly) === hex(program) ? undefined : xOnly
}

function formatBtc(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

type Tx = { inputsLength: number; outputsLength: number; getInput(i: number): { txid?: Uint8Array; index?: number }; getOutput(i: number): { script?: Uint8Array; amount?: bigint } }
const hex = (bytes: Uint8Array | undefined) => (bytes ? Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') : '')

/** The wallet may only add signatures: the same inputs and outputs as built. */
export function sameTransaction(built: Tx, signed: Tx): boolean {
  if (built.inputsLength !== signed.inputsLength || built.outputsLength !== signed.outputsLength) return false
  for (let i = 0; i < built.inputsLength; i++) {
    const [a, b] = [built.getInput(i), signed.getInput(i)]
    if (hex(a.txid) !== hex(b.txid) || a.index !== b.index) return false
  }
  for (let i = 0; i < built.outputsLength; i++) {
    const [a, b] = [built.getOutput(i), signed.getOutput(i)]
    if (hex(a.script) !== hex(b.script) || a.amount !== b.amount) return false
  }
  return true
}
