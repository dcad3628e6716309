// The regtest ledger driven by the ecosystem's own SDK, not by Portico code: bitcoinjs-lib builds
// and signs PSBTs (keys from ecpair on @bitcoinerlab/secp256k1) from what the Esplora API answers.
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devBitcoinAddress, devBitcoinKey } from '../../../sandbox/bitcoin/devBitcoin.js'
import { type BitcoinEsplora, startBitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'

bitcoin.initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const network = bitcoin.networks.regtest

type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean } }

let chain: BitcoinEsplora
const get = async (path: string) => {
  const response = await fetch(`${chain.apiUrl}${path}`)
  return { status: response.status, text: await response.text() }
}
const getJson = async <T>(path: string): Promise<T> => JSON.parse((await get(path)).text) as T
const broadcast = async (hex: string) => {
  const response = await fetch(`${chain.apiUrl}/tx`, { method: 'POST', body: hex })
  return { status: response.status, text: await response.text() }
}
const balance = async (address: string) => {
  const { chain_stats: c, mempool_stats: m } = await getJson<{ chain_stats: Record<string, number>; mempool_stats: Record<string, number> }>(`/address/${address}`)
  return { confirmed: (c.funded_txo_sum ?? 0) - (c.spent_txo_sum ?? 0), pending: (m.funded_txo_sum ?? 0) - (m.spent_txo_sum ?? 0) }
}
const p2wpkhOf = (key: ECPairInterface) => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(key.publicKey), network })

/** A P2WPKH spend of `utxos` paying `to` `amount` sats, change back, 2 sat/vB, signed by `signer`. */
function buildSpend({ owner, signer, utxos, to, amount }: { owner: ECPairInterface; signer: ECPairInterface; utxos: Utxo[]; to: string; amount: number }): bitcoin.Transaction {
  const payment = p2wpkhOf(owner)
  const psbt = new bitcoin.Psbt({ network })
  let total = 0
  for (const utxo of utxos) {
    psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: payment.output!, value: BigInt(utxo.value) } })
    total += utxo.value
  }
  const fee = Math.ceil((11 + 68 * utxos.length + 31 * 2) * 2)
  psbt.addOutput({ address: to, value: BigInt(amount) })
  psbt.addOutput({ address: payment.address!, value: BigInt(total - amount - fee) })
  psbt.signAllInputs({ publicKey: Buffer.from(owner.publicKey), sign: (hash: Uint8Array) => signer.sign(hash) })
  psbt.finalizeAllInputs()
  return psbt.extractTransaction()
}

