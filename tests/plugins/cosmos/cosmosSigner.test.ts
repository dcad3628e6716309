import '../../helpers/cosmosLoaded.js'
// portico.getSigner('cosmos') (issue 47): CosmJS's offline signer for the site's own transactions,
// proven with the real CosmJS against two sandbox bank ledgers (real secp256k1 signature checks),
// with the Keplr-compatible dev wallet's real key speaking Keplr's, Leap's and Cosmostation's
// dialects. A MsgSend with a memo through SigningStargateClient in direct and amino mode; the
// visitor's refusal as a 4001; another chain, another account and malformed input refused before
// the wallet is asked (a recording wrapper of the wallet's object sees every call); the signer
// following the wallet's account and the site's network; a transaction the chain refuses saying why.
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import type { OfflineAminoSigner } from '@cosmjs/amino'
import type { OfflineDirectSigner } from '@cosmjs/proto-signing'
import { BroadcastTxError, GasPrice, SigningStargateClient } from '@cosmjs/stargate'
import { bech32 } from '@scure/base'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { ChainNotSupportedError, createPorticoKernel, NotConnectedError, type Portico, ProviderRpcError } from '../../../kernel/kernel.js'
import { CosmosSignerInputError } from '../../../plugins/cosmos/errors.js'
import { cosmos, defineCosmosNetwork, type CosmosSigner } from '../../../plugins/cosmos/index.js'
import { cosmosAddressOf } from '../../../sandbox/cosmos/cosmosAddress.js'
import { devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { type CosmosNode, startCosmosNode } from '../../../sandbox/cosmos/startCosmosNode.js'
import { type CosmosWalletDialect, createCosmosDevWallet } from '../../../sandbox/cosmosWallet/createCosmosDevWallet.js'
import { sendTokensWithCosmJs } from '../../../sandbox/demo/siteTransactions/sendTokensWithCosmJs.js'

type Page = EventTarget & Record<string, unknown>
const denom = 'uptc'
const key = devCosmosKey()
const otherKey = devCosmosKey("m/44'/118'/0'/0/2")
const address = cosmosAddressOf(key.publicKey, 'portico')
let first: CosmosNode
let second: CosmosNode

beforeAll(async () => {
  // Two chains with one bech32 prefix: the dev account has the same address, and funds, on both.
  ;[first, second] = await Promise.all([
    startCosmosNode({ chainId: 'portico-local-1', prefix: 'portico', nativeDenom: denom }),
    startCosmosNode({ chainId: 'portico-other-2', prefix: 'portico', nativeDenom: denom }),
  ])
  first.ledger.genesis(address, denom, 50_000_000n)
  second.ledger.genesis(address, denom, 20_000_000n)
})
afterAll(async () => {
  await first?.stop()
  await second?.stop()
})

const networkOn = (node: CosmosNode, chainId: string, name: string) =>
  defineCosmosNetwork({ chainId, bech32Prefix: 'portico', denom, coinType: 118, gasPrice: 0.025, name, restUrls: [node.url], nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 }, testnet: true })
const one = () => networkOn(first, 'portico-local-1', 'Local One')
const two = () => networkOn(second, 'portico-other-2', 'Local Two')
const freshAddress = () => bech32.encode('portico', bech32.toWords(randomBytes(20)))

