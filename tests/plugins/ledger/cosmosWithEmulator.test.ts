// The ledger plugin's cosmos code against the sandbox's emulated Ledger (its Cosmos app,
// sandbox/ledgerDevice/ledgerCosmosApp.ts) behind a `navigator.hid` in Node, with the real
// `@zondax/ledger-cosmos-js`: the addresses CosmJS derives from the same recovery phrase, an ADR-036
// message verified with CosmJS, a bank send as amino JSON signed on the device and accepted by the
// sandbox's verifying Cosmos ledger, refusals (on the device, a path the app refuses) as the library
// reports them.
import { randomBytes } from 'node:crypto'
import { Secp256k1HdWallet } from '@cosmjs/amino'
import { stringToPath } from '@cosmjs/crypto'
import { base64, bech32 } from '@scure/base'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { ConnectionChannel, Network } from '../../../kernel/kernel.js'
import type { CosmosAminoSignDoc, CosmosTransferSigner } from '../../../plugins/cosmos/actions/CosmosTransferSigner.js'
import { sendCosmosTransfer } from '../../../plugins/cosmos/actions/sendCosmosTransfer.js'
import { defineCosmosNetwork } from '../../../plugins/cosmos/networks/defineCosmosNetwork.js'
import { adr36SignDoc } from '../../../plugins/cosmos/utils/adr36SignDoc.js'
import { ledgerChains } from '../../../plugins/ledger/chains/index.js'
import { cosmosAccount, cosmosAddress, runCosmos } from '../../../plugins/ledger/cosmos/cosmosApp.js'
import { createCosmosChannel } from '../../../plugins/ledger/cosmos/createCosmosChannel.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import { cosmosSandboxChainId } from '../../../sandbox/cosmos/cosmosSandboxChain.js'
import { type CosmosNode, startCosmosNode } from '../../../sandbox/cosmos/startCosmosNode.js'
import { createLedgerDevice, type LedgerDevice as EmulatedLedger } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { ledgerCosmosAddresses, ledgerCosmosPath } from '../../../sandbox/ledgerDevice/ledgerCosmosAccounts.js'
import { ledgerDeviceMnemonic } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { verifyAdr36WithCosmjs } from '../../helpers/verifyAdr36WithCosmjs.js'

const denom = 'uptc'
let node: CosmosNode
let network: Network
let emulated: EmulatedLedger
let device: LedgerDevice
const address = ledgerCosmosAddresses[1]
const balanceOf = async (owner: string) =>
  BigInt(((await (await fetch(`${node.url}/cosmos/bank/v1beta1/balances/${owner}/by_denom?denom=${denom}`)).json()) as { balance: { amount: string } }).balance.amount)

/** The cosmos plugin's transfer signer over a channel, as its channelSigner sends the requests. */
function signerOver(channel: ConnectionChannel): CosmosTransferSigner {
  const chainId = network.caipNetworkId as never
  return {
    async account() {
      const [account] = (await channel.request({ method: 'cosmos_getAccounts', params: {}, chainId })) as { pubkey: string }[]
      return { publicKey: base64.decode(account!.pubkey), aminoOnly: channel.supports?.('cosmos_signDirect', chainId) === false }
    },
    async signAmino(doc: CosmosAminoSignDoc) {
      const answer = (await channel.request({ method: 'cosmos_signAmino', params: { signerAddress: address, signDoc: doc }, chainId })) as { signed: CosmosAminoSignDoc; signature: { signature: string } }
      return { signed: answer.signed, signature: base64.decode(answer.signature.signature) }
    },
  }
}

beforeAll(async () => {
  node = await startCosmosNode({ chainId: cosmosSandboxChainId, prefix: 'portico', nativeDenom: denom })
  node.ledger.genesis(address, denom, 50_000_000n)
  network = defineCosmosNetwork({ chainId: cosmosSandboxChainId, bech32Prefix: 'portico', denom, coinType: 118, gasPrice: 0.025, name: 'Local', restUrls: [node.url], nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 }, testnet: true })
})
afterAll(async () => {
  await node?.stop()
})
beforeEach(async () => {
  emulated = createLedgerDevice()
  Object.defineProperty(globalThis, 'navigator', { value: { hid: createLedgerHid(emulated) }, configurable: true, writable: true })
  device = await loadLedgerDevice({ transport: 'auto' })
  await device.open({ prompt: true })
  emulated.openApp('Cosmos')
})
afterEach(async () => {
  await device.close()
})

