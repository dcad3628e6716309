// The sandbox's Cosmos ledger driven by the ecosystem's own SDK, unchanged: @cosmjs/stargate's
// StargateClient and SigningStargateClient over CometBFT RPC, keys from @cosmjs/proto-signing and
// @cosmjs/amino. Fund, transfer, read balances; replayed, stale-sequence, tampered, forged,
// underpaid and malformed transactions are refused with the Cosmos SDK's codes.
import { randomBytes } from 'node:crypto'

import { Secp256k1Wallet } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet, DirectSecp256k1Wallet, encodePubkey } from '@cosmjs/proto-signing'
import { BroadcastTxError, GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devMnemonic } from '../../../sandbox/devnets/devAccounts.js'
import { payFromCosmosFaucet } from '../../../sandbox/cosmos/cosmosSandboxChainDefinition.js'
import { cosmosSandboxChainId, cosmosSandboxNativeDenom as denom, cosmosSandboxPrefix as prefix } from '../../../sandbox/cosmos/cosmosSandboxChain.js'
import { cosmosFaucetDerivationPath, cosmosFaucetFunding, devCosmosAddress, devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { type CosmosNode, startCosmosNode } from '../../../sandbox/cosmos/startCosmosNode.js'

let node: CosmosNode
let reader: StargateClient
const fresh = async () => {
  const wallet = await DirectSecp256k1Wallet.fromKey(new Uint8Array(randomBytes(32)), prefix)
  const [account] = await wallet.getAccounts()
  return { wallet, address: account!.address }
}
const signer = (wallet: DirectSecp256k1Wallet | Secp256k1Wallet) =>
  SigningStargateClient.connectWithSigner(node.url, wallet, { gasPrice: GasPrice.fromString(`0.025${denom}`), broadcastPollIntervalMs: 50 })
const send = (from: string, to: string, amount: string) => ({ typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: from, toAddress: to, amount: [{ denom, amount }] } })
const fee = { amount: [{ denom, amount: '5000' }], gas: '200000' }
const broadcastError = async (bytes: Uint8Array): Promise<BroadcastTxError> => {
  const error = await reader.broadcastTxSync(bytes).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(BroadcastTxError)
  return error as BroadcastTxError
}

beforeAll(async () => {
  node = await startCosmosNode({ chainId: cosmosSandboxChainId, prefix, nativeDenom: denom })
  node.ledger.genesis(devCosmosKey(cosmosFaucetDerivationPath).address, denom, cosmosFaucetFunding)
  reader = await StargateClient.connect(node.url)
})
afterAll(async () => {
  reader?.disconnect()
  await node?.stop()
})

