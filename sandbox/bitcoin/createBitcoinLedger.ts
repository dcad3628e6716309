import { createHash } from 'node:crypto'

import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { Address, OutScript, RawTx, Transaction, p2wpkh } from '@scure/btc-signer'

import { BitcoinLedgerError } from './BitcoinLedgerError.js'
import { dustLimitSats, minRelayFeeRate, regtestGenesisHash, regtestNetwork } from './bitcoinSandboxChain.js'
import { type Prevout, verifyBitcoinInput } from './verifyBitcoinInput.js'

/** Where a transaction is: in the mempool, or in a block. */
export type BitcoinTxStatus = { confirmed: false } | { confirmed: true; block_height: number; block_hash: string; block_time: number }

/** One transaction the ledger holds, with what its inputs spent. */
export type LedgerTransaction = {
  txid: string
  raw: Uint8Array
  tx: Transaction
  /** The outputs its inputs spent (empty for the coinbase). */
  prevouts: Prevout[]
  coinbase: boolean
  fee: bigint
  block?: { height: number; hash: string; time: number }
}

/** An unspent output. */
export type LedgerUtxo = { txid: string; vout: number; value: bigint; script: Uint8Array }

export type BitcoinLedger = {
  /** Height of the newest block (0 = genesis). */
  tipHeight(): number
  tipHash(): string
  /**
   * Checks and accepts a raw transaction into the mempool (bitcoind's `sendrawtransaction`).
   * @returns the txid
   * @throws BitcoinLedgerError with bitcoind's reject reason
   */
  submit(hex: string): string
  /** Whether transactions wait in the mempool. */
  hasMempool(): boolean
  /** Mines every mempool transaction into a new block; returns its height. */
  mine(): number
  /** Sends `sats` from the faucet to `address` and mines it; resolves with the txid once confirmed. */
  fund(address: string, sats: bigint): Promise<string>
  /** Decodes a regtest address to its output script; throws BitcoinLedgerError on anything else. */
  scriptOf(address: string): Uint8Array
  transaction(txid: string): LedgerTransaction | undefined
  status(tx: LedgerTransaction): BitcoinTxStatus
  /** Unspent outputs paying `script` (mempool ones too). */
  utxos(script: Uint8Array): LedgerUtxo[]
  /** Transactions that pay or spend `script`, newest first (mempool first). */
  history(script: Uint8Array): LedgerTransaction[]
  /** Whether outpoint `txid:vout` is spent, and by which transaction. */
  spender(txid: string, vout: number): LedgerTransaction | undefined
}

/** The faucet's key: sha256("portico sandbox bitcoin faucet"). */
const faucetKey = createHash('sha256').update('portico sandbox bitcoin faucet').digest()
const faucetPayment = p2wpkh(secp256k1.getPublicKey(faucetKey, true), regtestNetwork)
/** Block 1's coinbase pays the faucet 1,000,000 BTC. */
const premineSats = 100_000_000_000_000n
/** Largest single faucet payment: 10,000 BTC. */
export const maxFaucetSats = 1_000_000_000_000n
/** The faucet pays this fee rate (sat/vB). */
const faucetFeeRate = 2n

const sha256d = (data: Uint8Array) => sha256(sha256(data))
const reverseHex = (bytes: Uint8Array) => bytesToHex(Uint8Array.from(bytes).reverse())
const outpoint = (txid: string, vout: number) => `${txid}:${vout}`

/**
 * An in-memory Bitcoin regtest ledger with real UTXOs: block 0 is regtest's genesis, block 1 pays
 * 1,000,000 BTC to a faucet key, and every later transaction is checked as bitcoind would before it
 * enters the mempool (decoding, missing or spent inputs, mempool conflicts, every input's signature
 * for P2WPKH and P2TR key path, dust (but for OP_RETURN outputs, which never enter the UTXO set),
 * value and the minimum relay fee). `mine()` confirms the
 * mempool in a new block. Fees leave the ledger (there are no block rewards after block 1).
 *
 * @returns the ledger
 * @example
 * const ledger = createBitcoinLedger()
 * const txid = await ledger.fund('bcrt1q…', 100_000n)
 */
