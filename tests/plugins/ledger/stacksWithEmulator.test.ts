// The ledger plugin's stacks code against the sandbox's emulated Ledger (its Stacks app,
// sandbox/ledgerDevice/ledgerStacksApp.ts) behind a `navigator.hid` in Node, with the real
// `@zondax/ledger-stacks`: the address the Stacks ecosystem derives from the same recovery phrase, a
// message verified with `@stacks/encryption`, a transfer built with `@stacks/transactions`, signed on
// the device and accepted by the sandbox's verifying Stacks ledger, a refusal on the device.
import { bytesToHex } from '@noble/hashes/utils.js'
import { mnemonicToSeedSync } from '@scure/bip39'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { STACKS_TESTNET } from '@stacks/network'
import { deserializeTransaction, getAddressFromPublicKey, makeUnsignedSTXTokenTransfer, privateKeyToAddress, privateKeyToPublic, randomPrivateKey } from '@stacks/transactions'
import { HDKey } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { Network } from '../../../kernel/kernel.js'
import { ledgerChains } from '../../../plugins/ledger/chains/index.js'
import { createStacksChannel } from '../../../plugins/ledger/stacks/createStacksChannel.js'
import { stacksAccount, stacksAddress } from '../../../plugins/ledger/stacks/stacksApp.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import { stacksLocalnet } from '../../../plugins/stacks/networks/stacksLocalnet.js'
import { stacksMainnet } from '../../../plugins/stacks/networks/stacksMainnet.js'
import { createLedgerDevice, type LedgerDevice as EmulatedLedger } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { ledgerDeviceAddresses } from '../../../sandbox/ledgerDevice/ledgerDeviceAccounts.js'
import { ledgerDeviceMnemonic } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../../sandbox/stacks/startStacksNode.js'

const path = (i: number) => `m/44'/5757'/0'/0/${i}`
let node: StacksNode
let network: Network
let emulated: EmulatedLedger
let device: LedgerDevice
const ustxOf = async (address: string) => BigInt(((await (await fetch(`${node.url}/v2/accounts/${address}`)).json()) as { balance: string }).balance)

beforeAll(async () => {
  node = await startStacksNode({ chainId: stacksSandboxChainId, transactionVersion: stacksSandboxTransactionVersion, feeRate: stacksFeeRate, feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint] })
  node.ledger.genesis(ledgerDeviceAddresses.stacks[1], 10_000_000n)
  network = { ...stacksLocalnet, rpcUrls: { default: { http: [node.url] } } } as Network
})
afterAll(async () => {
  await node?.stop()
})
beforeEach(async () => {
  emulated = createLedgerDevice()
  Object.defineProperty(globalThis, 'navigator', { value: { hid: createLedgerHid(emulated) }, configurable: true, writable: true })
  device = await loadLedgerDevice({ transport: 'auto' })
  await device.open({ prompt: true })
  emulated.openApp('Stacks')
})
afterEach(async () => {
  await device.close()
})

