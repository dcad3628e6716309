import { bytesToHex } from '@noble/hashes/utils.js'
import { Address, OutScript } from '@scure/btc-signer'

import { regtestNetwork } from './bitcoinSandboxChain.js'
import type { BitcoinLedger, LedgerTransaction } from './createBitcoinLedger.js'

const scriptTypes: Record<string, string> = { pkh: 'p2pkh', sh: 'p2sh', wpkh: 'v0_p2wpkh', wsh: 'v0_p2wsh', tr: 'v1_p2tr' }

function describeScript(script: Uint8Array): { scriptpubkey: string; scriptpubkey_type: string; scriptpubkey_address?: string } {
  const out: { scriptpubkey: string; scriptpubkey_type: string; scriptpubkey_address?: string } = { scriptpubkey: bytesToHex(script), scriptpubkey_type: 'unknown' }
  if (script[0] === 0x6a) return { ...out, scriptpubkey_type: 'op_return' }
  try {
    const decoded = OutScript.decode(script)
    out.scriptpubkey_type = scriptTypes[decoded.type] ?? decoded.type
    out.scriptpubkey_address = Address(regtestNetwork).encode(decoded)
  } catch {
    // Not an address type: left as `unknown`, without an address.
  }
  return out
}

/**
 * A transaction in Esplora's JSON shape (`GET /api/tx/:txid`): `txid`, `version`, `locktime`,
 * `vin` (with `prevout`, `witness`, `is_coinbase`), `vout`, `size`, `weight`, `fee`, `status`.
 * The `*_asm` fields of full Esplora are left out.
 *
 * @param ledger the ledger (for the status)
 * @param entry the transaction
 * @returns the JSON object
 * @example
 * reply.send(esploraTransaction(ledger, ledger.transaction(txid)!))
 */
export function esploraTransaction(ledger: BitcoinLedger, entry: LedgerTransaction) {
  const { tx } = entry
  const vin = []
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i)
    const prevout = entry.prevouts[i]
    vin.push({
      txid: bytesToHex(input.txid as Uint8Array),
      vout: input.index as number,
      prevout: prevout ? { ...describeScript(prevout.script), value: Number(prevout.value) } : null,
      scriptsig: bytesToHex(input.finalScriptSig ?? new Uint8Array()),
      witness: (input.finalScriptWitness ?? []).map((w) => bytesToHex(w)),
      is_coinbase: entry.coinbase,
      sequence: input.sequence as number,
    })
  }
  const vout = []
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i)
    vout.push({ ...describeScript(output.script as Uint8Array), value: Number(output.amount as bigint) })
  }
  return {
    txid: entry.txid,
    version: tx.version,
    locktime: tx.lockTime,
    vin,
    vout,
    size: entry.raw.length,
    weight: tx.weight,
    fee: Number(entry.fee),
    status: ledger.status(entry),
  }
}

/**
 * An address's summary in Esplora's shape (`GET /api/address/:address`): funded and spent output
 * counts and sums, split into confirmed (`chain_stats`) and mempool (`mempool_stats`).
 *
 * @param ledger the ledger
 * @param address the address as asked
 * @param script its output script
 * @returns the JSON object
 * @example
 * esploraAddress(ledger, 'bcrt1q…', ledger.scriptOf('bcrt1q…'))
 */
export function esploraAddress(ledger: BitcoinLedger, address: string, script: Uint8Array) {
  const zero = () => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 })
  const chain = zero()
  const mempool = zero()
  const key = bytesToHex(script)
  for (const entry of ledger.history(script)) {
    const stats = entry.block ? chain : mempool
    stats.tx_count++
    for (let i = 0; i < entry.tx.outputsLength; i++) {
      const output = entry.tx.getOutput(i)
      if (bytesToHex(output.script as Uint8Array) !== key) continue
      stats.funded_txo_count++
      stats.funded_txo_sum += Number(output.amount as bigint)
    }
    for (const prevout of entry.prevouts) {
      if (bytesToHex(prevout.script) !== key) continue
      stats.spent_txo_count++
      stats.spent_txo_sum += Number(prevout.value)
    }
  }
  return { address, chain_stats: chain, mempool_stats: mempool }
}
