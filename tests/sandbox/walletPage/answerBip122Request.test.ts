// The /wallet page's answers to WalletConnect bip122 requests, by the WBIP004 dev wallet on a
// regtest ledger: the accounts, a BIP-322 signature that bitcoinjs-lib's verifier accepts, a
// transfer the ledger applies, a PSBT signed (with the sighash types asked) and broadcast; bad
// requests refused with the wallet's codes.
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { Address, OutScript, Script, SigHash, Transaction } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'

import { devBitcoinAddress, devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createBitcoinDevWallet } from '../../../sandbox/bitcoinWallet/createBitcoinDevWallet.js'
import { answerBip122Request } from '../../../sandbox/walletPage/answerBip122Request.js'
import { describeWalletRequest } from '../../../sandbox/walletPage/describeWalletRequest.js'
import { verifyBip322 } from '../bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
let wallet: ReturnType<typeof createBitcoinDevWallet>

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  await esplora.ledger.fund(devBitcoinAddress, 5_000_000n)
  wallet = createBitcoinDevWallet({ paymentKey: devBitcoinKey(), ordinalsKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: esplora.apiUrl, icon: '' })
})
afterAll(async () => esplora?.stop())

const account = devBitcoinAddress
const ask = (method: string, params: unknown) => answerBip122Request({ method, params, provider: wallet.provider, account })
const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!

