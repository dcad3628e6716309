// The Sui ledger driven by the ecosystem's own SDK, not by Portico code: @mysten/sui's SuiClient
// (its default JSON-RPC client) resolves gas price, budget (a dry run) and payment, the SDK's
// Ed25519Keypair signs, and the client executes and waits — unchanged, against the sandbox RPC.
import { bcs } from '@mysten/sui/bcs'
import { SuiClient } from '@mysten/sui/client'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Secp256k1Keypair } from '@mysten/sui/keypairs/secp256k1'
import { Transaction } from '@mysten/sui/transactions'
import { toBase64 } from '@mysten/sui/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type SuiRpc, startSuiRpc } from '../../../sandbox/sui/startSuiRpc.js'
import { suiCoinType, suiPorticoUsd } from '../../../sandbox/sui/suiSandboxChain.js'

let sui: SuiRpc
let client: SuiClient
const alice = Ed25519Keypair.deriveKeypair('test test test test test test test test test test test junk')
const mist = (sui: number) => BigInt(Math.round(sui * 1e9))
const balanceOf = async (owner: string, coinType = suiCoinType) => BigInt((await client.getBalance({ owner, coinType })).totalBalance)

beforeAll(async () => {
  sui = await startSuiRpc()
  client = new SuiClient({ url: sui.rpcUrl })
  sui.ledger.mint(alice.toSuiAddress(), suiCoinType, mist(10))
  sui.ledger.mint(alice.toSuiAddress(), suiPorticoUsd.coinType, 300_000_000n)
  sui.ledger.mint(alice.toSuiAddress(), suiPorticoUsd.coinType, 200_000_000n)
})
afterAll(() => sui?.stop())

/** A SUI transfer of `amount` MIST, built by the SDK against the ledger (gas resolved by the client). */
async function transferSui(signer: Ed25519Keypair | Secp256k1Keypair, to: string, amount: bigint) {
  const tx = new Transaction()
  tx.setSender(signer.toSuiAddress())
  const [coin] = tx.splitCoins(tx.gas, [amount])
  tx.transferObjects([coin!], to)
  return tx.build({ client })
}