async function bankBalance(node: CosmosNode, owner: string): Promise<bigint> {
  const body = (await (await fetch(`${node.url}/cosmos/bank/v1beta1/balances/${owner}/by_denom?denom=${denom}`)).json()) as { balance: { amount: string } }
  return BigInt(body.balance.amount)
}
async function txOnChain(node: CosmosNode, hash: string) {
  return (await (await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${hash}`)).json()) as {
    tx: { body: { memo: string; messages: { to_address: string; amount: { denom: string; amount: string }[] }[] }; auth_info: { signer_infos: { mode_info: { single: { mode: string } } }[] } }
    tx_response: { code: number }
  }
}

/** The wallet's object as the page holds it, recording every call the plugin makes on it. */
function recording<T extends object>(provider: T): { provider: T; calls: string[] } {
  const calls: string[] = []
  const wrapped = new Proxy(provider, {
    get(target, property) {
      const value = (target as Record<PropertyKey, unknown>)[property]
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(String(property))
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { provider: wrapped, calls }
}

let portico: Portico | undefined
afterEach(async () => {
  await portico?.destroy()
  portico = undefined
})

/** A page with the dev wallet at window.keplr (in `dialect`), a kernel with the cosmos plugin, connected on `one`. */
async function connected({ dialect, connect = true }: { dialect?: CosmosWalletDialect; connect?: boolean } = {}) {
  const page = new EventTarget() as Page
  const dev = createCosmosDevWallet({ key, knownChains: {}, target: page, ...(dialect ? { dialect } : {}) })
  const wallet = recording(dev.provider)
  page.keplr = wallet.provider
  portico = createPorticoKernel({ projectId: 'cosmos-signer', networks: [one(), two()], plugins: [cosmos({}, { window: page })], endpoints: { api: 'http://127.0.0.1:9' } })
  await portico.ready()
  const signer = await portico.getSigner('cosmos')
  if (connect) await portico.connect({ connectorId: 'keplr', namespace: 'cosmos', network: one() })
  return { app: portico, signer, dev, calls: wallet.calls, page }
}

const send = (from: string, to: string, amount: string) => ({ typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: from, toAddress: to, amount: [{ denom, amount }] } })

describe("portico.getSigner('cosmos'): CosmJS's offline signer", () => {
  it('is an OfflineDirectSigner and an OfflineAminoSigner; with nothing connected every member refuses with NotConnectedError and no wallet is asked', async () => {
    const { signer, calls } = await connected({ connect: false })
    // The types CosmJS declares take the signer as it is (a compile-time proof, checked by tsgo).
    const direct: OfflineDirectSigner = signer
    const amino: OfflineAminoSigner = signer
    expect(direct.signDirect).toBe(signer.signDirect)
    expect(amino.signAmino).toBe(signer.signAmino)
    expect(signer.namespace).toBe('cosmos')
    await expect(signer.getAccounts()).rejects.toBeInstanceOf(NotConnectedError)
    // Before any argument is read: junk gets the same answer.
    await expect(signer.signDirect(undefined as never, undefined as never)).rejects.toBeInstanceOf(NotConnectedError)
    await expect(signer.signAmino('x', null as never)).rejects.toBeInstanceOf(NotConnectedError)
    expect(calls.filter((call) => call.startsWith('sign') || call === 'getKey')).toEqual([])
  })

  it('CosmJS signAndBroadcast (direct): a MsgSend with a memo is signed by the wallet and accepted by the ledger; balances read back', async () => {
    const { signer, calls } = await connected()
    const to = freshAddress()
    const before = await bankBalance(first, address)
    const memo = 'Thanks for the coffee'
    const result = await sendTokensWithCosmJs({ signer, rpcUrl: first.url, to, amount: { denom, amount: '250000' }, memo, gasPrice: `0.025${denom}` })
    expect(result.code).toBe(0)
    expect(await bankBalance(first, to)).toBe(250_000n)
    const fee = before - (await bankBalance(first, address)) - 250_000n
    expect(fee).toBeGreaterThan(0n)
    const { tx, tx_response } = await txOnChain(first, result.transactionHash)
    expect(tx_response.code).toBe(0)
    expect(tx.body.memo).toBe(memo)
    expect(tx.body.messages).toMatchObject([{ to_address: to, amount: [{ denom, amount: '250000' }] }])
    expect(tx.auth_info.signer_infos[0]?.mode_info.single.mode).toBe('SIGN_MODE_DIRECT')
    // getAccounts read the key; the one signature was Keplr's signDirect.
    expect(calls.filter((call) => call.startsWith('sign'))).toEqual(['signDirect'])
    expect(await signer.getAccounts()).toEqual([{ address, algo: 'secp256k1', pubkey: key.publicKey }])
  })

  it('CosmJS in amino mode (the signer as an OfflineAminoSigner alone): the ledger accepts the amino JSON signature', async () => {
    const { signer, calls } = await connected()
    const to = freshAddress()
    const aminoOnly: OfflineAminoSigner = { getAccounts: signer.getAccounts, signAmino: signer.signAmino }
    const client = await SigningStargateClient.connectWithSigner(first.url, aminoOnly, { gasPrice: GasPrice.fromString(`0.025${denom}`), broadcastPollIntervalMs: 100 })
    try {
      const result = await client.signAndBroadcast(address, [send(address, to, '4321')], 'auto', 'amino memo')
      expect(result.code).toBe(0)
      const { tx } = await txOnChain(first, result.transactionHash)
      expect(tx.body.memo).toBe('amino memo')
      expect(tx.auth_info.signer_infos[0]?.mode_info.single.mode).toBe('SIGN_MODE_LEGACY_AMINO_JSON')
    } finally {
      client.disconnect()
    }
    expect(await bankBalance(first, to)).toBe(4321n)
    expect(calls.filter((call) => call.startsWith('sign'))).toEqual(['signAmino'])
  })

  const refusals: [string, CosmosWalletDialect | undefined][] = [
    ["Keplr's Error('Request rejected')", undefined],
    ["Leap's Error('Transaction declined')", { refusal: (kind) => new Error(kind === 'sign' ? 'Transaction declined' : 'Chain approval rejected'), keystoreEvent: 'leap_keystorechange' }],
    ["Cosmostation's plain { code: 4001 }", { refusal: () => ({ code: 4001, message: 'User rejected the request.' }), keystoreEvent: 'cosmostation_keystorechange' }],
  ]
  it.each(refusals)('a refusal in the wallet (%s) is a ProviderRpcError 4001 through CosmJS; nothing moves', async (_, dialect) => {
    const { signer, dev } = await connected(dialect ? { dialect } : {})
    const to = freshAddress()
    const before = await bankBalance(first, address)
    dev.control.setMode('reject')
    const error = await sendTokensWithCosmJs({ signer, rpcUrl: first.url, to, amount: { denom, amount: '1000' }, memo: 'no', gasPrice: `0.025${denom}` }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4001)
    expect((error as ProviderRpcError).isUserRejection).toBe(true)
    expect(dev.control.activity().at(-1)).toEqual({ method: 'signDirect', outcome: 'rejected' })
    expect(await bankBalance(first, to)).toBe(0n)
    expect(await bankBalance(first, address)).toBe(before)
  })

  it('a transaction for another chain is refused with ChainNotSupportedError before the wallet is asked (CosmJS pointed at another chain)', async () => {
    const { signer, calls } = await connected()
    const asked = calls.length
    // The site's CosmJS talks to the second chain while the visitor is connected on the first.
    const error = await sendTokensWithCosmJs({ signer, rpcUrl: second.url, to: freshAddress(), amount: { denom, amount: '1000' }, memo: '', gasPrice: `0.025${denom}` }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ChainNotSupportedError)
    expect((error as Error).message).toContain('Network: portico-other-2')
    expect((error as Error).message).toContain('Connected on: cosmos:portico-local-1')
    // Only getAccounts' key reads (CosmJS asks for the account's public key) reached the wallet: no signature was asked for.
    expect(calls.slice(asked).length).toBeGreaterThan(0)
    expect(calls.slice(asked).filter((call) => call !== 'getKey')).toEqual([])
    const read = calls.length
    const doc = { chain_id: 'portico-other-2', account_number: '0', sequence: '0', fee: { amount: [], gas: '200000' }, msgs: [{ type: 'cosmos-sdk/MsgSend', value: {} }], memo: '' }
    await expect(signer.signAmino(address, doc)).rejects.toBeInstanceOf(ChainNotSupportedError)
    expect(calls.length).toBe(read)
  })

  it("follows the site's network switch: the same signer then signs for the second chain and refuses the first", async () => {
    const { app, signer } = await connected()
    await app.switchNetwork(two())
    const to = freshAddress()
    const result = await sendTokensWithCosmJs({ signer, rpcUrl: second.url, to, amount: { denom, amount: '777' }, memo: 'on two', gasPrice: `0.025${denom}` })
    expect(result.code).toBe(0)
    expect(await bankBalance(second, to)).toBe(777n)
    await expect(sendTokensWithCosmJs({ signer, rpcUrl: first.url, to, amount: { denom, amount: '1' }, memo: '', gasPrice: `0.025${denom}` })).rejects.toBeInstanceOf(ChainNotSupportedError)
    expect(await bankBalance(first, to)).toBe(0n)
  })

  it("follows the wallet's account: getAccounts gives the new one, and a document for the old one is refused before the wallet", async () => {
    const { app, signer, dev, calls } = await connected()
    const [old] = await signer.getAccounts()
    dev.control.switchKey(otherKey)
    const next = cosmosAddressOf(otherKey.publicKey, 'portico')
    await expect.poll(() => app.getState().connections.cosmos?.address).toBe(next)
    expect(await signer.getAccounts()).toEqual([{ address: next, algo: 'secp256k1', pubkey: otherKey.publicKey }])
    const asked = calls.length
    const doc = { bodyBytes: new Uint8Array([10, 0]), authInfoBytes: new Uint8Array([18, 0]), chainId: 'portico-local-1', accountNumber: 0n }
    const error = await signer.signDirect(old.address, doc).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(CosmosSignerInputError)
    expect((error as Error).message).toContain(`is not the connected account ${next}`)
    expect(calls.length).toBe(asked)
  })

  it('a transaction the chain refuses says why: CheckTx (an underpaid fee) is BroadcastTxError with the ABCI code and log; a failure in the block (more than the balance) is thrown with its code and log', async () => {
    const { signer } = await connected()
    const to = freshAddress()
    const client = await SigningStargateClient.connectWithSigner(first.url, signer, { broadcastPollIntervalMs: 100 })
    try {
      const underpaid = await client.signAndBroadcast(address, [send(address, to, '1000')], { amount: [{ denom, amount: '1' }], gas: '200000' }, 'cheap').then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(underpaid).toBeInstanceOf(BroadcastTxError)
      expect(underpaid).toMatchObject({ code: 13, codespace: 'sdk', log: expect.stringContaining('insufficient fee') })
    } finally {
      client.disconnect()
    }
    const before = await bankBalance(first, address)
    const tooMuch = await sendTokensWithCosmJs({ signer, rpcUrl: first.url, to, amount: { denom, amount: String(before * 2n) }, memo: '', gasPrice: `0.025${denom}` }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect((tooMuch as Error).message).toMatch(/Code: 5; Raw log: .*insufficient funds/)
    expect(await bankBalance(first, to)).toBe(0n)
  })

  it('malformed input gets CosmosSignerInputError and reaches no wallet; the adapter answers malformed or unknown requests with -32602 / 4200', async () => {
    const { app, signer, calls } = await connected()
    const asked = calls.length
    const doc = { bodyBytes: new Uint8Array([10, 0]), authInfoBytes: new Uint8Array([18, 0]), chainId: 'portico-local-1', accountNumber: 3n }
    const badDirect: [string, unknown, unknown][] = [
      ['no doc', address, undefined],
      ['a string doc', address, 'doc'],
      ['empty body', address, { ...doc, bodyBytes: new Uint8Array() }],
      ['body as an array', address, { ...doc, bodyBytes: [10, 0] }],
      ['no auth info', address, { ...doc, authInfoBytes: undefined }],
      ['negative account number', address, { ...doc, accountNumber: -1n }],
      ['fractional account number', address, { ...doc, accountNumber: 1.5 }],
      ['a CAIP-2 id for a chain id', address, { ...doc, chainId: 'cosmos:portico-local-1' }],
      ['no chain id', address, { ...doc, chainId: '' }],
      ['a number for the signer', 42, doc],
      ['an empty signer', '', doc],
      ['an overlong signer', `portico1${'q'.repeat(300)}`, doc],
      ['another account', cosmosAddressOf(otherKey.publicKey, 'portico'), doc],
    ]
    for (const [what, signerAddress, signDoc] of badDirect) {
      const error = await signer.signDirect(signerAddress as string, signDoc as never).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error, what).toBeInstanceOf(CosmosSignerInputError)
      expect((error as CosmosSignerInputError).code).toBe('COSMOS_SIGNER_INPUT')
    }
    const amino = { chain_id: 'portico-local-1', account_number: '3', sequence: '0', fee: { amount: [{ denom, amount: '5000' }], gas: '200000' }, msgs: [{ type: 'cosmos-sdk/MsgSend', value: {} }], memo: '' }
    const badAmino: [string, unknown][] = [
      ['null', null],
      ['no messages', { ...amino, msgs: [] }],
      ['a message without a type', { ...amino, msgs: [{ value: {} }] }],
      ['a numeric sequence', { ...amino, sequence: 0 }],
      ['a fee without gas', { ...amino, fee: { amount: [] } }],
      ['a coin with a number amount', { ...amino, fee: { amount: [{ denom, amount: 5000 }], gas: '200000' } }],
      ['a memo that is not a string', { ...amino, memo: null }],
      ['a timeout height that is a number', { ...amino, timeout_height: 5 }],
      ['an ADR-36 message doc (empty chain id): messages go through portico.signMessage', { ...amino, chain_id: '' }],
    ]
    for (const [what, signDoc] of badAmino) {
      const error = await signer.signAmino(address, signDoc as never).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error, what).toBeInstanceOf(CosmosSignerInputError)
    }
    expect(calls.length).toBe(asked)

    // portico.request straight to the adapter: the same vocabulary, checked before the wallet's API is called.
    const chainId = 'cosmos:portico-local-1' as const
    await expect(app.request({ namespace: 'cosmos', chainId, method: 'cosmos_signDirect', params: { signerAddress: address, signDoc: { chainId: 'portico-local-1', accountNumber: 'x', bodyBytes: 'CgA=', authInfoBytes: 'EgA=' } } })).rejects.toMatchObject({ code: -32602 })
    await expect(app.request({ namespace: 'cosmos', chainId, method: 'cosmos_signDirect', params: { signerAddress: address, signDoc: { chainId: 'portico-local-1', accountNumber: '1', bodyBytes: '%%%', authInfoBytes: 'EgA=' } } })).rejects.toMatchObject({ code: -32602 })
    await expect(app.request({ namespace: 'cosmos', chainId, method: 'cosmos_signAmino', params: { signerAddress: address, signDoc: { ...amino, chain_id: 'portico-other-2' } } })).rejects.toMatchObject({ code: -32602 })
    await expect(app.request({ namespace: 'cosmos', chainId, method: 'cosmos_signAmino', params: 'junk' })).rejects.toMatchObject({ code: -32602 })
    await expect(app.request({ namespace: 'cosmos', chainId, method: 'cosmos_sendTokens', params: {} })).rejects.toMatchObject({ code: 4200 })
    await expect(app.request({ namespace: 'cosmos', chainId: 'cosmos:portico-other-2', method: 'cosmos_getAccounts', params: {} })).rejects.toBeInstanceOf(ChainNotSupportedError)
    expect(calls.length).toBe(asked)
  })
})

describe('docs/plugins/cosmos.md, "Sign your own transactions"', () => {
  it('shows, as it is, the example these tests and the demo run (sandbox/demo/siteTransactions/sendTokensWithCosmJs.ts)', () => {
    const doc = readFileSync(new URL('../../../docs/plugins/cosmos.md', import.meta.url), 'utf8')
    const section = doc.slice(doc.indexOf('\n## Sign your own transactions\n'))
    expect(section.length).toBeLessThan(doc.length)
    const block = /```ts\n([\s\S]*?)\n```/.exec(section)?.[1]
    const source = readFileSync(new URL('../../../sandbox/demo/siteTransactions/sendTokensWithCosmJs.ts', import.meta.url), 'utf8')
    // The file's opening comment says where it is shown; the rest is the example.
    const example = source.replace(/^(\/\/.*\n)+/, '').trimEnd()
    expect(example).toMatch(/^import /)
    expect(block).toBe(example)
  })
})
