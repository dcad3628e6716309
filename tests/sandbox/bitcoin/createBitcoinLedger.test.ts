// The ledger's own checks, driven with @scure/btc-signer transactions (the SDK-level proof is
// bitcoinjsAgainstEsplora.test.ts): each refusal carries bitcoind's reject reason and loses nothing.
import { createHash } from 'node:crypto'

import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { RawTx, Transaction, p2pkh, p2wpkh } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'

import { BitcoinLedgerError } from '../../../sandbox/bitcoin/BitcoinLedgerError.js'
import { bitcoinSandboxCaipNetworkId, regtestGenesisHash, regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { createBitcoinLedger } from '../../../sandbox/bitcoin/createBitcoinLedger.js'

const keyOf = (label: string) => new Uint8Array(createHash('sha256').update(label).digest())
const alice = keyOf('alice')
const bob = keyOf('bob')
const aliceWallet = p2wpkh(secp256k1.getPublicKey(alice, true), regtestNetwork)
const bobAddress = p2wpkh(secp256k1.getPublicKey(bob, true), regtestNetwork).address as string

async function funded(sats = 100_000n) {
  const ledger = createBitcoinLedger()
  const txid = await ledger.fund(aliceWallet.address as string, sats)
  return { ledger, coin: { txid, index: 0, witnessUtxo: { script: aliceWallet.script, amount: sats } } }
}

/** Alice's signed spend of `coin`, paying Bob `amount` (the rest is the fee). */
function payBob(coin: Awaited<ReturnType<typeof funded>>['coin'], amount: bigint): Transaction {
  const tx = new Transaction()
  tx.addInput(coin)
  tx.addOutputAddress(bobAddress, amount, regtestNetwork)
  tx.sign(alice)
  tx.finalize()
  return tx
}

/** Re-encodes a signed transaction after `change` edits its raw fields (amounts, witnesses). */
function mutate(hex: string, change: (raw: ReturnType<typeof RawTx.decode>) => void): string {
  const raw = RawTx.decode(hexToBytes(hex))
  change(raw)
  return bytesToHex(RawTx.encode(raw))
}

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(BitcoinLedgerError)
    return `${(error as BitcoinLedgerError).rpcCode} ${(error as BitcoinLedgerError).reason}`
  }
  throw new Error('expected a refusal')
}

