// bip122 on a Ledger in Node: the plugin's WebHID path and the real @ledgerhq/hw-app-btc (the Bitcoin
// app's protocol since 2.1.0, with its client-command interpreter) against the emulated Bitcoin Test
// app (sandbox/ledgerDevice/ledgerBitcoinApp.ts), real keys, and the sandbox's regtest chain (its
// Esplora API, which checks every signature before it takes a transaction).
import Btc from '@ledgerhq/hw-app-btc'
import { AppClient } from '@ledgerhq/hw-app-btc/newops/appClient'
import { WalletPolicy, createKey } from '@ledgerhq/hw-app-btc/newops/policy'
import { HDKey } from '@scure/bip32'
import { schnorr } from '@noble/curves/secp256k1.js'
import { Transaction, p2tr, p2wpkh } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import bitcoinMessage from 'bitcoinjs-message'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Network } from '../../../kernel/kernel.js'
import { bitcoinAddress, bitcoinPublicKey } from '../../../plugins/ledger/bip122/bitcoinApp.js'
import { createBip122Channel } from '../../../plugins/ledger/bip122/createBip122Channel.js'
import { LedgerAppNotOpenError } from '../../../plugins/ledger/errors.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import { bitcoinSandboxCaipNetworkId, regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createLedgerDevice, type LedgerDevice as EmulatedLedger } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { ledgerBitcoinAccounts, ledgerBitcoinAddresses, ledgerBitcoinTaprootAddresses } from '../../../sandbox/ledgerDevice/ledgerBitcoinAccounts.js'
import { createLedgerDeviceKeys, parseLedgerPath } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'

const path = "m/84'/1'/1'/0/0"
const recipient = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'

let esplora: BitcoinEsplora
let regtest: Network
let emulated: EmulatedLedger
let device: LedgerDevice

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  regtest = { id: 'regtest', caipNetworkId: bitcoinSandboxCaipNetworkId, chainNamespace: 'bip122', name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, rpcUrls: { default: { http: [esplora.apiUrl] } } } as Network
})
afterAll(async () => {
  await esplora?.stop()
})
beforeEach(async () => {
  emulated = createLedgerDevice({ app: 'Bitcoin Test' })
  Object.defineProperty(globalThis, 'navigator', { value: { hid: createLedgerHid(emulated) }, configurable: true, writable: true })
  device = await loadLedgerDevice({ transport: 'auto' })
  await device.open({ prompt: true })
})
afterEach(async () => {
  await device.close()
})

const balanceOf = async (address: string) => {
  const info = (await (await fetch(`${esplora.apiUrl}/address/${address}`)).json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }
  return info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum
}

