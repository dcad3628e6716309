// The plugin's device layer and channels against the sandbox's emulated Ledger (sandbox/ledgerDevice)
// behind a `navigator.hid` in Node: the plugin's own WebHID path (getDevices, requestDevice,
// TransportWebHID.open), the real @ledgerhq apps, real keys. What the Chromium e2e does not reach:
// Solana (off-chain message, a transfer), blind signing off on a transaction with data, a locked
// device, the wrong app and an unplugged device.
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { parseTransaction, recoverTransactionAddress, verifyMessage, type Hex, type TransactionSerialized } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LedgerAppNotOpenError, LedgerBlindSigningError, LedgerLockedError } from '../../../plugins/ledger/errors.js'
import { devnet, recordingPublicClient, solanaNet } from './helpers/channelFixtures.js'
import { createEip155Channel } from '../../../plugins/ledger/eip155/createEip155Channel.js'
import { ethAddress } from '../../../plugins/ledger/eip155/ethApp.js'
import { solanaAddress } from '../../../plugins/ledger/solana/solanaApp.js'
import { createSolanaChannel } from '../../../plugins/ledger/solana/createSolanaChannel.js'
import { offchainMessage } from '../../../plugins/ledger/solana/solanaWire.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import { createLedgerDevice, type LedgerDevice as EmulatedLedger } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerHid, type LedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { ledgerDeviceAddresses } from '../../../sandbox/ledgerDevice/ledgerDeviceAccounts.js'

const ethPath = "m/44'/60'/1'/0/0"
const solPath = "m/44'/501'/0'"

let emulated: EmulatedLedger
let hid: LedgerHid
let device: LedgerDevice
const { client: publicClient, sent } = recordingPublicClient({ nonce: 0, gas: 60_000n })

beforeEach(async () => {
  emulated = createLedgerDevice()
  hid = createLedgerHid(emulated)
  Object.defineProperty(globalThis, 'navigator', { value: { hid }, configurable: true, writable: true })
  sent.length = 0
  device = await loadLedgerDevice({ transport: 'auto' })
})
afterEach(async () => {
  await device.close()
})

describe('ledger plugin × emulated Nano S Plus (Node, real Ledger libraries)', () => {
  it('opens through the chooser, reads the app and the second Ledger Live address, signs a message', async () => {
    expect(await device.open({ prompt: true })).toBe(true)
    expect(await device.app()).toMatchObject({ name: 'Ethereum' })
    const address = await ethAddress(device, ethPath)
    expect(address).toBe(ledgerDeviceAddresses.eip155[1])
    const channel = createEip155Channel({ device, path: ethPath, address, networks: () => [devnet], publicClient: publicClient as never })
    const signature = (await channel.request({ method: 'personal_sign', params: ['0x68656c6c6f', address], chainId: 'eip155:31337' })) as Hex
    expect(await verifyMessage({ address: address as Hex, message: 'hello', signature })).toBe(true)
  })

  it('a transaction with calldata: signed with blind signing on; refused with its message when off', async () => {
    await device.open({ prompt: true })
    const address = await ethAddress(device, ethPath)
    const channel = createEip155Channel({ device, path: ethPath, address, networks: () => [devnet], publicClient: publicClient as never })
    const tx = [{ to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: `0xa9059cbb${'00'.repeat(12)}${'11'.repeat(20)}${'00'.repeat(31)}01` }]
    await channel.request({ method: 'eth_sendTransaction', params: tx, chainId: 'eip155:31337' })
    expect(await recoverTransactionAddress({ serializedTransaction: sent[0] as never })).toBe(address)
    expect(parseTransaction(sent[0] as TransactionSerialized)).toMatchObject({ type: 'eip1559', chainId: 31337, gas: 72_000n })
    emulated.setBlindSigning(false)
    const error = await channel.request({ method: 'eth_sendTransaction', params: tx, chainId: 'eip155:31337' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LedgerBlindSigningError)
    expect((error as LedgerBlindSigningError).shortMessage).toBe('Enable "Blind signing" in the Ethereum app\'s settings on your Ledger, then try again')
    expect(sent).toHaveLength(1)
  })

  it('a refusal on the device is a 4001; locked and wrong app are named', async () => {
    await device.open({ prompt: true })
    const address = await ethAddress(device, ethPath)
    const channel = createEip155Channel({ device, path: ethPath, address, networks: () => [devnet], publicClient: publicClient as never })
    emulated.setMode('reject')
    await expect(channel.request({ method: 'personal_sign', params: ['0x68656c6c6f', address], chainId: 'eip155:31337' })).rejects.toMatchObject({ code: 4001, shortMessage: 'The request was rejected on your Ledger' })
    emulated.setMode('approve')
    emulated.setLocked(true)
    await expect(ethAddress(device, ethPath)).rejects.toBeInstanceOf(LedgerLockedError)
    emulated.setLocked(false)
    emulated.openApp('dashboard')
    expect((await device.app()).name).not.toBe('Ethereum')
    const wrongApp = await ethAddress(device, ethPath).catch((e: unknown) => e)
    expect(wrongApp).toBeInstanceOf(LedgerAppNotOpenError)
    expect((wrongApp as LedgerAppNotOpenError).shortMessage).toBe('Open the Ethereum app on your Ledger')
  })

  it('Solana: the first Ledger Live address, an off-chain message and a transfer, each verified with ed25519', async () => {
    emulated.openApp('Solana')
    await device.open({ prompt: true })
    expect(await device.app()).toMatchObject({ name: 'Solana' })
    const address = await solanaAddress(device, solPath)
    expect(address).toBe(ledgerDeviceAddresses.solana[0])
    let sentTx: string | undefined
    const fetchFn: typeof fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; params: [string] }
      sentTx = body.params[0]
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: 'ok' }))
    }
    const channel = createSolanaChannel({ device, path: solPath, address, networks: () => [solanaNet], fetch: fetchFn })
    const text = new TextEncoder().encode('Hello from the Portico demo')
    const { signature } = (await channel.request({ method: 'solana_signMessage', params: { message: base58.encode(text), pubkey: address }, chainId: 'solana:local' })) as { signature: string }
    expect(ed25519.verify(base58.decode(signature), offchainMessage(text), base58.decode(address))).toBe(true)

    // A legacy system transfer of 1 SOL to another key: header, keys, blockhash, one instruction.
    const to = ed25519.getPublicKey(ed25519.utils.randomPrivateKey())
    const transfer = new Uint8Array(12)
    new DataView(transfer.buffer).setUint32(0, 2, true)
    new DataView(transfer.buffer).setBigUint64(4, 1_000_000_000n, true)
    const message = new Uint8Array([1, 0, 1, 3, ...base58.decode(address), ...to, ...new Uint8Array(32), ...new Uint8Array(32).fill(7), 1, 2, 2, 0, 1, transfer.length, ...transfer])
    const unsigned = new Uint8Array([1, ...new Uint8Array(64), ...message])
    const answer = (await channel.request({ method: 'solana_signAndSendTransaction', params: { transaction: base64.encode(unsigned) }, chainId: 'solana:local' })) as { signature: string }
    const signed = base64.decode(sentTx as string)
    expect(ed25519.verify(signed.subarray(1, 65), message, base58.decode(address))).toBe(true)
    expect(base58.decode(answer.signature)).toEqual(signed.subarray(1, 65))
  })
})
