import { createHash } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { base64 } from '@scure/base'
import { Transaction as ScureTransaction } from '@scure/btc-signer'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bitcoinSandboxCaipNetworkId } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { devBitcoinAddress, devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../../sandbox/bitcoin/devBitcoin.js'
import { type BitcoinEsplora, startBitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createBitcoinDevWallet } from '../../../sandbox/bitcoinWallet/createBitcoinDevWallet.js'
import { startTestServer, type TestServer } from '../../server/helpers/startTestServer.js'
import { verifyBip322 } from './verifyBip322.js'

bitcoin.initEccLib(ecc)
const chain = bitcoinSandboxCaipNetworkId
const regtest = bitcoin.networks.regtest
let ledger: BitcoinEsplora
let server: TestServer

beforeAll(async () => {
  ledger = await startBitcoinEsplora({ blockIntervalMs: 0 })
  await ledger.ledger.fund(devBitcoinAddress, 500_000n)
  server = await startTestServer({
    projects: { p1: { allowedOrigins: ['http://127.0.0.1:9'] } },
    defaultProject: undefined,
    chains: [{ caipNetworkId: chain, name: 'Regtest', rpcUrl: ledger.apiUrl, nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } }],
  })
})
afterAll(async () => {
  await server?.dispose()
  await ledger?.stop()
})

const wallet = () => createBitcoinDevWallet({ paymentKey: devBitcoinKey(), ordinalsKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: `${server.url}/v1/esplora/p1/${chain}/api`, icon: 'data:image/svg+xml;base64,AA==' })

describe('the Bitcoin dev wallet (WBIP004 provider)', () => {
  it('answers getInfo and getAddresses: BIP-84 payment and BIP-86 ordinals addresses', async () => {
    const { provider } = wallet()
    expect((await provider.request('getInfo')).result).toMatchObject({ methods: ['getInfo', 'getAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] })
    const { result } = (await provider.request('getAddresses')) as { result: { addresses: { address: string; purpose: string; publicKey: string }[] } }
    const [pay, ord] = result.addresses
    expect(pay).toMatchObject({ address: devBitcoinAddress, purpose: 'payment', addressType: 'p2wpkh' })
    // The ordinals address from bitcoinjs-lib's own P2TR of the BIP-86 key.
    const internal = Buffer.from(devBitcoinKeyAt(devBitcoinOrdinalsPath).publicKey.subarray(1))
    expect(ord).toMatchObject({ address: bitcoin.payments.p2tr({ internalPubkey: internal, network: regtest }).address, purpose: 'ordinals', addressType: 'p2tr' })
    expect(ord?.address).toMatch(/^bcrt1p/)
  })

  it('sends a transfer through the server\'s Esplora proxy, and signs BIP-322 messages an independent check accepts', async () => {
    const { provider } = wallet()
    const receiver = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(createHash('sha256').update('dev wallet receiver').digest(), true) as Uint8Array), network: regtest }).address as string
    const { result } = (await provider.request('sendTransfer', { recipients: [{ address: receiver, amount: 120_000 }] })) as { result: { txid: string } }
    expect(result.txid).toMatch(/^[0-9a-f]{64}$/)
    ledger.ledger.mine()
    const balance = await server.getJson(`/v1/account/${receiver}/balance?chainId=${chain}&projectId=p1`)
    expect(balance.body.balances[0].quantity.numeric).toBe('0.0012')

    const signed = (await provider.request('signMessage', { address: devBitcoinAddress, message: 'Sign in to Portico' })) as { result: { signature: string } }
    expect(verifyBip322(devBitcoinAddress, 'Sign in to Portico', signed.result.signature)).toBe(true)
    expect(verifyBip322(devBitcoinAddress, 'Sign in to Portico!', signed.result.signature)).toBe(false)
    await expect(provider.request('signMessage', { address: receiver, message: 'x' })).rejects.toMatchObject({ error: { code: -32602 } })
  })

  it('signs and broadcasts a PSBT spending its ordinals (Taproot) coin', async () => {
    const { provider, control } = wallet()
    const fundTxid = await ledger.ledger.fund(control.ordinalsAddress, 50_000n)
    const psbt = new bitcoin.Psbt({ network: regtest })
    psbt.addInput({ hash: fundTxid, index: 0, witnessUtxo: { script: bitcoin.address.toOutputScript(control.ordinalsAddress, regtest), value: 50_000n } })
    psbt.addOutput({ address: devBitcoinAddress, value: 49_000n })
    const { result } = (await provider.request('signPsbt', { psbt: psbt.toBase64(), broadcast: true })) as { result: { psbt: string; txid: string } }
    expect(ledger.ledger.transaction(result.txid)).toBeDefined()
    expect(ScureTransaction.fromPSBT(base64.decode(result.psbt)).isFinal).toBe(true)
    await expect(provider.request('signPsbt', { psbt: 'not a psbt' })).rejects.toMatchObject({ error: { code: -32602 } })
  })

  it('answers 4001 to every request but getInfo while "Reject requests" is on, and refuses bad input', async () => {
    const { provider, control } = wallet()
    control.setMode('reject')
    await expect(provider.request('getAddresses')).rejects.toEqual({ jsonrpc: '2.0', id: expect.any(String), error: { code: 4001, message: 'User rejected the request.' } })
    await expect(provider.request('sendTransfer', { recipients: [{ address: devBitcoinAddress, amount: 1000 }] })).rejects.toMatchObject({ error: { code: 4001 } })
    expect(control.activity().map((a) => a.outcome)).toEqual(['rejected', 'rejected'])
    control.setMode('approve')
    await expect(provider.request('sendTransfer', { recipients: [{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 1000 }] })).rejects.toMatchObject({ error: { code: -32602 } })
    await expect(provider.request('sendTransfer', { recipients: [{ address: devBitcoinAddress, amount: 10 }] })).rejects.toMatchObject({ error: { code: -32602 } })
    await expect(provider.request('nope')).rejects.toMatchObject({ error: { code: -32601 } })
  })
})
