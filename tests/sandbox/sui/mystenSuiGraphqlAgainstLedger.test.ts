// The Sui ledger's GraphQL RPC driven by the ecosystem's own SDK, not by Portico code: @mysten/sui's
// SuiGraphQLClient and its `core` API (the queries it sends to graphql.mainnet.sui.io) read
// balances, coins and the gas price, simulate, execute and read back a transaction whose gas the
// test sets from those reads; the SDK's Ed25519Keypair signs. Every query is validated against
// Sui's published schema (the one @mysten/sui ships), so a field the public service lacks fails.
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { normalizeStructTag } from '@mysten/sui/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type SuiRpc, startSuiRpc } from '../../../sandbox/sui/startSuiRpc.js'
import { suiCoinType, suiPorticoUsd } from '../../../sandbox/sui/suiSandboxChain.js'

let sui: SuiRpc
let client: SuiGraphQLClient
const alice = Ed25519Keypair.deriveKeypair('test test test test test test test test test test test junk')
const mist = (amount: number) => BigInt(Math.round(amount * 1e9))
const balanceOf = async (address: string, coinType = suiCoinType) => BigInt((await client.core.getBalance({ address, coinType })).balance.balance)

beforeAll(async () => {
  sui = await startSuiRpc()
  client = new SuiGraphQLClient({ url: sui.graphqlUrl, network: 'localnet' })
  sui.ledger.mint(alice.toSuiAddress(), suiCoinType, mist(10))
  sui.ledger.mint(alice.toSuiAddress(), suiPorticoUsd.coinType, 300_000_000n)
})
afterAll(() => sui?.stop())

/** A SUI transfer with its gas set from the client's reads: the gas price, the sender's SUI coins and a budget from a simulation. */
async function transferSui(signer: Ed25519Keypair, to: string, amount: bigint) {
  const owner = signer.toSuiAddress()
  const tx = new Transaction()
  tx.setSender(owner)
  const [coin] = tx.splitCoins(tx.gas, [amount])
  tx.transferObjects([coin!], to)
  const { referenceGasPrice } = await client.core.getReferenceGasPrice()
  const { objects } = await client.core.getCoins({ address: owner, coinType: suiCoinType })
  tx.setGasPrice(BigInt(referenceGasPrice))
  tx.setGasPayment(objects.map((o) => ({ objectId: o.id, version: o.version, digest: o.digest })))
  tx.setGasBudget(objects.reduce((sum, o) => sum + BigInt(o.balance), 0n))
  const { transaction: simulated } = await client.core.dryRunTransaction({ transaction: await tx.build() })
  expect(simulated.effects.status).toEqual({ success: true, error: null })
  const gas = simulated.effects.gasUsed
  tx.setGasBudget(BigInt(gas.computationCost) + BigInt(gas.storageCost) - BigInt(gas.storageRebate) + 1_000n * BigInt(referenceGasPrice))
  return tx.build()
}