describe('the regtest Esplora API driven by bitcoinjs-lib', () => {
  const dev = ECPair.fromPrivateKey(Buffer.from(devBitcoinKey().privateKey), { network })
  const alice = ECPair.makeRandom({ network })
  const bob = ECPair.makeRandom({ network })

  beforeAll(async () => {
    chain = await startBitcoinEsplora({ blockIntervalMs: 0 })
  })
  afterAll(async () => {
    await chain?.stop()
  })

  it('the dev key is BIP-84 m/84\'/1\'/0\'/0/0 of the test mnemonic, as bitcoinjs encodes it', () => {
    expect(p2wpkhOf(dev).address).toBe(devBitcoinAddress)
  })

  it('funds an address through the faucet, confirmed, and reports it at every endpoint', async () => {
    const alicePay = p2wpkhOf(alice).address!
    const height = Number((await get('/blocks/tip/height')).text)
    const txid = await chain.ledger.fund(alicePay, 150_000n)
    expect(Number((await get('/blocks/tip/height')).text)).toBe(height + 1)
    expect(await getJson(`/tx/${txid}/status`)).toMatchObject({ confirmed: true, block_height: height + 1 })
    const hex = (await get(`/tx/${txid}/hex`)).text
    expect(bitcoin.Transaction.fromHex(hex).getId()).toBe(txid)
    const tx = await getJson<{ vout: { scriptpubkey_address: string; value: number }[]; fee: number }>(`/tx/${txid}`)
    expect(tx.vout[0]).toMatchObject({ scriptpubkey_address: alicePay, value: 150_000 })
    expect(tx.fee).toBeGreaterThan(0)
    expect(await balance(alicePay)).toEqual({ confirmed: 150_000, pending: 0 })
    expect(await getJson<Utxo[]>(`/address/${alicePay}/utxo`)).toEqual([{ txid, vout: 0, value: 150_000, status: expect.objectContaining({ confirmed: true }) }])
    expect((await getJson<{ txid: string }[]>(`/address/${alicePay}/txs`)).map((t) => t.txid)).toEqual([txid])
    expect(Object.keys(await getJson<Record<string, number>>('/fee-estimates'))).toContain('6')
  })

  it('accepts a PSBT-built transfer, charges its fee, and confirms it in the next block', async () => {
    const alicePay = p2wpkhOf(alice).address!
    const bobPay = p2wpkhOf(bob).address!
    const utxos = await getJson<Utxo[]>(`/address/${alicePay}/utxo`)
    const tx = buildSpend({ owner: alice, signer: alice, utxos, to: bobPay, amount: 50_000 })
    const sent = await broadcast(tx.toHex())
    expect(sent).toEqual({ status: 200, text: tx.getId() })
    expect(await getJson(`/tx/${tx.getId()}/status`)).toEqual({ confirmed: false })
    expect(await balance(bobPay)).toEqual({ confirmed: 0, pending: 50_000 })
    chain.ledger.mine()
    expect(await getJson(`/tx/${tx.getId()}/status`)).toMatchObject({ confirmed: true })
    const fee = (await getJson<{ fee: number }>(`/tx/${tx.getId()}`)).fee
    expect(fee).toBe(150_000 - 50_000 - Number(tx.outs[1]!.value))
    expect(fee).toBeGreaterThanOrEqual(tx.virtualSize())
    expect(await balance(bobPay)).toEqual({ confirmed: 50_000, pending: 0 })
    expect(await balance(alicePay)).toEqual({ confirmed: 150_000 - 50_000 - fee, pending: 0 })
  })

  it('the dev key (from the test mnemonic) spends what the dev address holds', async () => {
    await chain.ledger.fund(devBitcoinAddress, 1_000_000n)
    const utxos = await getJson<Utxo[]>(`/address/${devBitcoinAddress}/utxo`)
    const tx = buildSpend({ owner: dev, signer: dev, utxos, to: p2wpkhOf(bob).address!, amount: 10_000 })
    expect((await broadcast(tx.toHex())).status).toBe(200)
  })

  it('refuses a transaction signed by the wrong key, a tampered one, a replay and a double spend', async () => {
    const alicePay = p2wpkhOf(alice).address!
    const carol = p2wpkhOf(ECPair.makeRandom({ network })).address!
    await chain.ledger.fund(alicePay, 80_000n)
    const utxos = (await getJson<Utxo[]>(`/address/${alicePay}/utxo`)).filter((u) => u.value === 80_000)
    expect(utxos).toHaveLength(1)

    const forged = buildSpend({ owner: alice, signer: bob, utxos, to: carol, amount: 20_000 })
    expect(await broadcast(forged.toHex())).toEqual({
      status: 400,
      text: 'sendrawtransaction RPC error: {"code":-26,"message":"non-mandatory-script-verify-flag (Signature must be zero for failed CHECK(MULTI)SIG operation)"}',
    })

    const good = buildSpend({ owner: alice, signer: alice, utxos, to: carol, amount: 20_000 })
    const tampered = bitcoin.Transaction.fromHex(good.toHex())
    tampered.outs[0]!.value = 19_000n // the change output is untouched: only the signature can tell
    expect((await broadcast(tampered.toHex())).text).toContain('Signature must be zero for failed CHECK(MULTI)SIG operation')

    expect((await broadcast(good.toHex())).status).toBe(200)
    expect((await broadcast(good.toHex())).text).toContain('txn-already-in-mempool')
    const doubleSpend = buildSpend({ owner: alice, signer: alice, utxos, to: carol, amount: 25_000 })
    expect((await broadcast(doubleSpend.toHex())).text).toContain('"code":-26,"message":"txn-mempool-conflict"')
    chain.ledger.mine()
    expect((await broadcast(good.toHex())).text).toContain('"code":-27,"message":"Transaction already in block chain"')
    expect((await broadcast(doubleSpend.toHex())).text).toBe('sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}')
    expect(await balance(carol)).toEqual({ confirmed: 20_000, pending: 0 })
  })

  it('checks Taproot key-path signatures too', async () => {
    const internal = Buffer.from(alice.publicKey.subarray(1, 33))
    const tweaked = alice.tweak(bitcoin.crypto.taggedHash('TapTweak', internal))
    const payment = bitcoin.payments.p2tr({ internalPubkey: internal, network })
    await chain.ledger.fund(payment.address!, 60_000n)
    const [utxo] = await getJson<Utxo[]>(`/address/${payment.address}/utxo`)
    const spend = (signer: ECPairInterface) => {
      const psbt = new bitcoin.Psbt({ network })
      psbt.addInput({ hash: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: payment.output!, value: 60_000n }, tapInternalKey: internal })
      psbt.addOutput({ address: p2wpkhOf(bob).address!, value: 59_000n })
      psbt.signInput(0, signer)
      psbt.finalizeAllInputs()
      return psbt.extractTransaction().toHex()
    }
    const wrong = bob.tweak(bitcoin.crypto.taggedHash('TapTweak', Buffer.from(bob.publicKey.subarray(1, 33))))
    // bitcoinjs refuses to sign with a key that does not match the input, so forge by swapping the signature.
    const good = spend(tweaked)
    const forged = bitcoin.Transaction.fromHex(good)
    forged.ins[0]!.witness = [Buffer.from(wrong.signSchnorr(Buffer.alloc(32, 7)))]
    expect((await broadcast(forged.toHex())).text).toContain('mandatory-script-verify-flag-failed (Invalid Schnorr signature)')
    expect((await broadcast(good)).status).toBe(200)
  })

  it('answers bad requests like Esplora', async () => {
    expect(await get('/address/bc1qnotregtest')).toEqual({ status: 400, text: 'Invalid Bitcoin address' })
    expect(await get(`/address/${devBitcoinAddress.toUpperCase().slice(0, 10)}${devBitcoinAddress.slice(10)}`)).toMatchObject({ status: 400 })
    expect((await get(`/tx/${'0'.repeat(64)}`)).status).toBe(404)
    expect((await get('/tx/xyz')).status).toBe(400)
    expect(await broadcast('zz')).toEqual({ status: 400, text: 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}' })
  })
})
