import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { keccak256, parseTransaction, recoverMessageAddress, recoverTransactionAddress, verifyTypedData, type Hex, type TransactionSerialized } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import { ProviderRpcError } from '../../../kernel/kernel.js'
import { LedgerBlindSigningError, LedgerDisconnectedError } from '../../../plugins/ledger/errors.js'
import { devnet, recordingPublicClient, solanaNet } from './helpers/channelFixtures.js'
import { createEip155Channel } from '../../../plugins/ledger/eip155/createEip155Channel.js'
import { createSolanaChannel } from '../../../plugins/ledger/solana/createSolanaChannel.js'
import { offchainMessage } from '../../../plugins/ledger/solana/solanaWire.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { ethAddress, FakeLedgerTransport, solanaAddress } from './helpers/fakeLedgerTransport.js'

const path = "m/44'/60'/1'/0/0"
const address = ethAddress(path)
const solPath = "m/44'/501'/1'"
const solAddress = solanaAddress(solPath)
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let transport: FakeLedgerTransport
let device: LedgerDevice
const { client: publicClient, sent } = recordingPublicClient({ nonce: 7, gas: 21_000n })

beforeEach(async () => {
  transport = new FakeLedgerTransport()
  sent.length = 0
  device = await loadLedgerDevice({ transport: 'auto', openTransport: async () => transport })
  await device.open({ prompt: true })
})

const eth = () => createEip155Channel({ device, path, address, networks: () => [devnet], publicClient: publicClient as never })
const ask = (method: string, params?: unknown) => eth().request({ method, params, chainId: 'eip155:31337' })