describe('ledger plugin × emulated Cosmos app (Node, @zondax/ledger-cosmos-js)', () => {
  it('reads the addresses and keys CosmJS derives from the same phrase, under the network\'s prefix', async () => {
    for (const i of [0, 1, 4]) {
      const [portico] = await (await Secp256k1HdWallet.fromMnemonic(ledgerDeviceMnemonic, { hdPaths: [stringToPath(ledgerCosmosPath(i))], prefix: 'portico' })).getAccounts()
      expect(ledgerCosmosAddresses[i]).toBe(portico!.address)
      expect(await cosmosAddress(device, ledgerCosmosPath(i), network)).toBe(portico!.address)
      const [hub] = await (await Secp256k1HdWallet.fromMnemonic(ledgerDeviceMnemonic, { hdPaths: [stringToPath(ledgerCosmosPath(i))], prefix: 'cosmos' })).getAccounts()
      expect(await cosmosAccount(device, ledgerCosmosPath(i), undefined)).toEqual({ address: hub!.address, publicKey: hub!.pubkey })
    }
    expect(ledgerChains.cosmos.isAddress(address)).toBe(true)
    expect(ledgerChains.cosmos.isAddress('0xa487fcefe94141E032dC61A2351eB642DE7B6a8e')).toBe(false)
  })

  it('signs an ADR-036 message (cosmos_signAmino of sign/MsgSignData) that CosmJS verifies for that account only', async () => {
    const channel = createCosmosChannel({ device, path: ledgerCosmosPath(1), address, networks: () => [network] })
    const answer = (await channel.request({ method: 'cosmos_signAmino', params: { signerAddress: address, signDoc: adr36SignDoc(address, 'Hello from Portico') }, chainId: network.caipNetworkId as never })) as { signature: unknown }
    const signature = JSON.stringify(answer.signature)
    expect(await verifyAdr36WithCosmjs('Hello from Portico', signature, address)).toBe(true)
    expect(await verifyAdr36WithCosmjs('Hello from Portico!', signature, address)).toBe(false)
    expect(await verifyAdr36WithCosmjs('Hello from Portico', signature, ledgerCosmosAddresses[2]!)).toBe(false)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Cosmos', action: 'signMessage', path: ledgerCosmosPath(1), screen: `Sign message · Hello from Portico · Signer ${address} · From ${address}`, outcome: 'approved' })
  })

  it('a bank send through the cosmos plugin\'s transfer: amino JSON signed on the device, accepted by the chain', async () => {
    const channel = createCosmosChannel({ device, path: ledgerCosmosPath(1), address, networks: () => [network] })
    expect(channel.supports?.('cosmos_signDirect', network.caipNetworkId as never)).toBe(false)
    const to = bech32.encode('portico', bech32.toWords(randomBytes(20)))
    const before = await balanceOf(address)
    const { hash, fee } = await sendCosmosTransfer({ network, from: address, to, amount: '0.25', signer: signerOver(channel) })
    expect(await balanceOf(to)).toBe(250_000n)
    expect(await balanceOf(address)).toBe(before - 250_000n - BigInt(fee.fee[0]!.amount))
    const tx = (await (await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${hash}`)).json()) as { tx: { auth_info: { signer_infos: { mode_info: { single: { mode: string } } }[] } } }
    expect(tx.tx.auth_info.signer_infos[0]!.mode_info.single.mode).toBe('SIGN_MODE_LEGACY_AMINO_JSON')
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Cosmos', action: 'signTransaction', screen: `Send 250000 uptc to ${to} · fee ${fee.fee[0]!.amount} uptc · gas ${fee.gasLimit} · chain ${cosmosSandboxChainId} · From ${address}`, outcome: 'approved' })
  })

  it('bad params reach no device: another signer, another chain id, direct signing', async () => {
    const channel = createCosmosChannel({ device, path: ledgerCosmosPath(1), address, networks: () => [network] })
    const chainId = network.caipNetworkId as never
    const doc = { chain_id: 'other-1', account_number: '0', sequence: '0', fee: { amount: [], gas: '1' }, msgs: [{ type: 'cosmos-sdk/MsgSend', value: {} }], memo: '' }
    await expect(channel.request({ method: 'cosmos_signAmino', params: { signerAddress: ledgerCosmosAddresses[2], signDoc: doc }, chainId })).rejects.toMatchObject({ code: -32602 })
    await expect(channel.request({ method: 'cosmos_signAmino', params: { signerAddress: address, signDoc: doc }, chainId })).rejects.toMatchObject({ code: -32602, shortMessage: `signDoc.chain_id must be ${cosmosSandboxChainId}` })
    await expect(channel.request({ method: 'cosmos_signAmino', params: { signerAddress: address, signDoc: adr36SignDoc(ledgerCosmosAddresses[2]!, 'x') }, chainId })).rejects.toMatchObject({ code: -32602 })
    await expect(channel.request({ method: 'cosmos_signDirect', params: {}, chainId })).rejects.toMatchObject({ code: 4200 })
    expect(emulated.activity()).toEqual([])
  })

  it('a refusal on the device is the library\'s 6986 and the rejection (4001); nothing is broadcast', async () => {
    emulated.setMode('reject')
    const refused = await runCosmos(device, (app) => app.showAddressAndPubKey(ledgerCosmosPath(1), 'portico')).catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 4001, shortMessage: 'The request was rejected on your Ledger', cause: { returnCode: 0x6986, errorMessage: 'Transaction rejected' } })
    const channel = createCosmosChannel({ device, path: ledgerCosmosPath(1), address, networks: () => [network] })
    const to = bech32.encode('portico', bech32.toWords(randomBytes(20)))
    await expect(sendCosmosTransfer({ network, from: address, to, amount: '0.1', signer: signerOver(channel) })).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(to)).toBe(0n)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Cosmos', action: 'signTransaction', outcome: 'rejected' })
  })

  it('a path the app refuses (outside expert mode, another coin type) is a LedgerPathRefusedError naming the app, with the library\'s error and its status word', async () => {
    await expect(cosmosAddress(device, "m/44'/118'/101'/0/0", network)).rejects.toMatchObject({ name: 'LedgerPathRefusedError', shortMessage: 'The Cosmos app on your Ledger does not allow this path', app: 'Cosmos', statusCode: 0x6989, cause: { returnCode: 0x6989, errorMessage: 'Invalid HD Path Value. Expert Mode required.' } })
    await expect(cosmosAddress(device, "m/44'/118'/0'/1'/0", network)).rejects.toMatchObject({ name: 'LedgerPathRefusedError', statusCode: 0x698b })
    await expect(cosmosAddress(device, "m/44'/60'/0'/0/0", network)).rejects.toMatchObject({ name: 'LedgerPathRefusedError', statusCode: 0x698b })
  })
})