describe('the Sui ledger driven by @mysten/sui', () => {
  it('builds (dry-run budget), signs, executes and waits for a SUI transfer; balances follow', async () => {
    const bob = new Ed25519Keypair().toSuiAddress()
    const before = await balanceOf(alice.toSuiAddress())
    const tx = new Transaction()
    const [coin] = tx.splitCoins(tx.gas, [mist(1.5)])
    tx.transferObjects([coin!], bob)
    const result = await client.signAndExecuteTransaction({ signer: alice, transaction: tx, options: { showEffects: true, showBalanceChanges: true } })
    expect(result.effects?.status.status).toBe('success')
    const done = await client.waitForTransaction({ digest: result.digest, options: { showEffects: true } })
    expect(done.digest).toBe(result.digest)
    expect(await balanceOf(bob)).toBe(mist(1.5))
    const gas = result.effects!.gasUsed
    const fee = BigInt(gas.computationCost) + BigInt(gas.storageCost) - BigInt(gas.storageRebate)
    expect(fee).toBeGreaterThan(0n)
    expect(await balanceOf(alice.toSuiAddress())).toBe(before - mist(1.5) - fee)
    expect(result.balanceChanges).toEqual(expect.arrayContaining([{ owner: { AddressOwner: bob }, coinType: suiCoinType, amount: String(mist(1.5)) }]))
    const coins = await client.getCoins({ owner: bob })
    expect(coins.data).toHaveLength(1)
    const object = await client.getObject({ id: coins.data[0]!.coinObjectId, options: { showOwner: true, showContent: true } })
    expect(object.data?.owner).toEqual({ AddressOwner: bob })
  })

  it('answers the raw input and raw effects (showRawInput, showRawEffects) that @mysten/sui parses, as wallets hand them back', async () => {
    const [carol, dave] = [new Ed25519Keypair().toSuiAddress(), new Ed25519Keypair().toSuiAddress()]
    const tx = new Transaction()
    tx.setSender(alice.toSuiAddress())
    const [first, second] = tx.splitCoins(tx.gas, [mist(0.3), mist(0.2)])
    tx.transferObjects([first!], carol)
    tx.transferObjects([second!], dave)
    const bytes = await tx.build({ client })
    const { signature } = await alice.signTransaction(bytes)
    const result = await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showRawInput: true, showRawEffects: true } })
    const effects = bcs.TransactionEffects.parse(Uint8Array.from(result.rawEffects!))
    expect(effects.V2).toMatchObject({ transactionDigest: result.digest, status: { $kind: 'Success' } })
    expect(effects.V2!.changedObjects.filter(([, change]) => change.idOperation.$kind === 'Created').map(([, change]) => change.outputState.ObjectWrite?.[1].AddressOwner).sort()).toEqual([carol, dave].sort())
    const [signed] = bcs.SenderSignedData.parse(Buffer.from(result.rawTransaction!, 'base64'))
    expect(signed!.txSignatures).toEqual([signature])
    expect(bcs.TransactionData.serialize(signed!.intentMessage.value).toBytes()).toEqual(bytes)
    const read = await client.getTransactionBlock({ digest: result.digest, options: { showRawEffects: true } })
    expect(read.rawEffects).toEqual(result.rawEffects)
    expect([await balanceOf(carol), await balanceOf(dave)]).toEqual([mist(0.3), mist(0.2)])
  })

  it('merges and splits a second coin type (pUSD) with MergeCoins, SplitCoins and TransferObjects', async () => {
    const carol = new Ed25519Keypair().toSuiAddress()
    const { data: coins } = await client.getCoins({ owner: alice.toSuiAddress(), coinType: suiPorticoUsd.coinType })
    expect(coins).toHaveLength(2)
    const tx = new Transaction()
    const [first, ...rest] = coins.map((c) => tx.object(c.coinObjectId))
    tx.mergeCoins(first!, rest)
    const [part] = tx.splitCoins(first!, [450_000_000n])
    tx.transferObjects([part!], carol)
    const result = await client.signAndExecuteTransaction({ signer: alice, transaction: tx, options: { showEffects: true } })
    expect(result.effects?.status.status).toBe('success')
    expect(await balanceOf(carol, suiPorticoUsd.coinType)).toBe(450_000_000n)
    expect(await balanceOf(alice.toSuiAddress(), suiPorticoUsd.coinType)).toBe(50_000_000n)
    expect((await client.getCoins({ owner: alice.toSuiAddress(), coinType: suiPorticoUsd.coinType })).data).toHaveLength(1)
  })

  it('runs a transaction signed with secp256k1 too', async () => {
    const dave = new Secp256k1Keypair()
    sui.ledger.mint(dave.toSuiAddress(), suiCoinType, mist(1))
    const bytes = await transferSui(dave, alice.toSuiAddress(), 1_000n)
    const { signature } = await dave.signTransaction(bytes)
    const result = await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showEffects: true } })
    expect(result.effects?.status.status).toBe('success')
  })

  it('refuses a transaction signed by another key, and one tampered after signing; nothing moves', async () => {
    const mallory = new Ed25519Keypair()
    const bob = new Ed25519Keypair().toSuiAddress()
    const bytes = await transferSui(alice, bob, mist(1))
    const before = await balanceOf(alice.toSuiAddress())
    const forged = await mallory.signTransaction(bytes)
    await expect(client.executeTransactionBlock({ transactionBlock: bytes, signature: forged.signature })).rejects.toThrow(/Invalid user signature: Required Signature from 0x[0-9a-f]{64} is absent/)
    const { signature } = await alice.signTransaction(bytes)
    const tampered = Uint8Array.from(bytes)
    tampered[tampered.length - 20]! ^= 1
    await expect(client.executeTransactionBlock({ transactionBlock: tampered, signature })).rejects.toThrow(/Invalid user signature/)
    expect(await balanceOf(alice.toSuiAddress())).toBe(before)
    expect(await balanceOf(bob)).toBe(0n)
  })

  it('refuses a replay and a transaction naming a stale object version', async () => {
    const bob = new Ed25519Keypair().toSuiAddress()
    const bytes = await transferSui(alice, bob, mist(0.25))
    const stale = await transferSui(alice, bob, mist(0.5)) // built against the same gas coin version
    const { signature } = await alice.signTransaction(bytes)
    await client.executeTransactionBlock({ transactionBlock: bytes, signature })
    expect(await balanceOf(bob)).toBe(mist(0.25))
    await expect(client.executeTransactionBlock({ transactionBlock: bytes, signature })).rejects.toThrow(/already executed/)
    const staleSignature = (await alice.signTransaction(stale)).signature
    await expect(client.executeTransactionBlock({ transactionBlock: stale, signature: staleSignature })).rejects.toThrow(/is not available for consumption, current version: 0x/)
    expect(await balanceOf(bob)).toBe(mist(0.25))
  })

  it('answers bad input with JSON-RPC errors and keeps running', async () => {
    const call = async (method: string, params: unknown[]) => (await fetch(sui.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()
    expect(await call('sui_executeTransactionBlock', ['%%%', []])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/base64/) } })
    expect(await call('sui_executeTransactionBlock', [toBase64(new Uint8Array([1, 2, 3])), []])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/not a BCS TransactionData/) } })
    expect(await call('suix_getBalance', ['bob'])).toMatchObject({ error: { code: -32602 } })
    expect(await call('sui_nope', [])).toMatchObject({ error: { code: -32601 } })
    expect(await call('sui_getTransactionBlock', ['11111111111111111111111111111111'])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/Could not find the referenced transaction/) } })
    expect(await client.getReferenceGasPrice()).toBe(1000n)
  })
})