describe('the Cosmos sandbox ledger under @cosmjs/stargate', () => {
  it("derives the dev address as cosmjs's HD wallet does (coin type 118 of the test mnemonic)", async () => {
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(devMnemonic, { prefix })
    expect((await wallet.getAccounts())[0]!.address).toBe(devCosmosAddress)
    expect(devCosmosKey().address).toBe(devCosmosAddress)
  })

  it('reports its chain id and height over CometBFT RPC; a fresh chain (no transaction yet) answers queries at its genesis block, height 1', async () => {
    expect(await reader.getChainId()).toBe(cosmosSandboxChainId)
    expect(await reader.getHeight()).toBeGreaterThanOrEqual(1)
    // CosmJS refuses a query answered at height 0 ("No query height returned"): a CometBFT chain starts at 1.
    const faucet = devCosmosKey(cosmosFaucetDerivationPath).address
    expect(await reader.getBalance(faucet, denom)).toEqual({ denom, amount: String(cosmosFaucetFunding) })
    expect(await reader.getAccount(faucet)).toMatchObject({ address: faucet, sequence: 0 })
  })

  it('funds an address from the faucet with a real signed MsgSend, readable by the SDK', async () => {
    const { address } = await fresh()
    expect(await reader.getAccount(address)).toBeNull()
    const { txid } = payFromCosmosFaucet(node, address, 3_000_000n)
    expect(await reader.getBalance(address, denom)).toEqual({ denom, amount: '3000000' })
    const tx = await reader.getTx(txid)
    expect(tx).toMatchObject({ code: 0, hash: txid })
    expect(await reader.getAccount(address)).toMatchObject({ address, accountNumber: expect.any(BigInt), sequence: 0 })
  })

  it('applies a direct-mode transfer with a simulated fee: sender pays amount + fee, receiver gets the amount', async () => {
    const alice = await fresh()
    const bob = await fresh()
    payFromCosmosFaucet(node, alice.address, 10_000_000n)
    const client = await signer(alice.wallet)
    const gas = await client.simulate(alice.address, [send(alice.address, bob.address, '1234567')], '')
    expect(gas).toBeGreaterThan(40_000)
    const result = await client.sendTokens(alice.address, bob.address, [{ denom, amount: '1234567' }], 'auto', 'hello')
    expect(result.code).toBe(0)
    expect(await reader.getTx(result.transactionHash)).toMatchObject({ code: 0, height: result.height })
    expect(await reader.getBalance(bob.address, denom)).toEqual({ denom, amount: '1234567' })
    const after = BigInt((await reader.getBalance(alice.address, denom)).amount)
    const feePaid = 10_000_000n - 1_234_567n - after
    expect(feePaid).toBeGreaterThan(0n)
    expect(feePaid).toBeGreaterThanOrEqual((BigInt(Math.round(gas * 1.4)) * 25n) / 1000n)
    expect((await reader.getAccount(alice.address))!.sequence).toBe(1)
    expect(await reader.getAllBalances(bob.address)).toEqual([{ denom, amount: '1234567' }])
    client.disconnect()
  })

  it('accepts legacy amino JSON signing (the fallback hardware wallets need)', async () => {
    const key = new Uint8Array(randomBytes(32))
    const amino = await Secp256k1Wallet.fromKey(key, prefix)
    const { address } = (await amino.getAccounts())[0]!
    const bob = await fresh()
    payFromCosmosFaucet(node, address, 2_000_000n)
    const client = await signer(amino)
    const result = await client.sendTokens(address, bob.address, [{ denom, amount: '1000' }], fee)
    expect(result.code).toBe(0)
    expect(await reader.getBalance(bob.address, denom)).toEqual({ denom, amount: '1000' })
    // A memo with &, < and >: CosmJS signs them escaped (\u0026, \u003c, \u003e), as the Cosmos SDK's sign bytes hold them.
    const escaped = await client.sendTokens(address, bob.address, [{ denom, amount: '2000' }], fee, 'pay <Bob> & co > 0')
    expect(escaped.code).toBe(0)
    expect(await reader.getTx(escaped.transactionHash)).toMatchObject({ code: 0 })
    expect(await reader.getBalance(bob.address, denom)).toEqual({ denom, amount: '3000' })
    client.disconnect()
  })

  it('refuses a replayed transaction and one signed with a stale sequence (code 32), changing nothing', async () => {
    const alice = await fresh()
    const bob = await fresh()
    payFromCosmosFaucet(node, alice.address, 5_000_000n)
    const client = await signer(alice.wallet)
    const accountNumber = (await reader.getAccount(alice.address))!.accountNumber
    const signed = TxRaw.encode(await client.sign(alice.address, [send(alice.address, bob.address, '100')], fee, '', { accountNumber, sequence: 0, chainId: cosmosSandboxChainId })).finish()
    expect(await reader.broadcastTxSync(signed)).toMatch(/^[0-9A-F]{64}$/)
    await expect(reader.broadcastTxSync(signed)).rejects.toThrow(/tx already exists in cache/)
    const stale = TxRaw.encode(await client.sign(alice.address, [send(alice.address, bob.address, '200')], fee, 'again', { accountNumber, sequence: 0, chainId: cosmosSandboxChainId })).finish()
    const error = await broadcastError(stale)
    expect(error.code).toBe(32)
    expect(error.log).toBe('account sequence mismatch, expected 1, got 0: incorrect account sequence')
    expect(await reader.getBalance(bob.address, denom)).toEqual({ denom, amount: '100' })
    client.disconnect()
  })

  it('refuses a transaction whose body was tampered with after signing (code 4, signature verification failed)', async () => {
    const alice = await fresh()
    const bob = await fresh()
    payFromCosmosFaucet(node, alice.address, 5_000_000n)
    const client = await signer(alice.wallet)
    const raw = await client.sign(alice.address, [send(alice.address, bob.address, '100')], fee, '')
    const body = TxBody.decode(raw.bodyBytes)
    body.messages[0]!.value = MsgSend.encode({ fromAddress: alice.address, toAddress: bob.address, amount: [{ denom, amount: '4000000' }] }).finish()
    const tampered = TxRaw.encode({ ...raw, bodyBytes: TxBody.encode(body).finish() }).finish()
    const error = await broadcastError(tampered)
    expect(error.code).toBe(4)
    expect(error.log).toMatch(/^signature verification failed; please verify account number \(\d+\) and chain-id \(portico-local-1\): unauthorized$/)
    expect(await reader.getBalance(bob.address, denom)).toEqual({ denom, amount: '0' })
    expect(await reader.getBalance(alice.address, denom)).toEqual({ denom, amount: '5000000' })
    client.disconnect()
  })

  it('refuses a transaction signed by the wrong key, with or without the owner public key (codes 8 and 4)', async () => {
    const victim = await fresh()
    const thief = await fresh()
    payFromCosmosFaucet(node, victim.address, 5_000_000n)
    payFromCosmosFaucet(node, thief.address, 5_000_000n)
    const thiefClient = await signer(thief.wallet)
    // The thief signs a send out of the victim's account with the thief's own key.
    const forged = await thiefClient.sign(thief.address, [send(victim.address, thief.address, '1000000')], fee, '', {
      accountNumber: (await reader.getAccount(victim.address))!.accountNumber,
      sequence: 0,
      chainId: cosmosSandboxChainId,
    })
    expect((await broadcastError(TxRaw.encode(forged).finish())).code).toBe(8)
    // Same, but claiming the victim's public key: the signature does not verify.
    const [victimAccount] = await victim.wallet.getAccounts()
    const authInfo = AuthInfo.decode(forged.authInfoBytes)
    authInfo.signerInfos[0]!.publicKey = encodePubkey({ type: 'tendermint/PubKeySecp256k1', value: Buffer.from(victimAccount!.pubkey).toString('base64') })
    const claimed = TxRaw.encode({ ...forged, authInfoBytes: AuthInfo.encode(authInfo).finish() }).finish()
    expect((await broadcastError(claimed)).code).toBe(4)
    expect(await reader.getBalance(victim.address, denom)).toEqual({ denom, amount: '5000000' })
    thiefClient.disconnect()
  })

  it('refuses an underpaid fee (code 13), an out-of-gas limit (11), garbage bytes (2) and an unfunded sender (9)', async () => {
    const alice = await fresh()
    const bob = await fresh()
    payFromCosmosFaucet(node, alice.address, 5_000_000n)
    const client = await signer(alice.wallet)
    const cheap = await client.sign(alice.address, [send(alice.address, bob.address, '1')], { amount: [{ denom, amount: '10' }], gas: '200000' }, '')
    const underpaid = await broadcastError(TxRaw.encode(cheap).finish())
    expect([underpaid.code, underpaid.log]).toEqual([13, `insufficient fees; got: 10${denom} required: 5000${denom}: insufficient fee`])
    const tight = await client.sign(alice.address, [send(alice.address, bob.address, '1')], { amount: [{ denom, amount: '100' }], gas: '1000' }, '')
    expect((await broadcastError(TxRaw.encode(tight).finish())).code).toBe(11)
    expect((await broadcastError(new Uint8Array([1, 2, 3, 250, 251]))).code).toBe(2)
    const nobody = await fresh()
    const nobodyClient = await signer(nobody.wallet)
    await expect(nobodyClient.sendTokens(nobody.address, bob.address, [{ denom, amount: '1' }], fee)).rejects.toThrow(/does not exist on chain/)
    const orphan = await nobodyClient.sign(nobody.address, [send(nobody.address, bob.address, '1')], fee, '', { accountNumber: 999n, sequence: 0, chainId: cosmosSandboxChainId })
    expect((await broadcastError(TxRaw.encode(orphan).finish())).code).toBe(9)
    expect((await reader.getAccount(alice.address))!.sequence).toBe(0)
    client.disconnect()
    nobodyClient.disconnect()
  })

  it('includes a send the balance does not cover as failed (code 5), charging only the fee', async () => {
    const alice = await fresh()
    const bob = await fresh()
    payFromCosmosFaucet(node, alice.address, 100_000n)
    const client = await signer(alice.wallet)
    const result = await client.sendTokens(alice.address, bob.address, [{ denom, amount: '99000' }], fee)
    expect(result.code).toBe(5)
    expect(result.rawLog).toMatch(/insufficient funds$/)
    expect(await reader.getBalance(alice.address, denom)).toEqual({ denom, amount: '95000' })
    expect((await reader.getAccount(alice.address))!.sequence).toBe(1)
    client.disconnect()
  })

  it('serves the REST gateway: accounts, balances with metadata, simulate, broadcast and tx search', async () => {
    const alice = await fresh()
    const bob = await fresh()
    payFromCosmosFaucet(node, alice.address, 5_000_000n)
    const get = async (path: string) => {
      const response = await fetch(`${node.url}${path}`)
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    expect((await get(`/cosmos/auth/v1beta1/accounts/${alice.address}`)).body).toMatchObject({ account: { '@type': '/cosmos.auth.v1beta1.BaseAccount', address: alice.address, sequence: '0', pub_key: null } })
    expect(await get(`/cosmos/auth/v1beta1/accounts/${bob.address}`)).toMatchObject({ status: 404, body: { code: 5 } })
    expect(await get('/cosmos/auth/v1beta1/accounts/cosmos1notanaddress')).toMatchObject({ status: 400, body: { code: 3 } })
    expect((await get(`/cosmos/bank/v1beta1/balances/${alice.address}`)).body).toMatchObject({ balances: [{ denom, amount: '5000000' }] })
    expect((await get(`/cosmos/bank/v1beta1/balances/${alice.address}/by_denom?denom=${denom}`)).body).toEqual({ balance: { denom, amount: '5000000' } })
    expect((await get(`/cosmos/bank/v1beta1/denoms_metadata/${denom}`)).body).toMatchObject({ metadata: { symbol: 'PTC', denom_units: [{ exponent: 0 }, { denom: 'ptc', exponent: 6 }] } })
    const client = await signer(alice.wallet)
    const signed = Buffer.from(TxRaw.encode(await client.sign(alice.address, [send(alice.address, bob.address, '700')], fee, 'rest')).finish()).toString('base64')
    const post = async (path: string, body: unknown) => (await fetch(`${node.url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, any>>
    expect((await post('/cosmos/tx/v1beta1/simulate', { tx_bytes: signed })).gas_info.gas_used).toMatch(/^\d+$/)
    const broadcast = await post('/cosmos/tx/v1beta1/txs', { tx_bytes: signed, mode: 'BROADCAST_MODE_SYNC' })
    expect(broadcast.tx_response).toMatchObject({ code: 0, txhash: expect.stringMatching(/^[0-9A-F]{64}$/) })
    expect((await post('/cosmos/tx/v1beta1/txs', { tx_bytes: signed, mode: 'BROADCAST_MODE_SYNC' })).tx_response).toMatchObject({ code: 19 })
    const hash = broadcast.tx_response.txhash as string
    expect((await get(`/cosmos/tx/v1beta1/txs/${hash}`)).body).toMatchObject({ tx_response: { code: 0, txhash: hash, tx: { body: { memo: 'rest', messages: [{ to_address: bob.address, amount: [{ denom, amount: '700' }] }] } } } })
    const search = await get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`transfer.recipient='${bob.address}'`)}`)
    expect(search.body).toMatchObject({ total: '1', tx_responses: [{ txhash: hash }] })
    client.disconnect()
  })
})
