// Sui on a Ledger, in Node: the plugin's device layer and sui channel against the sandbox's emulated
// Ledger (its Sui app speaking the block protocol) behind a `navigator.hid`, with the real
// @mysten/ledgerjs-hw-app-sui, and the sandbox's Sui node (in-memory ledger, JSON-RPC and GraphQL)
// as the chain. Signatures are checked with @mysten/sui's verifiers, not ours.
import { bcs } from '@mysten/sui/bcs'
import { SuiClient } from '@mysten/sui/client'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify'
import { base64 } from '@scure/base'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Network } from '../../../kernel/kernel.js'
import { ledgerChains } from '../../../plugins/ledger/chains/index.js'
import { LedgerAppNotOpenError, LedgerBlindSigningError } from '../../../plugins/ledger/errors.js'
import { createSuiChannel } from '../../../plugins/ledger/sui/createSuiChannel.js'
import { suiAddress } from '../../../plugins/ledger/sui/suiApp.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import { createLedgerDevice, type LedgerDevice as EmulatedLedger } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { ledgerDeviceAddresses } from '../../../sandbox/ledgerDevice/ledgerDeviceAccounts.js'
import { ledgerDeviceMnemonic } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { type SuiRpc, startSuiRpc } from '../../../sandbox/sui/startSuiRpc.js'
import { suiCoinType } from '../../../sandbox/sui/suiSandboxChain.js'

const path = (i: number) => `m/44'/784'/${i}'/0'/0'`
let sui: SuiRpc
let client: SuiClient
let emulated: EmulatedLedger
let device: LedgerDevice
const network = (url: string): Network => ({ id: 'localnet', caipNetworkId: 'sui:localnet', chainNamespace: 'sui', name: 'Sui Local', nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 }, rpcUrls: { default: { http: [url] } } })
const balanceOf = async (owner: string) => BigInt((await client.getBalance({ owner, coinType: suiCoinType })).totalBalance)

beforeAll(async () => {
  sui = await startSuiRpc()
  client = new SuiClient({ url: sui.rpcUrl })
  for (const address of ledgerDeviceAddresses.sui.slice(0, 2)) sui.ledger.mint(address, suiCoinType, 10_000_000_000n)
})
afterAll(() => sui?.stop())
beforeEach(async () => {
  emulated = createLedgerDevice({ app: 'Sui' })
  Object.defineProperty(globalThis, 'navigator', { value: { hid: createLedgerHid(emulated) }, configurable: true, writable: true })
  device = await loadLedgerDevice({ transport: 'auto' })
  await device.open({ prompt: true })
})
afterEach(async () => {
  await device.close()
})

/** A SUI transfer from `from`, gas left for the node to resolve (what a site's own signer may send). */
function transfer(from: string, to: string, mist: bigint): string {
  const tx = new Transaction()
  tx.setSender(from)
  const [coin] = tx.splitCoins(tx.gas, [mist])
  tx.transferObjects([coin!], to)
  return tx.serialize()
}
/** The same, resolved (gas price, payment, budget) by @mysten/sui's JSON-RPC client: TransactionData base64, as `portico/sui`'s send plans it. */
async function resolvedTransfer(from: string, to: string, mist: bigint): Promise<string> {
  return base64.encode(await Transaction.from(transfer(from, to, mist)).build({ client }))
}