describe('answerBip122Request', () => {
  it('getAccountAddresses lists the payment address first and the ordinals address', async () => {
    const addresses = (await ask('getAccountAddresses', { account })) as { address: string; intention: string; publicKey: string }[]
    expect(addresses.map((a) => [a.address, a.intention])).toEqual([
      [devBitcoinAddress, 'payment'],
      [wallet.control.ordinalsAddress, 'ordinal'],
    ])
  })

  it('signMessage answers a BIP-322 signature that verifies outside the project', async () => {
    const answer = (await ask('signMessage', { account, message: 'Hello from the Portico demo', protocol: 'bip322' })) as { address: string; signature: string }
    expect(answer.address).toBe(devBitcoinAddress)
    expect(verifyBip322(devBitcoinAddress, 'Hello from the Portico demo', answer.signature)).toBe(true)
    expect(verifyBip322(devBitcoinAddress, 'Hello from the Portico demo!', answer.signature)).toBe(false)
  })

  it('sendTransfer pays the recipient on the ledger', async () => {
    const to = fresh()
    const { txid } = (await ask('sendTransfer', { account, recipientAddress: to, amount: '25000' })) as { txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const utxos = (await (await fetch(`${esplora.apiUrl}/address/${to}/utxo`)).json()) as { txid: string; value: number }[]
    expect(utxos).toEqual([expect.objectContaining({ txid, value: 25_000 })])
  })

  it('signMessage signs ECDSA (BIP-137) when asked', async () => {
    const answer = (await ask('signMessage', { account, message: 'legacy', protocol: 'ecdsa' })) as { address: string; signature: string }
    expect(answer.address).toBe(devBitcoinAddress)
    expect(base64.decode(answer.signature)).toHaveLength(65)
    expect(wallet.control.activity().at(-1)).toEqual({ method: 'signMessage', outcome: 'approved' })
  })

  it('signPsbt signs the inputs asked with the sighash type asked (written into the PSBT) and broadcasts; the page describes the outputs, OP_RETURN as text', async () => {
    await esplora.ledger.fund(account, 70_000n)
    const utxos = ((await (await fetch(`${esplora.apiUrl}/address/${account}/utxo`)).json()) as { txid: string; vout: number; value: number }[]).sort((a, b) => b.value - a.value)
    const script = OutScript.encode(Address(regtestNetwork).decode(account))
    const tx = new Transaction({ allowUnknownOutputs: true })
    for (const u of utxos.slice(0, 2)) tx.addInput({ txid: u.txid, index: u.vout, witnessUtxo: { script, amount: BigInt(u.value) } })
    tx.addOutput({ script: Script.encode(['RETURN', new TextEncoder().encode('wallet page')]), amount: 0n })
    tx.addOutput({ script, amount: BigInt(utxos[0]!.value + utxos[1]!.value) - 1_000n })
    const params = { account, psbt: base64.encode(tx.toPSBT()), signInputs: [{ address: account, index: 0 }, { address: account, index: 1, sighashTypes: [SigHash.ALL_ANYONECANPAY] }], broadcast: true }
    expect(describeWalletRequest('signPsbt', params).find((row) => row.label === 'Outputs')?.value).toBe(`OP_RETURN wallet page; ${account}: ${BigInt(utxos[0]!.value + utxos[1]!.value) - 1_000n} sats`)
    const { psbt, txid } = (await ask('signPsbt', params)) as { psbt: string; txid: string }
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    expect(signed.id).toBe(txid)
    expect(signed.getInput(1).finalScriptWitness![0]!.at(-1)).toBe(SigHash.ALL_ANYONECANPAY)
    expect(esplora.ledger.transaction(txid)!.tx.inputsLength).toBe(2)
  })

  it("refuses another account, another method, bad amounts, an unknown message protocol, malformed PSBT inputs and sighash types, and passes the wallet's rejection on", async () => {
    await expect(answerBip122Request({ method: 'getAccountAddresses', params: { account: fresh() }, provider: wallet.provider, account })).rejects.toMatchObject({ code: 4100 })
    await expect(ask('getBalance', { account })).rejects.toMatchObject({ code: 4200 })
    await expect(ask('sendTransfer', null)).rejects.toMatchObject({ code: -32602 })
    for (const amount of ['-1', '1.5', 1000, '1e5', '']) await expect(ask('sendTransfer', { account, recipientAddress: fresh(), amount })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('sendTransfer', { account, recipientAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '1000' })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('signMessage', { account, message: 'hi', protocol: 'schnorr' })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('signPsbt', { account, psbt: 'cHNidP8=', signInputs: [{ address: account, index: -1 }] })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('signPsbt', { account, psbt: 'not a psbt', signInputs: [{ address: account, index: 0 }] })).rejects.toMatchObject({ code: -32602 })
    const [u] = (await (await fetch(`${esplora.apiUrl}/address/${account}/utxo`)).json()) as { txid: string; vout: number; value: number }[]
    const script = OutScript.encode(Address(regtestNetwork).decode(account))
    const tx = new Transaction()
    tx.addInput({ txid: u!.txid, index: u!.vout, witnessUtxo: { script, amount: BigInt(u!.value) }, sighashType: SigHash.NONE })
    tx.addOutput({ script, amount: BigInt(u!.value) - 500n })
    const psbt = base64.encode(tx.toPSBT())
    await expect(ask('signPsbt', { account, psbt, signInputs: [{ address: account, index: 1 }] })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('signPsbt', { account, psbt, signInputs: [{ address: account, index: 0, sighashTypes: [SigHash.ALL] }] })).rejects.toMatchObject({ code: -32602, message: 'Input 0 names sighash type 2, not one of its sighashTypes' })
    await expect(ask('signPsbt', { account, psbt, signInputs: [{ address: account, index: 0, sighashTypes: 'all' }] })).rejects.toMatchObject({ code: -32602 })
    wallet.control.setMode('reject')
    try {
      await expect(ask('signMessage', { account, message: 'hi' })).rejects.toMatchObject({ code: 4001 })
    } finally {
      wallet.control.setMode('approve')
    }
  })

  it('describes a transfer in BTC and sats, and a message as text', () => {
    expect(describeWalletRequest('sendTransfer', { account, recipientAddress: 'bcrt1qxyz', amount: '25000' })).toEqual([
      { label: 'Account', value: account },
      { label: 'To', value: 'bcrt1qxyz' },
      { label: 'Amount', value: '0.00025000 BTC (25000 sats)' },
    ])
    expect(describeWalletRequest('signMessage', { account, message: 'Hello' })[1]).toEqual({ label: 'Message', value: 'Hello' })
    expect(describeWalletRequest('sendTransfer', 'hostile')).toEqual([
      { label: 'Account', value: '' },
      { label: 'To', value: '' },
      { label: 'Amount', value: '' },
    ])
  })
})