describe('bip122 × the emulated Bitcoin Test app (Node, @ledgerhq/hw-app-btc)', () => {
  it('the funded accounts are the BIP-84 keys of the device, and the app reads them in the network encoding', async () => {
    expect(ledgerBitcoinAccounts(5)).toEqual([...ledgerBitcoinAddresses])
    expect(await bitcoinAddress(device, path, regtest)).toBe(ledgerBitcoinAddresses[1])
    // The app itself writes the same key with the test networks' prefix, through GET_WALLET_ADDRESS and its client commands.
    const shown = await device.run({ app: 'Bitcoin Test' }, (transport) => new Btc({ transport: transport as never, currency: 'bitcoin_testnet' }).getWalletPublicKey("84'/1'/1'/0/0", { format: 'bech32' }))
    expect(shown.bitcoinAddress).toMatch(/^tb1q/)
    expect(shown.bitcoinAddress.slice(3, -6)).toBe(ledgerBitcoinAddresses[1]!.slice(5, -6))
  })

  it('signs a message that bitcoinjs-message verifies for the address', async () => {
    const address = await bitcoinAddress(device, path, regtest)
    const channel = createBip122Channel({ device, path, address, networks: () => [regtest] })
    const message = 'Sign in to portico.test\nNonce: 8f3a'
    const answer = (await channel.request({ method: 'signMessage', params: { account: address, address, message, protocol: 'bip322' }, chainId: regtest.caipNetworkId })) as { address: string; signature: string }
    expect(answer.address).toBe(address)
    expect(bitcoinMessage.verify(message, address, Buffer.from(base64.decode(answer.signature)), undefined, true)).toBe(true)
    expect(bitcoinMessage.verify('another message', address, Buffer.from(base64.decode(answer.signature)), undefined, true)).toBe(false)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Bitcoin Test', action: 'signMessage', path, screen: `Sign message · ${message}`, outcome: 'approved' })
  })

  it('sends a transfer signed with SIGN_PSBT that the regtest chain accepts', async () => {
    const address = await bitcoinAddress(device, path, regtest)
    await esplora.ledger.fund(address, 50_000_000n)
    const before = await balanceOf(recipient)
    const channel = createBip122Channel({ device, path, address, networks: () => [regtest] })
    const { txid } = (await channel.request({ method: 'sendTransfer', params: { account: address, recipientAddress: recipient, amount: '1234567' }, chainId: regtest.caipNetworkId })) as { txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    // Accepted by the chain (its every input's signature checked), then mined.
    const accepted = esplora.ledger.transaction(txid)
    expect(accepted).toBeDefined()
    esplora.ledger.mine()
    expect(esplora.ledger.status(accepted!)).toMatchObject({ confirmed: true })
    expect((await balanceOf(recipient)) - before).toBe(1_234_567)
    expect(emulated.activity().at(-1)).toMatchObject({ action: 'signPsbt', path, outcome: 'approved' })
    expect(emulated.activity().at(-1)?.screen).toContain('0.01234567 tBTC to tb1qquv9lg5g2r4jkr0ahun0ddfg5xntxjel')
  })

  it('signPsbt signs the account inputs of a PSBT and leaves it unfinalized', async () => {
    const address = await bitcoinAddress(device, path, regtest)
    const publicKey = await bitcoinPublicKey(device, path, 'Bitcoin Test')
    const fundTxid = await esplora.ledger.fund(address, 20_000n)
    const funded = esplora.ledger.transaction(fundTxid)!
    const vout = [...Array(funded.tx.outputsLength).keys()].find((i) => funded.tx.getOutput(i).amount === 20_000n)!
    const tx = new Transaction()
    tx.addInput({ txid: fundTxid, index: vout, witnessUtxo: { script: funded.tx.getOutput(vout).script!, amount: 20_000n } })
    tx.addOutputAddress(recipient, 19_000n, regtestNetwork)
    const channel = createBip122Channel({ device, path, address, networks: () => [regtest] })
    const answer = (await channel.request({ method: 'signPsbt', params: { account: address, psbt: base64.encode(tx.toPSBT()), signInputs: [{ address, index: 0 }] }, chainId: regtest.caipNetworkId })) as { psbt: string }
    const signed = Transaction.fromPSBT(base64.decode(answer.psbt))
    expect(signed.getInput(0).partialSig?.[0]?.[0]).toEqual(publicKey)
    signed.finalize()
    expect(esplora.ledger.submit(signed.hex)).toBe(signed.id)
  })

  it('a refusal on the device is a 4001; another app open is named', async () => {
    const address = await bitcoinAddress(device, path, regtest)
    const channel = createBip122Channel({ device, path, address, networks: () => [regtest] })
    emulated.setMode('reject')
    await expect(channel.request({ method: 'signMessage', params: { account: address, message: 'hello' }, chainId: regtest.caipNetworkId })).rejects.toMatchObject({ code: 4001, shortMessage: 'The request was rejected on your Ledger' })
    await esplora.ledger.fund(address, 1_000_000n)
    await expect(channel.request({ method: 'sendTransfer', params: { account: address, recipientAddress: recipient, amount: '5000' }, chainId: regtest.caipNetworkId })).rejects.toMatchObject({ code: 4001 })
    expect(emulated.activity().map((a) => a.outcome)).toEqual(['rejected', 'rejected'])
    emulated.setMode('approve')
    emulated.openApp('Ethereum')
    await expect(bitcoinAddress(device, path, regtest)).rejects.toBeInstanceOf(LedgerAppNotOpenError)
    await expect(channel.request({ method: 'signMessage', params: { account: 'bcrt1qother', message: 'hello' }, chainId: regtest.caipNetworkId })).rejects.toMatchObject({ code: 4100 })
  })
})

describe('bip122 × the emulated Bitcoin app, mainnet and taproot (Node, @ledgerhq/hw-app-btc)', () => {
  const taprootPath = "m/86'/1'/1'/0/0"
  const mainnet = { id: 'bitcoin', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', chainNamespace: 'bip122', name: 'Bitcoin', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } } as Network
  const btc = (transport: unknown, currency: string) => new Btc({ transport: transport as never, currency })

  it('the mainnet app ("Bitcoin") refuses the test networks\' coin type and serves its own, in mainnet encoding', async () => {
    emulated.openApp('Bitcoin')
    // Not a standard path of the mainnet build: SW_NOT_SUPPORTED (6A82) without display, as app-bitcoin-new's GET_EXTENDED_PUBKEY answers.
    await expect(device.run({ app: 'Bitcoin' }, (transport) => btc(transport, 'bitcoin').getWalletPublicKey("84'/1'/0'/0/0", { format: 'bech32' }))).rejects.toMatchObject({ statusCode: 0x6a82 })
    await expect(device.run({ app: 'Bitcoin' }, (transport) => btc(transport, 'bitcoin').getWalletPublicKey("86'/1'/0'/0/0", { format: 'bech32m' }))).rejects.toMatchObject({ statusCode: 0x6a82 })
    // What the plugin makes of it: the app named, the status word kept (the ConnectingLedger view shows the message).
    await expect(bitcoinPublicKey(device, "m/84'/1'/0'/0/0", 'Bitcoin')).rejects.toMatchObject({ name: 'LedgerPathRefusedError', shortMessage: 'The Bitcoin app on your Ledger does not allow this path', app: 'Bitcoin', statusCode: 0x6a82, cause: { statusCode: 0x6a82 } })
    // Its own coin type: the key of the seed at m/84'/0'/0'/0/0, the address in bc1 (GET_WALLET_ADDRESS of the default wpkh policy).
    const keys = createLedgerDeviceKeys()
    const own = secp256k1.getPublicKey(keys.evm(parseLedgerPath("m/84'/0'/0'/0/0")).privateKey, true)
    const shown = await device.run({ app: 'Bitcoin' }, (transport) => btc(transport, 'bitcoin').getWalletPublicKey("84'/0'/0'/0/0", { format: 'bech32' }))
    expect(shown.bitcoinAddress).toMatch(/^bc1q/)
    expect(await bitcoinAddress(device, "m/84'/0'/0'/0/0", mainnet)).toBe(shown.bitcoinAddress)
    expect(shown.bitcoinAddress).toBe(p2wpkh(own).address)
    const taprootKey = secp256k1.getPublicKey(keys.evm(parseLedgerPath("m/86'/0'/0'/0/0")).privateKey, true)
    expect(await bitcoinAddress(device, "m/86'/0'/0'/0/0", mainnet)).toBe(p2tr(taprootKey.slice(1)).address)
    expect(p2tr(taprootKey.slice(1)).address).toMatch(/^bc1p/)
    // The plugin asks the network's app: on mainnet with the Bitcoin Test app open, it names the Bitcoin app.
    emulated.openApp('Bitcoin Test')
    await expect(bitcoinAddress(device, "m/84'/0'/0'/0/0", mainnet)).rejects.toMatchObject({ app: 'Bitcoin' })
    // And the test build refuses mainnet's coin type the same way.
    await expect(bitcoinAddress(device, "m/84'/0'/0'/0/0", regtest)).rejects.toMatchObject({ statusCode: 0x6a82 })
  })

  it('each build refuses a default wallet policy of the other coin type, or of a purpose that is not the template\'s', async () => {
    const seed = createLedgerDeviceKeys().seed()
    const hardened = 0x8000_0000
    for (const [app, coin, versions] of [
      ['Bitcoin', 0, undefined],
      ['Bitcoin Test', 1, { private: 0x04358394, public: 0x043587cf }],
    ] as const) {
      emulated.openApp(app)
      await device.run({ app }, async (transport) => {
        const client = new AppClient(transport as never)
        const fingerprint = await client.getMasterFingerprint()
        const policy = (template: 'wpkh(@0/**)' | 'tr(@0/**)', purpose: number, coinType: number) => {
          const path = [purpose + hardened, coinType + hardened, hardened]
          const xpub = HDKey.fromMasterSeed(seed, versions).derive(`m/${purpose}'/${coinType}'/0'`).publicExtendedKey
          return new WalletPolicy(template, createKey(fingerprint, path, xpub))
        }
        // The build's own coin type: served, in its encoding.
        expect(await client.getWalletAddress(policy('wpkh(@0/**)', 84, coin), null, 0, 0, false)).toMatch(coin === 0 ? /^bc1q/ : /^tb1q/)
        expect(await client.getWalletAddress(policy('tr(@0/**)', 86, coin), null, 0, 0, false)).toMatch(coin === 0 ? /^bc1p/ : /^tb1p/)
        // The other build's coin type, and a template on another purpose's path: SW_INCORRECT_DATA (6A80).
        await expect(client.getWalletAddress(policy('wpkh(@0/**)', 84, 1 - coin), null, 0, 0, false)).rejects.toMatchObject({ statusCode: 0x6a80 })
        await expect(client.getWalletAddress(policy('tr(@0/**)', 84, coin), null, 0, 0, false)).rejects.toMatchObject({ statusCode: 0x6a80 })
      })
    }
  })

  it('reads a taproot (BIP-86) account: the p2tr address of the device key, as the app itself writes it', async () => {
    expect(ledgerBitcoinAccounts(5, undefined, { taproot: true })).toEqual([...ledgerBitcoinTaprootAddresses])
    expect(await bitcoinAddress(device, taprootPath, regtest)).toBe(ledgerBitcoinTaprootAddresses[1])
    const shown = await device.run({ app: 'Bitcoin Test' }, (transport) => btc(transport, 'bitcoin_testnet').getWalletPublicKey("86'/1'/1'/0/0", { format: 'bech32m' }))
    expect(shown.bitcoinAddress).toMatch(/^tb1p/)
    expect(shown.bitcoinAddress.slice(3, -6)).toBe(ledgerBitcoinTaprootAddresses[1]!.slice(5, -6))
  })

  it('sends from a taproot account: a BIP-340 signature over the BIP-341 digest, verified here and by the regtest chain', async () => {
    const address = await bitcoinAddress(device, taprootPath, regtest)
    await esplora.ledger.fund(address, 30_000_000n)
    const before = await balanceOf(recipient)
    const channel = createBip122Channel({ device, path: taprootPath, address, networks: () => [regtest] })
    const { txid } = (await channel.request({ method: 'sendTransfer', params: { account: address, recipientAddress: recipient, amount: '7654321' }, chainId: regtest.caipNetworkId })) as { txid: string }
    const accepted = esplora.ledger.transaction(txid)!
    expect(accepted).toBeDefined()
    // Each input: a key-path witness of one 64-byte Schnorr signature (SIGHASH_DEFAULT) that @noble/curves verifies
    // against the spent output's key over @scure/btc-signer's BIP-341 digest.
    const tx = accepted.tx
    const prevouts = await Promise.all(
      [...Array(tx.inputsLength).keys()].map(async (i) => {
        const input = tx.getInput(i)
        const funding = esplora.ledger.transaction(Buffer.from(input.txid!).toString('hex'))!
        return funding.tx.getOutput(input.index!)
      }),
    )
    for (let i = 0; i < tx.inputsLength; i++) {
      const witness = tx.getInput(i).finalScriptWitness!
      expect(witness).toHaveLength(1)
      expect(witness[0]).toHaveLength(64)
      const digest = tx.preimageWitnessV1(i, prevouts.map((o) => o.script!), 0, prevouts.map((o) => o.amount!))
      const outputKey = prevouts[i]!.script!.slice(2)
      expect(schnorr.verify(witness[0]!, digest, outputKey)).toBe(true)
      expect(schnorr.verify(witness[0]!, digest, schnorr.getPublicKey(new Uint8Array(32).fill(7)))).toBe(false)
    }
    esplora.ledger.mine()
    expect(esplora.ledger.status(accepted)).toMatchObject({ confirmed: true })
    expect((await balanceOf(recipient)) - before).toBe(7_654_321)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Bitcoin Test', action: 'signPsbt', path: taprootPath, outcome: 'approved' })
  })

  it('signPsbt puts a taproot input\'s key-path signature in the PSBT', async () => {
    const address = await bitcoinAddress(device, taprootPath, regtest)
    const fundTxid = await esplora.ledger.fund(address, 40_000n)
    const funded = esplora.ledger.transaction(fundTxid)!
    const vout = [...Array(funded.tx.outputsLength).keys()].find((i) => funded.tx.getOutput(i).amount === 40_000n)!
    const tx = new Transaction()
    tx.addInput({ txid: fundTxid, index: vout, witnessUtxo: { script: funded.tx.getOutput(vout).script!, amount: 40_000n } })
    tx.addOutputAddress(recipient, 39_000n, regtestNetwork)
    const channel = createBip122Channel({ device, path: taprootPath, address, networks: () => [regtest] })
    const answer = (await channel.request({ method: 'signPsbt', params: { account: address, psbt: base64.encode(tx.toPSBT()), signInputs: [{ address, index: 0 }] }, chainId: regtest.caipNetworkId })) as { psbt: string }
    const signed = Transaction.fromPSBT(base64.decode(answer.psbt))
    expect(signed.getInput(0).tapKeySig).toHaveLength(64)
    signed.finalize()
    expect(esplora.ledger.submit(signed.hex)).toBe(signed.id)
  })

  it('a taproot account refuses to sign a message (BIP-137 has no taproot form), and nothing reaches the device', async () => {
    const address = await bitcoinAddress(device, taprootPath, regtest)
    const channel = createBip122Channel({ device, path: taprootPath, address, networks: () => [regtest] })
    const before = emulated.activity().length
    await expect(channel.request({ method: 'signMessage', params: { account: address, message: 'hello' }, chainId: regtest.caipNetworkId })).rejects.toMatchObject({ code: 4200, shortMessage: expect.stringContaining('Connect the native segwit account') })
    expect(emulated.activity()).toHaveLength(before)
  })
})