describe('ledger: the eip155 channel, encoded for the device', () => {
  it('answers accounts, chain id and switches without the device', async () => {
    expect(await ask('eth_accounts')).toEqual([address])
    expect(await ask('eth_chainId')).toBe('0x7a69')
    expect(await ask('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(transport.apdus).toEqual([])
    const channel = eth()
    expect(channel.chains?.()).toEqual(['eip155:31337'])
    expect(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_accounts', 'eth_chainId', 'wallet_switchEthereumChain'].every((m) => channel.supports?.(m, 'eip155:31337'))).toBe(true)
    expect(channel.supports?.('eth_sign', 'eip155:31337')).toBe(false)
    await expect(ask('eth_sign', [address, '0x00'])).rejects.toMatchObject({ code: 4200 })
  })

  it('personal_sign goes to E0 08 and answers a signature that recovers to the account', async () => {
    const signature = (await ask('personal_sign', ['0x68656c6c6f206c6564676572', address])) as Hex
    expect(await recoverMessageAddress({ message: 'hello ledger', signature })).toBe(address)
    expect(transport.signed).toEqual([{ ins: 'E008', payload: '0x68656c6c6f206c6564676572' }])
    // A long message is chunked by hw-app-eth; the signature still recovers.
    const long = `0x${'ab'.repeat(600)}` as Hex
    expect(await recoverMessageAddress({ message: { raw: long }, signature: (await ask('personal_sign', [long, address])) as Hex })).toBe(address)
  })

  it('eth_signTypedData_v4 hashes domain and message and signs them with E0 0C', async () => {
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Mail: [{ name: 'to', type: 'address' }, { name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { to, contents: 'Hello' },
    } as const
    const signature = (await ask('eth_signTypedData_v4', [address, JSON.stringify(typed)])) as Hex
    const { EIP712Domain: _d, ...types } = typed.types
    expect(await verifyTypedData({ address: address as Hex, domain: typed.domain, types, primaryType: 'Mail', message: typed.message, signature })).toBe(true)
    expect(transport.signed[0]?.ins).toBe('E00C')
  })

  it('eth_sendTransaction fills nonce, gas and fees, signs with E0 04 and broadcasts a transaction that recovers to the account', async () => {
    const hash = await ask('eth_sendTransaction', [{ from: address, to, value: '0x2386f26fc10000' }])
    expect(sent).toHaveLength(1)
    const raw = sent[0] as TransactionSerialized
    expect(hash).toBe(keccak256(raw))
    const tx = parseTransaction(raw)
    expect(tx).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 7, to: to.toLowerCase(), value: 10_000_000_000_000_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
    // A margin over the estimate.
    expect(tx.gas).toBe(25_200n)
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    // What the device signed is the unsigned serialisation of the same transaction.
    expect(transport.signed[0]?.ins).toBe('E004')
  })

  it('gives a transaction with calldata at least the EIP-7623 floor', async () => {
    const data = `0x${'ff'.repeat(400)}` as Hex
    await ask('eth_sendTransaction', [{ to, data }])
    const tx = parseTransaction(sent[0] as TransactionSerialized)
    expect(tx.gas).toBe(21_000n + 40n * 400n)
    expect(await recoverTransactionAddress({ serializedTransaction: sent[0] as never })).toBe(address)
  })

  it('bad transaction params fail -32602 with what is wrong, and the device is not asked', async () => {
    const bad: [unknown, RegExp][] = [
      [[], /expects \[transaction\]/],
      [['0x00'], /expects \[transaction\]/],
      [[{ to: 'not an address' }], /"to" must be an address/],
      [[{ from: to, to }], /"from" must be the Ledger account/],
      [[{ to, value: '12' }], /"value" must be a hex quantity/],
      [[{ to, data: '0xabc' }], /"data" must be hex/],
      [[{ to, chainId: '0x1' }], /for chain 1, the request for eip155:31337/],
      [[{ to, gasPrice: '0x1', maxFeePerGas: '0x2' }], /either gasPrice or maxFeePerGas/],
      [[{}], /needs "to" or "data"/],
    ]
    for (const [params, message] of bad) {
      const error = await ask('eth_sendTransaction', params).catch((e: unknown) => e)
      expect(error, JSON.stringify(params)).toBeInstanceOf(ProviderRpcError)
      expect((error as ProviderRpcError).code).toBe(-32602)
      expect((error as ProviderRpcError).shortMessage).toMatch(message)
    }
    await expect(ask('personal_sign', ['0x00', to])).rejects.toMatchObject({ code: -32602 })
    await expect(ask('eth_signTypedData_v4', [address, '{not json'])).rejects.toMatchObject({ code: -32602 })
    await expect(ask('wallet_switchEthereumChain', [{ chainId: 5 }])).rejects.toMatchObject({ code: -32602 })
    expect(transport.apdus).toEqual([])
    expect(sent).toEqual([])
  })

  it('a refusal on the device is a 4001; blind signing off on a transaction with data asks to enable it', async () => {
    transport.mode = 'reject'
    await expect(ask('personal_sign', ['0x68656c6c6f', address])).rejects.toMatchObject({ code: 4001, shortMessage: 'The request was rejected on your Ledger' })
    transport.mode = 'blindOff'
    const error = await ask('eth_sendTransaction', [{ to, data: `0x${'12'.repeat(68)}` }]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LedgerBlindSigningError)
    expect(sent).toEqual([])
  })

  it('a device unplugged mid-request fails it with LedgerDisconnectedError; the queue goes on', async () => {
    const never = new Promise<never>(() => undefined)
    let started: () => void = () => undefined
    const running = new Promise<void>((resolve) => (started = resolve))
    const stuck = device.run({ app: 'Ethereum' }, () => {
      started()
      return never
    })
    const after = device.run({ app: 'Ethereum' }, async () => 'next')
    await running
    expect(device.isOpen).toBe(true)
    transport.unplug()
    expect(device.isOpen).toBe(false)
    await expect(stuck).rejects.toBeInstanceOf(LedgerDisconnectedError)
    // The next exchange reopens the (still allowed) device without asking.
    expect(await after).toBe('next')
  })
})

describe('ledger: the solana channel, encoded for the device', () => {
  let rpcCalls: { method: string; params: unknown[] }[]
  const fetchFn: typeof fetch = async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }
    rpcCalls.push(body)
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: 'sig' }))
  }
  const sol = () => createSolanaChannel({ device, path: solPath, address: solAddress, networks: () => [solanaNet], fetch: fetchFn })
  beforeEach(() => {
    transport.app = 'Solana'
    rpcCalls = []
  })

  /** A legacy transaction with one signer (the Ledger account) and an empty instruction list. */
  const unsignedTx = () => {
    const message = new Uint8Array([1, 0, 0, 1, ...base58.decode(solAddress), ...new Uint8Array(32).fill(9), 0])
    return new Uint8Array([1, ...new Uint8Array(64), ...message])
  }

  it('solana_signMessage signs the off-chain message (E0 07); the signature verifies over it', async () => {
    const text = new TextEncoder().encode('hello solana')
    const answer = (await sol().request({ method: 'solana_signMessage', params: { message: base58.encode(text), pubkey: solAddress }, chainId: 'solana:local' })) as { signature: string }
    const expected = offchainMessage(text)
    expect(ed25519.verify(base58.decode(answer.signature), expected, base58.decode(solAddress))).toBe(true)
    expect(transport.signed[0]).toMatchObject({ ins: 'E007' })
    // The header: signing domain, version 0, format 0 (ASCII), length 12 little-endian.
    expect([...expected.subarray(0, 20)]).toEqual([0xff, ...new TextEncoder().encode('solana offchain'), 0, 0, 12, 0])
  })

  it('solana_signTransaction puts the signature in the account slot; signAndSend sends it to the network RPC', async () => {
    const unsigned = unsignedTx()
    const signed = base64.decode(((await sol().request({ method: 'solana_signTransaction', params: { transaction: base64.encode(unsigned) }, chainId: 'solana:local' })) as { transaction: string }).transaction)
    expect(ed25519.verify(signed.subarray(1, 65), unsigned.subarray(65), base58.decode(solAddress))).toBe(true)
    const sentAnswer = (await sol().request({ method: 'solana_signAndSendTransaction', params: { transaction: base64.encode(unsigned), sendOptions: { preflightCommitment: 'confirmed' } }, chainId: 'solana:local' })) as { signature: string }
    expect(rpcCalls.map((c) => c.method)).toEqual(['sendTransaction'])
    expect(base58.decode(sentAnswer.signature)).toEqual(signed.subarray(1, 65))
  })

  it('bad params fail -32602 before the device is asked', async () => {
    const cases: unknown[] = [{ transaction: 'not base64!' }, { transaction: base64.encode(new Uint8Array([1, 2, 3])) }, {}]
    for (const params of cases) await expect(sol().request({ method: 'solana_signTransaction', params, chainId: 'solana:local' })).rejects.toMatchObject({ code: -32602 })
    await expect(sol().request({ method: 'solana_signMessage', params: { message: '0OIl' }, chainId: 'solana:local' })).rejects.toMatchObject({ code: -32602 })
    await expect(sol().request({ method: 'solana_signMessage', params: { message: 'abc', pubkey: 'someoneElse' }, chainId: 'solana:local' })).rejects.toMatchObject({ code: -32602 })
    expect(transport.apdus).toEqual([])
  })
})