describe('the Sui ledger GraphQL RPC driven by @mysten/sui', () => {
  it('answers the chain identifier, the gas price, balances and coins as the public service does', async () => {
    expect((await client.query({ query: '{ chainIdentifier }', variables: {} })).data).toEqual({ chainIdentifier: '70727463' })
    expect(await client.core.getReferenceGasPrice()).toEqual({ referenceGasPrice: '1000' })
    expect(await client.core.getBalance({ address: alice.toSuiAddress(), coinType: '0x2::sui::SUI' })).toEqual({ balance: { coinType: normalizeStructTag(suiCoinType), balance: String(mist(10)) } })
    const { balances } = await client.core.getAllBalances({ address: alice.toSuiAddress() })
    expect(balances).toEqual(expect.arrayContaining([{ coinType: normalizeStructTag(suiPorticoUsd.coinType), balance: '300000000' }]))
    const { objects } = await client.core.getCoins({ address: alice.toSuiAddress(), coinType: suiPorticoUsd.coinType })
    expect(objects).toHaveLength(1)
    expect(objects[0]).toMatchObject({ balance: '300000000', owner: { $kind: 'AddressOwner', AddressOwner: alice.toSuiAddress() }, type: `0x${'0'.repeat(63)}2::coin::Coin<${normalizeStructTag(suiPorticoUsd.coinType)}>` })
    const { objects: [read] } = await client.core.getObjects({ objectIds: [objects[0]!.id] })
    expect(read).toMatchObject({ id: objects[0]!.id, version: objects[0]!.version, digest: objects[0]!.digest })
    const metadata = await client.query({ query: 'query ($t: String!) { coinMetadata(coinType: $t) { decimals symbol name } }', variables: { t: suiPorticoUsd.coinType } })
    expect(metadata.data).toEqual({ coinMetadata: { decimals: 6, symbol: 'pUSD', name: 'Portico USD' } })
  })

  it('simulates, executes and reads back a SUI transfer; balances follow', async () => {
    const bob = new Ed25519Keypair().toSuiAddress()
    const before = await balanceOf(alice.toSuiAddress())
    const bytes = await transferSui(alice, bob, mist(1.5))
    const { signature } = await alice.signTransaction(bytes)
    const { transaction } = await client.core.executeTransaction({ transaction: bytes, signatures: [signature] })
    expect(transaction.effects.status.success).toBe(true)
    const { transaction: read } = await client.core.getTransaction({ digest: transaction.digest })
    expect(read.digest).toBe(transaction.digest)
    expect(read.signatures).toEqual([signature])
    expect(await balanceOf(bob)).toBe(mist(1.5))
    const gas = transaction.effects.gasUsed
    const fee = BigInt(gas.computationCost) + BigInt(gas.storageCost) - BigInt(gas.storageRebate)
    expect(fee).toBeGreaterThan(0n)
    expect(await balanceOf(alice.toSuiAddress())).toBe(before - mist(1.5) - fee)
    expect(transaction.effects.changedObjects.some((c) => c.idOperation === 'Created' && c.outputOwner?.$kind === 'AddressOwner' && c.outputOwner.AddressOwner === bob)).toBe(true)
  })

  it('refuses a forged signature, a tampered transaction and a replay with the reason in `errors`', async () => {
    const mallory = new Ed25519Keypair()
    const bytes = await transferSui(alice, mallory.toSuiAddress(), mist(0.1))
    const { signature: forged } = await mallory.signTransaction(bytes)
    await expect(client.core.executeTransaction({ transaction: bytes, signatures: [forged] })).rejects.toThrow(/Invalid user signature: Required Signature from/)
    const { signature } = await alice.signTransaction(bytes)
    const tampered = Uint8Array.from(bytes)
    tampered[tampered.length - 9]! ^= 1
    await expect(client.core.executeTransaction({ transaction: tampered, signatures: [signature] })).rejects.toThrow(/Invalid user signature|not a BCS TransactionData/)
    await client.core.executeTransaction({ transaction: bytes, signatures: [signature] })
    await expect(client.core.executeTransaction({ transaction: bytes, signatures: [signature] })).rejects.toThrow(/already executed/)
  })

  it('reports a failing transaction as simulated effects with the failure, and refuses queries outside Sui\u2019s schema', async () => {
    const tx = new Transaction()
    tx.setSender(alice.toSuiAddress())
    const [coin] = tx.splitCoins(tx.gas, [mist(1_000)])
    tx.transferObjects([coin!], alice.toSuiAddress())
    const { objects } = await client.core.getCoins({ address: alice.toSuiAddress(), coinType: suiCoinType })
    tx.setGasPrice(1_000n)
    tx.setGasPayment(objects.map((o) => ({ objectId: o.id, version: o.version, digest: o.digest })))
    tx.setGasBudget(10_000_000n)
    const { transaction } = await client.core.dryRunTransaction({ transaction: await tx.build() })
    expect(transaction.effects.status).toEqual({ success: false, error: 'InsufficientCoinBalance' })
    const answer = await client.query({ query: '{ address(address: "0x2") { suiBalance } }', variables: {} })
    expect(answer.errors?.[0]?.message).toMatch(/Cannot query field "suiBalance" on type "Address"/)
    const bad = await client.query({ query: 'query ($a: SuiAddress!) { address(address: $a) { address } }', variables: { a: 'not an address' } })
    expect(bad.errors?.[0]?.message).toMatch(/Invalid SuiAddress/)
  })
})