describe('ledger plugin × emulated Sui app (Node, @mysten/ledgerjs-hw-app-sui)', () => {
  it('the Ledger Live addresses are those @mysten/sui derives from the same phrase, and the funded ones', async () => {
    expect(await device.app()).toMatchObject({ name: 'Sui' })
    for (const i of [0, 1, 4]) {
      const address = await suiAddress(device, path(i))
      expect(address).toBe(Ed25519Keypair.deriveKeypair(ledgerDeviceMnemonic, path(i)).toSuiAddress())
      expect(address).toBe(ledgerDeviceAddresses.sui[i])
      expect(ledgerChains.sui.isAddress(address)).toBe(true)
    }
    expect(ledgerChains.sui).toMatchObject({ app: 'Sui', hardenedOnly: true })
    expect(ledgerChains.sui.paths[0]?.template).toBe("m/44'/784'/{i}'/0'/0'")
  })

  it('a personal message signed on the device verifies with @mysten/sui for that account only', async () => {
    const address = ledgerDeviceAddresses.sui[1]
    const channel = createSuiChannel({ device, path: path(1), address, networks: () => [network(sui.rpcUrl)] })
    const text = 'Hello from the Portico demo'
    const { signature } = (await channel.request({ method: 'sui_signPersonalMessage', params: { message: text, address }, chainId: 'sui:localnet' })) as { signature: string }
    const key = await verifyPersonalMessageSignature(new TextEncoder().encode(text), signature, { address })
    expect(key.toSuiAddress()).toBe(address)
    await expect(verifyPersonalMessageSignature(new TextEncoder().encode(text), signature, { address: ledgerDeviceAddresses.sui[0] })).rejects.toThrow()
    await expect(verifyPersonalMessageSignature(new TextEncoder().encode(`${text}!`), signature)).rejects.toThrow()
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Sui', action: 'signPersonalMessage', path: path(1), screen: `Sign personal message · ${text}`, outcome: 'approved' })
  })

  it('a SUI transfer: signed (verifies as TransactionData), then signed and executed by the node (JSON-RPC and GraphQL); balances follow', async () => {
    const address = ledgerDeviceAddresses.sui[0]
    const to = new Ed25519Keypair().toSuiAddress()
    // JSON-RPC: the channel resolves gas through the node; GraphQL (@mysten/sui's GraphQL client resolves nothing): a resolved transaction, as the send view plans it.
    for (const [url, build] of [[sui.rpcUrl, async (a: string, t: string, m: bigint) => transfer(a, t, m)], [sui.graphqlUrl, resolvedTransfer]] as const) {
      const channel = createSuiChannel({ device, path: path(0), address, networks: () => [network(url)] })
      const signed = (await channel.request({ method: 'sui_signTransaction', params: { transaction: await build(address, to, 1n), address }, chainId: 'sui:localnet' })) as { signature: string; transactionBytes: string }
      const bytes = base64.decode(signed.transactionBytes)
      expect((await verifyTransactionSignature(bytes, signed.signature, { address })).toSuiAddress()).toBe(address)
      expect(bcs.TransactionData.parse(bytes).V1?.sender).toBe(address)
      const before = await balanceOf(to)
      const answer = (await channel.request({ method: 'sui_signAndExecuteTransaction', params: { transaction: await build(address, to, 250_000_000n), address }, chainId: 'sui:localnet' })) as { digest: string; bytes: string; signature: string }
      const record = await client.getTransactionBlock({ digest: answer.digest, options: { showEffects: true } })
      expect(record.effects?.status.status).toBe('success')
      expect(await balanceOf(to)).toBe(before + 250_000_000n)
      expect((await verifyTransactionSignature(base64.decode(answer.bytes), answer.signature, { address })).toSuiAddress()).toBe(address)
    }
    const screens = emulated.activity().filter((a) => a.action === 'signTransaction').map((a) => a.screen)
    expect(screens).toHaveLength(4)
    expect(screens[1]).toMatch(new RegExp(`^Transfer SUI · To ${to.slice(0, 6)}…${to.slice(-4)} · Amount 0\\.25 SUI · Max gas 0\\.\\d+ SUI$`))
  })

  it('Reject on the device is the rejection error (4001); blind signing off refuses an unknown transaction; the wrong app is named', async () => {
    const address = ledgerDeviceAddresses.sui[0]
    const channel = createSuiChannel({ device, path: path(0), address, networks: () => [network(sui.rpcUrl)] })
    emulated.setMode('reject')
    await expect(channel.request({ method: 'sui_signPersonalMessage', params: { message: 'no', address }, chainId: 'sui:localnet' })).rejects.toMatchObject({ code: 4001, shortMessage: 'The request was rejected on your Ledger' })
    const before = await balanceOf(address)
    await expect(channel.request({ method: 'sui_signAndExecuteTransaction', params: { transaction: transfer(address, address, 5n), address }, chainId: 'sui:localnet' })).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(address)).toBe(before)
    emulated.setMode('approve')
    // Two commands (a merge of the gas coin into itself is not a transfer the app shows): blind signing.
    const tx = new Transaction()
    tx.setSender(address)
    const [a, b] = tx.splitCoins(tx.gas, [1n, 2n])
    tx.transferObjects([a!, b!], address)
    emulated.setBlindSigning(false)
    const blind = await channel.request({ method: 'sui_signTransaction', params: { transaction: tx.serialize(), address }, chainId: 'sui:localnet' }).catch((e: unknown) => e)
    expect(blind).toBeInstanceOf(LedgerBlindSigningError)
    expect((blind as LedgerBlindSigningError).shortMessage).toBe('Enable "Blind signing" in the Sui app\'s settings on your Ledger, then try again')
    emulated.setBlindSigning(true)
    await expect(channel.request({ method: 'sui_signTransaction', params: { transaction: tx.serialize(), address }, chainId: 'sui:localnet' })).resolves.toMatchObject({ signature: expect.any(String) })
    await expect(channel.request({ method: 'sui_signPersonalMessage', params: { message: 'hi', address: ledgerDeviceAddresses.sui[1] }, chainId: 'sui:localnet' })).rejects.toMatchObject({ code: 4100 })
    emulated.openApp('Solana')
    const wrongApp = await suiAddress(device, path(0)).catch((e: unknown) => e)
    expect(wrongApp).toBeInstanceOf(LedgerAppNotOpenError)
    expect((wrongApp as LedgerAppNotOpenError).shortMessage).toBe('Open the Sui app on your Ledger')
  })
})