export function createBitcoinLedger(): BitcoinLedger {
  const txs = new Map<string, LedgerTransaction>()
  const unspent = new Map<string, LedgerUtxo>()
  const spentBy = new Map<string, string>()
  const byScript = new Map<string, string[]>()
  const blocks: { height: number; hash: string; time: number }[] = [{ height: 0, hash: regtestGenesisHash, time: 1296688602 }]
  let mempool: string[] = []

  const touch = (script: Uint8Array, txid: string) => {
    const key = bytesToHex(script)
    const list = byScript.get(key) ?? []
    if (list[list.length - 1] !== txid) list.push(txid)
    byScript.set(key, list)
  }

  const record = (entry: LedgerTransaction) => {
    txs.set(entry.txid, entry)
    for (let i = 0; i < entry.tx.inputsLength && !entry.coinbase; i++) {
      const input = entry.tx.getInput(i)
      const key = outpoint(bytesToHex(input.txid as Uint8Array), input.index as number)
      unspent.delete(key)
      spentBy.set(key, entry.txid)
      touch((entry.prevouts[i] as Prevout).script, entry.txid)
    }
    for (let vout = 0; vout < entry.tx.outputsLength; vout++) {
      const output = entry.tx.getOutput(vout)
      const script = output.script as Uint8Array
      // An OP_RETURN output is provably unspendable: like bitcoind, the ledger keeps it out of the UTXO set.
      if (script[0] !== 0x6a) unspent.set(outpoint(entry.txid, vout), { txid: entry.txid, vout, value: output.amount as bigint, script })
      touch(script, entry.txid)
    }
  }

  const newBlock = (txids: string[]) => {
    const previous = blocks[blocks.length - 1] as (typeof blocks)[number]
    const height = previous.height + 1
    const time = Math.max(Math.floor(Date.now() / 1000), previous.time + 1)
    const hash = reverseHex(sha256d(new TextEncoder().encode(`${previous.hash}|${height}|${time}|${txids.join(',')}`)))
    const block = { height, hash, time }
    blocks.push(block)
    for (const txid of txids) (txs.get(txid) as LedgerTransaction).block = block
    return height
  }

  // Block 1: the coinbase that funds the faucet.
  const coinbaseRaw = RawTx.encode({
    version: 2,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: Uint8Array.of(1, 1, 0), sequence: 0xffffffff }],
    outputs: [{ amount: premineSats, script: faucetPayment.script }],
    witnesses: undefined,
    lockTime: 0,
  })
  const coinbaseTx = Transaction.fromRaw(coinbaseRaw, { allowUnknownInputs: true, disableScriptCheck: true })
  const coinbaseId = reverseHex(sha256d(coinbaseRaw))
  record({ txid: coinbaseId, raw: coinbaseRaw, tx: coinbaseTx, prevouts: [], coinbase: true, fee: 0n })
  newBlock([coinbaseId])

  const scriptOf = (address: string): Uint8Array => {
    try {
      return OutScript.encode(Address(regtestNetwork).decode(address))
    } catch {
      throw new BitcoinLedgerError(-5, `Invalid Bitcoin address: ${address.slice(0, 100)}`)
    }
  }

  const submit = (hex: string): string => {
    if (typeof hex !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(hex)) throw new BitcoinLedgerError(-22, 'TX decode failed')
    const raw = hexToBytes(hex.toLowerCase())
    let tx: Transaction
    try {
      tx = Transaction.fromRaw(raw, { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    } catch {
      throw new BitcoinLedgerError(-22, 'TX decode failed')
    }
    if (tx.inputsLength === 0) throw new BitcoinLedgerError(-26, 'bad-txns-vin-empty')
    if (tx.outputsLength === 0) throw new BitcoinLedgerError(-26, 'bad-txns-vout-empty')
    const txid = tx.id
    const known = txs.get(txid)
    if (known) throw known.block ? new BitcoinLedgerError(-27, 'Transaction already in block chain') : new BitcoinLedgerError(-26, 'txn-already-in-mempool')
    const seen = new Set<string>()
    const prevouts: Prevout[] = []
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i)
      const key = outpoint(bytesToHex(input.txid as Uint8Array), input.index as number)
      if (seen.has(key)) throw new BitcoinLedgerError(-26, 'bad-txns-inputs-duplicate')
      seen.add(key)
      const utxo = unspent.get(key)
      if (!utxo) {
        const spender = spentBy.get(key)
        if (spender && !txs.get(spender)?.block) throw new BitcoinLedgerError(-26, 'txn-mempool-conflict')
        throw new BitcoinLedgerError(-25, 'bad-txns-inputs-missingorspent')
      }
      prevouts.push({ script: utxo.script, value: utxo.value })
    }
    let outputSum = 0n
    for (let vout = 0; vout < tx.outputsLength; vout++) {
      const output = tx.getOutput(vout)
      const amount = output.amount as bigint
      const script = output.script as Uint8Array
      const isNullData = script[0] === 0x6a
      if (!isNullData && amount < dustLimitSats) throw new BitcoinLedgerError(-26, 'dust')
      outputSum += amount
    }
    const inputSum = prevouts.reduce((sum, p) => sum + p.value, 0n)
    if (inputSum < outputSum) throw new BitcoinLedgerError(-26, `bad-txns-in-belowout, value in (${inputSum}) < value out (${outputSum})`)
    const fee = inputSum - outputSum
    const minimumFee = BigInt(Math.ceil(tx.vsize * minRelayFeeRate))
    if (fee < minimumFee) throw new BitcoinLedgerError(-26, `min relay fee not met, ${fee} < ${minimumFee}`)
    for (let i = 0; i < tx.inputsLength; i++) verifyBitcoinInput(tx, i, prevouts)
    record({ txid, raw, tx, prevouts, coinbase: false, fee })
    mempool.push(txid)
    return txid
  }

  const mine = (): number => {
    const included = mempool
    mempool = []
    return newBlock(included)
  }

  // Faucet payments run one after another: each spends the previous one's change.
  let queue: Promise<unknown> = Promise.resolve()
  const fund = async (address: string, sats: bigint): Promise<string> => {
    const script = scriptOf(address)
    if (sats < dustLimitSats) throw new BitcoinLedgerError(-3, `Amount is below the dust limit (${dustLimitSats} sats)`)
    if (sats > maxFaucetSats) throw new BitcoinLedgerError(-3, `The faucet sends at most ${maxFaucetSats} sats at a time`)
    const run = async () => {
      const coins = [...unspent.values()].filter((u) => bytesToHex(u.script) === bytesToHex(faucetPayment.script)).sort((a, b) => (b.value > a.value ? 1 : -1))
      const coin = coins[0]
      const feeSats = 141n * faucetFeeRate
      if (!coin || coin.value < sats + feeSats + dustLimitSats) throw new BitcoinLedgerError(-6, 'The faucet is empty')
      const tx = new Transaction()
      tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script: coin.script, amount: coin.value } })
      tx.addOutput({ script, amount: sats })
      tx.addOutput({ script: faucetPayment.script, amount: coin.value - sats - feeSats })
      tx.sign(faucetKey)
      tx.finalize()
      const txid = submit(tx.hex)
      mine()
      return txid
    }
    const result = queue.then(run, run)
    queue = result.catch(() => undefined)
    return result
  }

  const status = (entry: LedgerTransaction): BitcoinTxStatus =>
    entry.block ? { confirmed: true, block_height: entry.block.height, block_hash: entry.block.hash, block_time: entry.block.time } : { confirmed: false }

  return {
    tipHeight: () => (blocks[blocks.length - 1] as (typeof blocks)[number]).height,
    tipHash: () => (blocks[blocks.length - 1] as (typeof blocks)[number]).hash,
    submit,
    hasMempool: () => mempool.length > 0,
    mine,
    fund,
    scriptOf,
    transaction: (txid) => txs.get(txid.toLowerCase()),
    status,
    utxos: (script) => {
      const key = bytesToHex(script)
      return [...unspent.values()].filter((u) => bytesToHex(u.script) === key)
    },
    history: (script) => {
      const list = (byScript.get(bytesToHex(script)) ?? []).map((txid) => txs.get(txid) as LedgerTransaction)
      const pending = list.filter((t) => !t.block).reverse()
      const confirmed = list.filter((t) => t.block).reverse()
      return [...pending, ...confirmed]
    },
    spender: (txid, vout) => {
      const spender = spentBy.get(outpoint(txid, vout))
      return spender ? txs.get(spender) : undefined
    },
  }
}