describe('ledger plugin × emulated Stacks app (Node, @zondax/ledger-stacks)', () => {
  it('reads the addresses the Stacks wallets derive from the same phrase (ST… on a testnet, SP… on mainnet)', async () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(ledgerDeviceMnemonic))
    for (const i of [0, 1, 4]) {
      const key = `${bytesToHex(root.derive(path(i)).privateKey as Uint8Array)}01`
      expect(ledgerDeviceAddresses.stacks[i]).toBe(privateKeyToAddress(key, 'testnet'))
      expect(await stacksAddress(device, path(i), network)).toBe(privateKeyToAddress(key, 'testnet'))
      expect(await stacksAccount(device, path(i), stacksMainnet)).toEqual({ address: privateKeyToAddress(key, 'mainnet'), publicKey: privateKeyToPublic(key) })
    }
    expect(ledgerChains.stacks.isAddress(ledgerDeviceAddresses.stacks[0])).toBe(true)
    expect(ledgerChains.stacks.isAddress('0xa487fcefe94141E032dC61A2351eB642DE7B6a8e')).toBe(false)
  })

  it('signs a message the Stacks way, verified by @stacks/encryption for that key only', async () => {
    const address = ledgerDeviceAddresses.stacks[1]
    const channel = createStacksChannel({ device, path: path(1), address, networks: () => [network] })
    const { signature, publicKey } = (await channel.request({ method: 'stx_signMessage', params: { message: 'Hello from Portico', address }, chainId: network.caipNetworkId })) as { signature: string; publicKey: string }
    expect(verifyMessageSignatureRsv({ message: 'Hello from Portico', signature, publicKey })).toBe(true)
    expect(verifyMessageSignatureRsv({ message: 'Hello from Portico!', signature, publicKey })).toBe(false)
    expect(getAddressFromPublicKey(publicKey, 'testnet')).toBe(address)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Stacks', action: 'signMessage', screen: 'Sign message · Hello from Portico', outcome: 'approved' })
  })

  it('stx_transferStx: built with @stacks/transactions, signed on the device, accepted by the Stacks ledger', async () => {
    const address = ledgerDeviceAddresses.stacks[1]
    const to = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const channel = createStacksChannel({ device, path: path(1), address, networks: () => [network] })
    const { txid, transaction } = (await channel.request({ method: 'stx_transferStx', params: { sender: address, recipient: to, amount: '250000', fee: '900', memo: 'ledger' }, chainId: network.caipNetworkId })) as { txid: string; transaction: string }
    const tx = deserializeTransaction(transaction)
    expect(tx.txid()).toBe(txid)
    expect(tx.chainId).toBe(stacksSandboxChainId)
    expect(tx.auth.spendingCondition.fee).toBe(900n)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Stacks', action: 'signTransaction', screen: `Send 0.25 STX to ${to} · fee 0.0009 STX · nonce 0`, outcome: 'approved' })
    node.mine()
    expect(await ustxOf(to)).toBe(250_000n)
    expect(await ustxOf(address)).toBe(10_000_000n - 250_000n - 900n)
  })

  it('stx_signTransaction signs a transaction the site built for the account; another origin is refused before the device', async () => {
    const address = ledgerDeviceAddresses.stacks[1]
    const channel = createStacksChannel({ device, path: path(1), address, networks: () => [network] })
    const { publicKey } = await stacksAccount(device, path(1), network)
    const { nonce } = node.ledger.account(address)
    const unsigned = await makeUnsignedSTXTokenTransfer({ recipient: ledgerDeviceAddresses.stacks[2], amount: 1_000n, fee: 500n, nonce, publicKey, network: { ...STACKS_TESTNET, chainId: stacksSandboxChainId } })
    const { transaction } = (await channel.request({ method: 'stx_signTransaction', params: { transaction: unsigned.serialize() }, chainId: network.caipNetworkId })) as { transaction: string }
    expect(node.ledger.submit(Uint8Array.from(Buffer.from(transaction, 'hex'))).status).toBe('pending')
    const other = await makeUnsignedSTXTokenTransfer({ recipient: address, amount: 1_000n, fee: 500n, nonce: 0n, publicKey: privateKeyToPublic(randomPrivateKey()) as string, network: { ...STACKS_TESTNET, chainId: stacksSandboxChainId } })
    const before = emulated.activity().length
    await expect(channel.request({ method: 'stx_signTransaction', params: { transaction: other.serialize() }, chainId: network.caipNetworkId })).rejects.toMatchObject({ code: -32602 })
    expect(emulated.activity().length).toBe(before)
  })

  it('a refusal on the device is the rejection (4001); nothing is broadcast', async () => {
    const address = ledgerDeviceAddresses.stacks[1]
    const channel = createStacksChannel({ device, path: path(1), address, networks: () => [network] })
    emulated.setMode('reject')
    await expect(channel.request({ method: 'stx_signMessage', params: { message: 'no' }, chainId: network.caipNetworkId })).rejects.toMatchObject({ code: 4001, shortMessage: 'The request was rejected on your Ledger' })
    const pending = node.ledger.pendingCount()
    await expect(channel.request({ method: 'stx_transferStx', params: { recipient: ledgerDeviceAddresses.stacks[3], amount: '1000', fee: '900' }, chainId: network.caipNetworkId })).rejects.toMatchObject({ code: 4001 })
    expect(node.ledger.pendingCount()).toBe(pending)
  })
})
