// The regtest ledger's Esplora REST API driven over HTTP by @scure/btc-signer, as a wallet built on
// it would: fund, read UTXOs, spend, and the ledger refuses a double spend and a wrong-key signature.
import { randomBytes } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { Script, SigHash, Transaction, p2wpkh } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'

let esplora: BitcoinEsplora
beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
})
afterAll(async () => {
  await esplora?.stop()
})

const account = () => {
  const privateKey = randomBytes(32)
  return { privateKey, payment: p2wpkh(secp256k1.getPublicKey(privateKey, true), regtestNetwork) }
}
const get = async <T,>(path: string) => (await (await fetch(`${esplora.apiUrl}${path}`)).json()) as T
const post = async (hex: string) => {
  const response = await fetch(`${esplora.apiUrl}/tx`, { method: 'POST', body: hex })
  return { status: response.status, text: await response.text() }
}
const balanceOf = async (address: string) => {
  const info = await get<{ chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }>(`/address/${address}`)
  return info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum
}

function spend(owner: ReturnType<typeof account>, utxo: { txid: string; vout: number; value: number }, to: string, amount: bigint, signer = owner.privateKey) {
  const tx = new Transaction()
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: owner.payment.script, amount: BigInt(utxo.value) } })
  tx.addOutputAddress(to, amount, regtestNetwork)
  tx.addOutputAddress(owner.payment.address!, BigInt(utxo.value) - amount - 500n, regtestNetwork)
  return tx
}

describe('the Esplora API driven by @scure/btc-signer', () => {
  it('funds, spends, and refuses a double spend and a wrong-key signature', async () => {
    const alice = account()
    const bob = account()
    const carol = account()
    await esplora.ledger.fund(alice.payment.address!, 100_000n)
    expect(await balanceOf(alice.payment.address!)).toBe(100_000)
    const [utxo] = await get<{ txid: string; vout: number; value: number }[]>(`/address/${alice.payment.address}/utxo`)
    expect(utxo?.value).toBe(100_000)

    // A signature by a key that does not own the input: refused, nothing moves.
    const forged = spend(alice, utxo!, bob.payment.address!, 30_000n)
    forged.sign(alice.privateKey)
    forged.finalize()
    const wrongKey = spend(alice, utxo!, bob.payment.address!, 30_000n)
    expect(() => wrongKey.sign(bob.privateKey)).toThrow() // the signer itself knows bob owns nothing here
    // Bob's ECDSA signature over the right BIP-143 digest, presented with alice's key.
    const scriptCode = new Uint8Array([0x76, 0xa9, 0x14, ...alice.payment.script.subarray(2), 0x88, 0xac])
    const digest = wrongKey.preimageWitnessV0(0, scriptCode, SigHash.ALL, BigInt(utxo!.value))
    const bobSignature = new Uint8Array([...secp256k1.sign(digest, bob.privateKey, { prehash: false, lowS: true }).toDERRawBytes(), SigHash.ALL])
    const tampered = Transaction.fromRaw(forged.extract(), { allowUnknownOutputs: true })
    tampered.updateInput(0, { finalScriptWitness: [bobSignature, secp256k1.getPublicKey(alice.privateKey, true)] }, true)
    const refused = await post(tampered.hex)
    expect(refused.status).toBe(400)
    // bitcoind's NULLFAIL answer for a signature that does not verify
    expect(refused.text).toContain('Signature must be zero for failed CHECK(MULTI)SIG operation')
    expect(await balanceOf(bob.payment.address!)).toBe(0)

    // The real spend goes through and is confirmed in the next block.
    const sent = await post(forged.hex)
    expect(sent).toEqual({ status: 200, text: forged.id })
    esplora.ledger.mine()
    expect(await get<{ confirmed: boolean }>(`/tx/${forged.id}/status`)).toMatchObject({ confirmed: true })
    expect(await balanceOf(bob.payment.address!)).toBe(30_000)
    expect(await balanceOf(alice.payment.address!)).toBe(100_000 - 30_000 - 500)

    // The same UTXO spent again to someone else: refused.
    const double = spend(alice, utxo!, carol.payment.address!, 20_000n)
    double.sign(alice.privateKey)
    double.finalize()
    const again = await post(double.hex)
    expect(again.status).toBe(400)
    expect(again.text).toMatch(/bad-txns-inputs-missingorspent/)
    expect(await balanceOf(carol.payment.address!)).toBe(0)
  })

  it('accepts two inputs (one signed SIGHASH_ALL|ANYONECANPAY) and an OP_RETURN output; the OP_RETURN output is in no UTXO set and cannot be spent', async () => {
    const alice = account()
    const bob = account()
    await esplora.ledger.fund(alice.payment.address!, 40_000n)
    await esplora.ledger.fund(alice.payment.address!, 30_000n)
    const utxos = await get<{ txid: string; vout: number; value: number }[]>(`/address/${alice.payment.address}/utxo`)
    expect(utxos).toHaveLength(2)
    const memo = new TextEncoder().encode('portico op_return')
    const tx = new Transaction({ allowUnknownOutputs: true })
    for (const utxo of utxos) tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: alice.payment.script, amount: BigInt(utxo.value) } })
    tx.updateInput(1, { sighashType: SigHash.ALL_ANYONECANPAY })
    tx.addOutput({ script: Script.encode(['RETURN', memo]), amount: 0n })
    tx.addOutputAddress(bob.payment.address!, 69_000n, regtestNetwork)
    tx.signIdx(alice.privateKey, 0)
    tx.signIdx(alice.privateKey, 1, [SigHash.ALL_ANYONECANPAY])
    tx.finalize()
    expect(tx.getInput(1).finalScriptWitness![0]!.at(-1)).toBe(SigHash.ALL_ANYONECANPAY)
    expect(await post(tx.hex)).toEqual({ status: 200, text: tx.id })
    esplora.ledger.mine()
    const read = await get<{ vin: unknown[]; vout: { scriptpubkey: string; scriptpubkey_type: string; value: number }[]; status: { confirmed: boolean } }>(`/tx/${tx.id}`)
    expect(read.vin).toHaveLength(2)
    expect(read.vout[0]).toMatchObject({ scriptpubkey_type: 'op_return', value: 0, scriptpubkey: `6a11${Buffer.from(memo).toString('hex')}` })
    expect(read.status.confirmed).toBe(true)
    expect(await balanceOf(bob.payment.address!)).toBe(69_000)
    expect(await get<{ spent: boolean }>(`/tx/${tx.id}/outspend/0`)).toEqual({ spent: false })

    // Spending the OP_RETURN output: it was never unspent.
    const burn = new Transaction({ allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    burn.addOutputAddress(bob.payment.address!, 1_000n, regtestNetwork)
    burn.addInput({ txid: tx.id, index: 0, witnessUtxo: { script: Script.encode(['RETURN', memo]), amount: 0n }, finalScriptWitness: [new Uint8Array(1)] })
    const refused = await post(burn.hex)
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('bad-txns-inputs-missingorspent')
  })
})