describe('the regtest chain id', () => {
  it('is bip122: + the first 32 hex characters of the regtest genesis block hash (CAIP-4)', () => {
    // Regtest's genesis header: version 1, no parent, the genesis merkle root, time 1296688602, bits 0x207fffff, nonce 2.
    const header = hexToBytes(
      '01000000' + '00'.repeat(32) + '3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a' + 'dae5494d' + 'ffff7f20' + '02000000',
    )
    const hash = bytesToHex(sha256(sha256(header)).reverse())
    expect(hash).toBe(regtestGenesisHash)
    expect(bitcoinSandboxCaipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
  })
})

describe('createBitcoinLedger', () => {
  it('refuses value, dust and fee violations, and a wrong witness key, without touching the UTXO', async () => {
    const { ledger, coin } = await funded()
    const spend = (amount: bigint, key = alice, change?: bigint) => {
      const tx = new Transaction()
      tx.addInput(coin)
      tx.addOutputAddress(bobAddress, amount, regtestNetwork)
      if (change !== undefined) tx.addOutputAddress(aliceWallet.address as string, change, regtestNetwork)
      tx.sign(key)
      tx.finalize()
      return tx.hex
    }
    const overspend = mutate(spend(90_000n), (raw) => {
      raw.outputs[0]!.amount = 100_001n
    })
    expect(refusal(() => ledger.submit(overspend))).toBe('-26 bad-txns-in-belowout, value in (100000) < value out (100001)')
    expect(refusal(() => ledger.submit(spend(99_990n)))).toMatch(/^-26 min relay fee not met, 10 < 1\d\d$/)
    expect(refusal(() => ledger.submit(spend(50_000n, alice, 100n)))).toBe('-26 dust')
    // Bob's valid signature over Alice's coin: his key does not hash to Alice's program.
    expect(() => spend(50_000n, bob)).toThrow()
    const bobWitness = (() => {
      const other = new Transaction()
      other.addInput({ ...coin, witnessUtxo: { script: p2wpkh(secp256k1.getPublicKey(bob, true), regtestNetwork).script, amount: coin.witnessUtxo.amount } })
      other.addOutputAddress(bobAddress, 50_000n, regtestNetwork)
      other.sign(bob)
      other.finalize()
      return other.getInput(0).finalScriptWitness!
    })()
    const swapped = mutate(spend(50_000n), (raw) => {
      raw.witnesses = [bobWitness]
    })
    expect(refusal(() => ledger.submit(swapped))).toBe('-26 mandatory-script-verify-flag-failed (Witness program hash mismatch)')
    expect(ledger.utxos(aliceWallet.script)).toHaveLength(1)
    expect(ledger.submit(spend(50_000n))).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a high-S signature and an unknown sighash type', async () => {
    const { ledger, coin } = await funded()
    const tx = payBob(coin, 90_000n)
    const [signature, publicKey] = tx.getInput(0).finalScriptWitness as [Uint8Array, Uint8Array]
    const parsed = secp256k1.Signature.fromDER(signature.subarray(0, -1))
    const highS = new secp256k1.Signature(parsed.r, secp256k1.CURVE.n - parsed.s).toDERRawBytes()
    const withWitness = (witness: Uint8Array[]) =>
      mutate(tx.hex, (raw) => {
        raw.witnesses = [witness]
      })
    expect(refusal(() => ledger.submit(withWitness([Uint8Array.of(...highS, 1), publicKey])))).toBe('-26 non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)')
    expect(refusal(() => ledger.submit(withWitness([Uint8Array.of(...signature.subarray(0, -1), 0x42), publicKey])))).toBe('-26 non-mandatory-script-verify-flag (Signature hash type missing or not understood)')
    expect(refusal(() => ledger.submit(withWitness([publicKey])))).toBe('-26 mandatory-script-verify-flag-failed (Witness program hash mismatch)')
    expect(ledger.submit(tx.hex)).toBe(tx.id)
  })

  it('pays any regtest address type but refuses spends it cannot check', async () => {
    const ledger = createBitcoinLedger()
    const legacy = p2pkh(secp256k1.getPublicKey(alice, true), regtestNetwork)
    const txid = await ledger.fund(legacy.address as string, 10_000n)
    const tx = new Transaction()
    tx.addInput({ txid, index: 0, nonWitnessUtxo: ledger.transaction(txid)!.raw })
    tx.addOutputAddress(bobAddress, 9_000n, regtestNetwork)
    tx.sign(alice)
    tx.finalize()
    expect(refusal(() => ledger.submit(tx.hex))).toBe('-26 bad-txns-nonstandard-inputs')
    expect(() => ledger.scriptOf('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toThrow('Invalid Bitcoin address')
    await expect(ledger.fund(bobAddress, 293n)).rejects.toThrow(/dust limit/)
  })

  it('mines the mempool into a block and reports confirmations', async () => {
    const { ledger, coin } = await funded()
    const tx = payBob(coin, 90_000n)
    ledger.submit(tx.hex)
    const entry = ledger.transaction(tx.id)!
    expect(ledger.status(entry)).toEqual({ confirmed: false })
    expect(ledger.hasMempool()).toBe(true)
    const height = ledger.mine()
    expect(height).toBe(ledger.tipHeight())
    expect(ledger.status(entry)).toMatchObject({ confirmed: true, block_height: height, block_hash: ledger.tipHash() })
    expect(ledger.hasMempool()).toBe(false)
    expect(entry.fee).toBe(10_000n)
  })
})
