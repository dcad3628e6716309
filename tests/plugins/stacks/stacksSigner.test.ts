import '../../helpers/stacksLoaded.js'
// portico.getSigner('stacks') (issue 47) on the sandbox's Stacks ledger, through the plugin's own
// SIP-030 wallets (the Stacks dev wallet, and the Leather and Xverse personas in their dialects):
// transactions a site builds with @stacks/transactions (Clarity values, post conditions, unsigned
// transactions) signed and run by the ledger, balances read back from its API; a refusal in the
// wallet (4001), another network and malformed input refused before the wallet is asked, and a
// transaction the chain refuses saying why. The Clarity values and post conditions the signer
// serializes are checked byte for byte against @stacks/transactions.
import { readFileSync } from 'node:fs'
import { bytesToHex } from '@noble/hashes/utils.js'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { STACKS_MAINNET, STACKS_TESTNET } from '@stacks/network'
import { Cl, Pc, broadcastTransaction, deserializeTransaction, makeUnsignedContractCall, makeUnsignedSTXTokenTransfer, postConditionToHex, privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ChainNotSupportedError, createPorticoKernel, NotConnectedError, ProviderRpcError, type Portico } from '../../../kernel/kernel.js'
import { StacksSignerError } from '../../../plugins/stacks/errors.js'
import { defineStacksNetwork, stacks, type StacksClarityValue, type StacksPostCondition, type StacksSigner } from '../../../plugins/stacks/index.js'
import { serializeClarityValue } from '../../../plugins/stacks/utils/serializeClarityValue.js'
import { serializePostCondition } from '../../../plugins/stacks/utils/serializePostCondition.js'
import { createLeatherWallet, leatherListing, leatherStacksMethods } from '../../../sandbox/personas/leather/createLeatherWallet.js'
import { createXverseWallet, xverseListing, xverseStacksMethods } from '../../../sandbox/personas/xverse/createXverseWallet.js'
import { devStacksKey, devStacksPublicKeyHex, stacksDeployerDerivationPath } from '../../../sandbox/stacks/devStacks.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksPorticoUsd, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../../sandbox/stacks/startStacksNode.js'
import { createStacksDevWallet } from '../../../sandbox/stacksWallet/createStacksDevWallet.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

type Page = EventTarget & Record<string, unknown>
type Asked = { method: string; params: unknown }

const key = devStacksKey()
const deployer = devStacksKey(stacksDeployerDerivationPath).address
const token = `${deployer}.${stacksPorticoUsd.contractName}` as const
const assetId = `${token}::${stacksPorticoUsd.assetName}`
let node: StacksNode
let sdkNetwork: typeof STACKS_TESTNET

beforeAll(async () => {
  node = await startStacksNode({
    chainId: stacksSandboxChainId,
    transactionVersion: stacksSandboxTransactionVersion,
    feeRate: stacksFeeRate,
    feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint],
    token: { contractAddress: deployer, contractName: stacksPorticoUsd.contractName, assetName: stacksPorticoUsd.assetName, name: stacksPorticoUsd.name, symbol: stacksPorticoUsd.symbol, decimals: stacksPorticoUsd.decimals },
  })
  node.ledger.genesis(key.address, 50_000_000n)
  node.ledger.mintToken(key.address, 20_000_000n)
  sdkNetwork = { ...STACKS_TESTNET, chainId: stacksSandboxChainId, client: { baseUrl: node.url } }
})
afterAll(async () => {
  await node?.stop()
})

const local = () => defineStacksNetwork({ chainId: stacksSandboxChainId, addressNetwork: 'testnet', walletNetwork: 'devnet', name: 'Local Stacks', apiUrls: [node.url], testnet: true })
// Another network of the same address family, where an injected wallet's connection moves at once.
const publicTestnet = () => defineStacksNetwork({ chainId: 0x80000000, addressNetwork: 'testnet', walletNetwork: 'testnet', name: 'Stacks Testnet', apiUrls: [node.url], testnet: true })
const fresh = () => privateKeyToAddress(randomPrivateKey(), 'testnet')
const account = async (address: string) => {
  const body = (await (await fetch(`${node.url}/extended/v1/address/${address}/balances`)).json()) as { stx: { balance: string }; fungible_tokens: Record<string, { balance: string }> }
  return { ustx: BigInt(body.stx.balance), token: BigInt(body.fungible_tokens[assetId]?.balance ?? '0') }
}
const txOf = async (txid: string) => (await (await fetch(`${node.url}/extended/v1/tx/0x${txid}`)).json()) as { tx_status: string; tx_type: string; sender_address: string; tx_result?: { repr: string } }
/** The error a promise rejects with (or a marker when it resolves). */
const failure = (promise: Promise<unknown>) => promise.then(() => new Error('it was answered'), (error: unknown) => error)
/** A SIP-010 `transfer` of the sandbox token as a site builds it with @stacks/transactions. */
const sip010 = (from: string, to: string, amount: bigint, memo?: string) => ({
  contract: token,
  functionName: 'transfer',
  functionArgs: [Cl.uint(amount), Cl.principal(from), Cl.principal(to), memo ? Cl.some(Cl.bufferFromUtf8(memo)) : Cl.none()],
  postConditions: [Pc.principal(from).willSendEq(amount).ft(token, stacksPorticoUsd.assetName)],
  postConditionMode: 'deny' as const,
})

/** A kernel with the stacks plugin on a page holding `provider` at `path`, every request to it recorded. */
function withWallet(path: string, provider: { request(method: string, params?: unknown): Promise<unknown>; addListener?: unknown }, listing: Record<string, unknown>, networks = [local()]) {
  const asked: Asked[] = []
  const recorded = { ...provider, request: (method: string, params?: unknown) => (asked.push({ method, params }), provider.request(method, params)) }
  const page = new EventTarget() as Page
  if (path.includes('.')) page[path.split('.')[0] as string] = { [path.split('.')[1] as string]: recorded }
  else page[path] = recorded
  page.wbip_providers = [listing]
  const portico: Portico = createPorticoKernel({ projectId: 'stacks-signer-test', networks, plugins: [stacks({}, { window: page })], endpoints: { api: 'http://127.0.0.1:9' }, storage: memoryStorage() })
  return { portico, asked, signer: async () => (await portico.getSigner('stacks')) as StacksSigner }
}

describe('the values the signer serializes', () => {
  it('Clarity values: byte for byte what @stacks/transactions serializes', () => {
    const values = [
      Cl.int(-5n),
      Cl.int((1n << 127n) - 1n),
      Cl.int(-(1n << 127n)),
      Cl.uint(0),
      Cl.uint((1n << 128n) - 1n),
      Cl.uint('123456789012345678901234567890'),
      Cl.bufferFromUtf8('héllo'),
      Cl.buffer(new Uint8Array()),
      Cl.bool(true),
      Cl.bool(false),
      Cl.principal(key.address),
      Cl.principal(`${deployer}.portico-usd`),
      Cl.contractPrincipal(deployer, 'a_b-c'),
      Cl.ok(Cl.uint(1)),
      Cl.error(Cl.stringAscii('no')),
      Cl.none(),
      Cl.some(Cl.stringUtf8('café ☕')),
      Cl.list([Cl.uint(1), Cl.uint(2), Cl.list([])]),
      Cl.tuple({ zeta: Cl.uint(1), alpha: Cl.list([Cl.none()]), 'a-b': Cl.tuple({ y: Cl.int(1), x: Cl.bufferFromHex('00ff') }) }),
    ]
    for (const value of values) expect(bytesToHex(serializeClarityValue(value)), JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(Cl.serialize(value))
    // SIP-030's JSON form with number and string integers is the same value.
    expect(bytesToHex(serializeClarityValue({ type: 'uint', value: '5' }))).toBe(Cl.serialize(Cl.uint(5)))
    expect(bytesToHex(serializeClarityValue({ type: 'int', value: -7 }))).toBe(Cl.serialize(Cl.int(-7)))
  })

  it('post conditions: byte for byte what @stacks/transactions serializes', () => {
    const conditions: StacksPostCondition[] = [
      Pc.principal(key.address).willSendEq(5n).ustx(),
      Pc.origin().willSendLte(9).ustx(),
      Pc.principal(key.address).willSendGte(1).ft(token, stacksPorticoUsd.assetName),
      Pc.principal(`${deployer}.vault`).willSendLt((1n << 64n) - 1n).ft(token, stacksPorticoUsd.assetName),
      Pc.principal(key.address).willSendGt(0).ft(token, stacksPorticoUsd.assetName),
      Pc.principal(key.address).willSendAsset().nft(`${deployer}.nfts::nft`, Cl.uint(1)),
      Pc.origin().willNotSendAsset().nft(`${deployer}.nfts::nft`, Cl.tuple({ id: Cl.uint(7) })),
      { type: 'nft-postcondition', address: `${deployer}.market`, condition: 'maybe-sent', asset: `${deployer}.nfts::nft`, assetId: Cl.stringAscii('x') },
    ]
    for (const condition of conditions) expect(bytesToHex(serializePostCondition(condition)), JSON.stringify(condition, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(postConditionToHex(condition as Parameters<typeof postConditionToHex>[0]).replace(/^0x/, ''))
  })
})

describe("the docs' example", () => {
  it('is the code the demo runs (docs/plugins/stacks.md, "Sign your own transactions"; its browser tests: tests/e2e/signers/)', () => {
    const page = readFileSync(new URL('../../../docs/plugins/stacks.md', import.meta.url), 'utf8')
    const section = page.slice(page.indexOf('## Sign your own transactions'))
    const example = /```tsx\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
    const demo = new Set(readFileSync(new URL('../../../sandbox/demo/siteTransactions/stacksTransaction.tsx', import.meta.url), 'utf8').split('\n').map((line) => line.trim()))
    const lines = example.split('\n').map((line) => line.trim()).filter(Boolean)
    expect(lines.length).toBeGreaterThan(8)
    expect(lines.filter((line) => !demo.has(line))).toEqual([])
  })
})

describe('the Stacks signer over the dev wallet', () => {
  let wallet: ReturnType<typeof createStacksDevWallet>
  let kit: ReturnType<typeof withWallet>
  let signer: StacksSigner

  beforeAll(async () => {
    wallet = createStacksDevWallet({ key, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } })
    kit = withWallet('PorticoStacksDevWallet', wallet.provider, { id: 'PorticoStacksDevWallet', name: 'Portico Dev Wallet (Stacks)' }, [local(), publicTestnet()])
    await kit.portico.ready()
    signer = await kit.signer()
  })
  afterAll(async () => {
    await kit?.portico.destroy()
  })

  it('while nothing is connected every method refuses with NotConnectedError before looking at its input, and asks no wallet', async () => {
    expect(() => signer.getAddress()).toThrow(NotConnectedError)
    for (const call of [() => signer.callContract(null as never), () => signer.deployContract({ name: '1', clarityCode: '' }), () => signer.transferStx({ recipient: 'x', amount: -1 }), () => signer.signTransaction({ transaction: 'zz' }), () => signer.signMessage({ message: 5 as never })]) {
      expect(await failure(call())).toBeInstanceOf(NotConnectedError)
    }
    expect(kit.asked).toEqual([])
  })

  it("signs and sends a site's SIP-010 transfer (Clarity values, a deny-mode post condition) with stx_callContract; the ledger runs it", async () => {
    await kit.portico.connect({ connectorId: 'PorticoStacksDevWallet', namespace: 'stacks' })
    expect(signer.getAddress()).toBe(key.address)
    const receiver = fresh()
    const before = await account(key.address)
    const { txid, transaction } = await signer.callContract(sip010(key.address, receiver, 2_500_000n, 'for the site'))
    const asked = kit.asked.at(-1) as Asked
    expect(asked.method).toBe('stx_callContract')
    // What the wallet got: hex as SIP-030 wallets take it, the network it knows the chain by, and the account.
    expect(asked.params).toEqual({
      contract: token,
      functionName: 'transfer',
      functionArgs: [Cl.uint(2_500_000n), Cl.principal(key.address), Cl.principal(receiver), Cl.some(Cl.bufferFromUtf8('for the site'))].map((cv) => Cl.serialize(cv)),
      postConditions: [postConditionToHex(Pc.principal(key.address).willSendEq(2_500_000n).ft(token, stacksPorticoUsd.assetName)).replace(/^0x/, '')],
      postConditionMode: 'deny',
      address: key.address,
      network: 'devnet',
    })
    expect(deserializeTransaction(transaction as string).txid()).toBe(txid)
    node.mine()
    expect(await txOf(txid)).toMatchObject({ tx_status: 'success', tx_type: 'contract_call', sender_address: key.address })
    expect((await account(receiver)).token).toBe(2_500_000n)
    expect((await account(key.address)).token).toBe(before.token - 2_500_000n)
  })

  it('signs a transaction the site built with @stacks/transactions (stx_signTransaction, not broadcast); the site broadcasts it with the SDK', async () => {
    const receiver = fresh()
    const { nextNonce } = node.ledger.account(key.address)
    const unsigned = await makeUnsignedContractCall({ ...sip010(key.address, receiver, 700_000n), contractAddress: deployer, contractName: stacksPorticoUsd.contractName, publicKey: devStacksPublicKeyHex, nonce: nextNonce, fee: 2_000n, network: sdkNetwork })
    const signed = await signer.signTransaction({ transaction: unsigned })
    expect(kit.asked.at(-1)).toEqual({ method: 'stx_signTransaction', params: { transaction: unsigned.serialize(), broadcast: false, network: 'devnet' } })
    expect(signed.txid).toBeUndefined()
    const tx = deserializeTransaction(signed.transaction)
    expect(node.ledger.tx(tx.txid())).toBeUndefined()
    expect(await broadcastTransaction({ transaction: tx, network: sdkNetwork })).toEqual({ txid: tx.txid() })
    node.mine()
    expect((await txOf(tx.txid())).tx_status).toBe('success')
    expect((await account(receiver)).token).toBe(700_000n)
  })

  it('sends STX (stx_transferStx), deploys a contract (stx_deployContract) and signs a message (stx_signMessage)', async () => {
    const receiver = fresh()
    const sent = await signer.transferStx({ recipient: receiver, amount: 1_234n, memo: 'signer memo' })
    expect(kit.asked.at(-1)).toEqual({ method: 'stx_transferStx', params: { recipient: receiver, amount: '1234', memo: 'signer memo', address: key.address, network: 'devnet' } })
    const name = `signer-${Date.now().toString(36)}`
    const clarityCode = '(define-read-only (answer) (ok u42))'
    const deployed = await signer.deployContract({ name, clarityCode, clarityVersion: 3 })
    node.mine()
    expect(await txOf(sent.txid)).toMatchObject({ tx_status: 'success', tx_type: 'token_transfer' })
    expect((await account(receiver)).ustx).toBe(1_234n)
    expect(await txOf(deployed.txid)).toMatchObject({ tx_status: 'success', tx_type: 'smart_contract' })
    expect(await (await fetch(`${node.url}/v2/contracts/source/${key.address}/${name}`)).json()).toMatchObject({ source: clarityCode })
    const message = 'A site asks the signer'
    const { signature, publicKey } = await signer.signMessage({ message })
    expect(publicKey).toBe(devStacksPublicKeyHex)
    expect(verifyMessageSignatureRsv({ message, signature, publicKey: devStacksPublicKeyHex })).toBe(true)
    expect(verifyMessageSignatureRsv({ message: `${message}.`, signature, publicKey: devStacksPublicKeyHex })).toBe(false)
  })

  it('a refusal in the wallet is a ProviderRpcError with code 4001; nothing reaches the chain', async () => {
    const before = await account(key.address)
    const pending = node.ledger.pendingCount()
    wallet.control.setMode('reject')
    try {
      for (const call of [() => signer.callContract(sip010(key.address, fresh(), 1n)), () => signer.transferStx({ recipient: fresh(), amount: 1n }), () => signer.signMessage({ message: 'no' })]) {
        const error = await failure(call())
        expect(error).toBeInstanceOf(ProviderRpcError)
        expect((error as ProviderRpcError).code).toBe(4001)
        expect((error as ProviderRpcError).isUserRejection).toBe(true)
      }
    } finally {
      wallet.control.setMode('approve')
    }
    expect(wallet.control.activity().slice(-3).map((a) => a.outcome)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(node.ledger.pendingCount()).toBe(pending)
    expect(await account(key.address)).toEqual(before)
  })

  it('another network is refused with ChainNotSupportedError before the wallet is asked', async () => {
    const asked = kit.asked.length
    const mainnetAddress = privateKeyToAddress(randomPrivateKey(), 'mainnet')
    const transfer = sip010(key.address, fresh(), 1n)
    const mainnetTx = await makeUnsignedSTXTokenTransfer({ recipient: mainnetAddress, amount: 1n, fee: 500n, nonce: 0n, publicKey: devStacksPublicKeyHex, network: STACKS_MAINNET })
    const testnetTx = await makeUnsignedSTXTokenTransfer({ recipient: fresh(), amount: 1n, fee: 500n, nonce: 0n, publicKey: devStacksPublicKeyHex, network: STACKS_TESTNET })
    const refusals = [
      () => signer.callContract({ ...transfer, network: 'stacks:1' }),
      () => signer.callContract({ ...transfer, network: 0x80000000 }),
      () => signer.callContract({ ...transfer, network: STACKS_TESTNET }),
      () => signer.callContract({ ...transfer, network: 'eip155:1' }),
      () => signer.callContract({ ...transfer, contract: `${privateKeyToAddress(randomPrivateKey(), 'mainnet')}.token` }),
      () => signer.deployContract({ name: 'elsewhere', clarityCode: '(ok u1)', network: STACKS_MAINNET }),
      () => signer.transferStx({ recipient: mainnetAddress, amount: 1n }),
      () => signer.signTransaction({ transaction: mainnetTx }),
      () => signer.signTransaction({ transaction: testnetTx.serialize() }),
    ]
    for (const [index, call] of refusals.entries()) {
      const error = await failure(call())
      expect(error, `refusal ${index}`).toBeInstanceOf(ChainNotSupportedError)
      expect((error as ChainNotSupportedError).message).toContain(`Connected on: stacks:${stacksSandboxChainId}`)
    }
    expect(kit.asked.length).toBe(asked)
    // The connection's own network, named any way, is accepted.
    const { txid } = await signer.callContract({ ...sip010(key.address, fresh(), 1n), network: { ...STACKS_TESTNET, chainId: stacksSandboxChainId } })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
  })

  it('malformed input is a StacksSignerError saying what is wrong, and reaches no wallet', async () => {
    const asked = kit.asked.length
    const transfer = sip010(key.address, fresh(), 1n)
    const otherKeyTx = await makeUnsignedSTXTokenTransfer({ recipient: fresh(), amount: 1n, fee: 500n, nonce: 0n, publicKey: bytesToHex(devStacksKey("m/44'/5757'/0'/0/9").publicKey), network: sdkNetwork })
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      ['no parameters', () => signer.callContract(null as never), /takes an object/],
      ['a contract without a name', () => signer.callContract({ ...transfer, contract: key.address }), /not a contract id/],
      ['a bad contract name', () => signer.callContract({ ...transfer, contract: `${key.address}.1bad` }), /not a contract id/],
      ['a bad address', () => signer.callContract({ ...transfer, contract: 'ST000.token' }), /not a contract id/],
      ['a bad function name', () => signer.callContract({ ...transfer, functionName: 'two words' }), /functionName/],
      ['functionArgs not an array', () => signer.callContract({ ...transfer, functionArgs: 'x' as never }), /functionArgs is an array/],
      ['functionArgs bad hex', () => signer.callContract({ ...transfer, functionArgs: ['zz'] }), /functionArgs\[0\] is not a serialized value/],
      ['functionArgs not a Clarity type', () => signer.callContract({ ...transfer, functionArgs: ['ff'] }), /functionArgs\[0\] is not a serialized value/],
      ['a negative uint', () => signer.callContract({ ...transfer, functionArgs: [{ type: 'uint', value: -1n }] }), /functionArgs\[0\]: -1 is outside uint/],
      ['a fractional uint', () => signer.callContract({ ...transfer, functionArgs: [{ type: 'uint', value: 1.5 }] }), /needs an integer/],
      ['an int beyond i128', () => signer.callContract({ ...transfer, functionArgs: [{ type: 'int', value: 1n << 127n }] }), /outside int/],
      ['an unknown type', () => signer.callContract({ ...transfer, functionArgs: [{ type: 'bogus' } as unknown as StacksClarityValue] }), /not a Clarity value type/],
      ['a bad principal', () => signer.callContract({ ...transfer, functionArgs: [{ type: 'address', value: 'nope' }] }), /not a standard principal/],
      ['a bad buffer', () => signer.callContract({ ...transfer, functionArgs: [{ type: 'buffer', value: 'xyz' }] }), /buffer value is hex/],
      ['a deep value', () => signer.callContract({ ...transfer, functionArgs: [Array.from({ length: 40 }).reduce<StacksClarityValue>((inner) => ({ type: 'some', value: inner }), { type: 'none' })] }), /nests deeper/],
      ['a negative post-condition amount', () => signer.callContract({ ...transfer, postConditions: [{ type: 'stx-postcondition', address: key.address, condition: 'eq', amount: -1 }] }), /postConditions\[0\]: the post condition's amount -1 is outside u64/],
      ['a bad asset', () => signer.callContract({ ...transfer, postConditions: [{ type: 'ft-postcondition', address: key.address, condition: 'eq', asset: 'nope', amount: 1 }] }), /not an asset/],
      ['a bad comparator', () => signer.callContract({ ...transfer, postConditions: [{ type: 'ft-postcondition', address: key.address, condition: 'about' as never, asset: assetId, amount: 1 }] }), /condition is eq/],
      ['an unsupported post condition', () => signer.callContract({ ...transfer, postConditions: [{ type: 'pox-postcondition', address: key.address } as never] }), /pass others as hex/],
      ['a bad post-condition mode', () => signer.callContract({ ...transfer, postConditionMode: 'maybe' as never }), /postConditionMode/],
      ["a wallet's network name", () => signer.callContract({ ...transfer, network: 'testnet' as never }), /network is a CAIP-2 id/],
      ['a bad deploy name', () => signer.deployContract({ name: '1x', clarityCode: '(ok u1)' }), /not a contract name/],
      ['a long deploy name', () => signer.deployContract({ name: 'a'.repeat(41), clarityCode: '(ok u1)' }), /not a contract name/],
      ['no code', () => signer.deployContract({ name: 'empty', clarityCode: '  ' }), /clarityCode/],
      ['an unknown Clarity version', () => signer.deployContract({ name: 'v9', clarityCode: '(ok u1)', clarityVersion: 9 }), /clarityVersion/],
      ['a bad recipient', () => signer.transferStx({ recipient: 'nope', amount: 1n }), /recipient is not a Stacks address/],
      ['a zero amount', () => signer.transferStx({ recipient: fresh(), amount: 0 }), /amount is a positive whole number/],
      ['a fractional amount', () => signer.transferStx({ recipient: fresh(), amount: '1.5' }), /amount is a positive whole number/],
      ['an amount beyond u64', () => signer.transferStx({ recipient: fresh(), amount: 1n << 64n }), /amount is a positive whole number/],
      ['a long memo', () => signer.transferStx({ recipient: fresh(), amount: 1n, memo: 'é'.repeat(18) }), /memo is a string of at most 34 bytes/],
      ['to itself', () => signer.transferStx({ recipient: key.address, amount: 1n }), /the connected account itself/],
      ['not hex', () => signer.signTransaction({ transaction: 'zz' }), /serialized Stacks transaction/],
      ['not a transaction', () => signer.signTransaction({ transaction: 'ab'.repeat(30) }), /not a serialized Stacks transaction/],
      ["another account's transaction", () => signer.signTransaction({ transaction: otherKeyTx }), /origin is not the connected account/],
      ['a bad broadcast flag', () => signer.signTransaction({ transaction: otherKeyTx, broadcast: 'yes' as never }), /broadcast is true or false/],
      ['a message that is not text', () => signer.signMessage({ message: 5 as never }), /message is a string/],
    ]
    for (const [name, call, says] of cases) {
      const error = await failure(call())
      expect(error, name).toBeInstanceOf(StacksSignerError)
      expect((error as StacksSignerError).code, name).toBe('STACKS_SIGNER')
      expect((error as StacksSignerError).message, name).toMatch(says)
    }
    expect(kit.asked.length).toBe(asked)
  })

  it('a transaction the chain refuses says why: the node\'s reason in the wallet\'s error; one that aborts in a block says it on the API', async () => {
    // The node's mempool refuses a call into a contract it does not have, and a transfer beyond the balance.
    const noContract = await failure(signer.callContract({ ...sip010(key.address, fresh(), 1n), contract: `${deployer}.no-such-token` }))
    expect(noContract).toBeInstanceOf(ProviderRpcError)
    expect((noContract as ProviderRpcError).message).toMatch(/The node refused the transaction: NoSuchContract: no contract .*no-such-token/)
    const overdraft = await failure(signer.transferStx({ recipient: fresh(), amount: 10n ** 15n }))
    expect((overdraft as ProviderRpcError).message).toMatch(/The node refused the transaction: NotEnoughFunds/)
    // Accepted, then aborted in its block: more pUSD than held (allow mode, so the post condition is not what stops it).
    const { token: held } = await account(key.address)
    const { txid } = await signer.callContract({ ...sip010(key.address, fresh(), held + 1n), postConditions: [], postConditionMode: 'allow' })
    node.mine()
    expect(await txOf(txid)).toMatchObject({ tx_status: 'abort_by_response', tx_result: { repr: '(err u1)' } })
  })

  it('follows the connection: another network of the connection is the one named to the wallet; a disconnect refuses again', async () => {
    await kit.portico.switchNetwork(publicTestnet())
    // The sandbox's chain id is now another network's, refused before the wallet; the connection's own goes to the wallet by its name.
    expect(await failure(signer.transferStx({ recipient: fresh(), amount: 1n, network: `stacks:${stacksSandboxChainId}` }))).toBeInstanceOf(ChainNotSupportedError)
    const refused = await failure(signer.transferStx({ recipient: fresh(), amount: 1n }))
    expect(kit.asked.at(-1)?.params).toMatchObject({ network: 'testnet' })
    // The dev wallet knows only the sandbox chain and says so.
    expect(refused).toMatchObject({ code: -32602 })
    await kit.portico.switchNetwork(local())
    await kit.portico.disconnect('stacks')
    expect(await failure(signer.signMessage({ message: 'gone' }))).toBeInstanceOf(NotConnectedError)
  })
})

describe('the Stacks signer over the Leather and Xverse personas', () => {
  it("Leather: the site's SIP-010 transfer goes as Leather takes it (hex post conditions, network devnet, address) and runs", async () => {
    const leather = createLeatherWallet()
    leather.wallet.define('stacks', leatherStacksMethods({ privateKey: () => key.privateKey, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } }))
    const kit = withWallet('LeatherProvider', leather.provider, { ...leatherListing })
    try {
      await kit.portico.ready()
      await kit.portico.connect({ connectorId: 'LeatherProvider', namespace: 'stacks' })
      const signer = await kit.signer()
      const receiver = fresh()
      const { txid } = await signer.callContract(sip010(key.address, receiver, 300_000n))
      expect(kit.asked.at(-1)).toMatchObject({ method: 'stx_callContract', params: { address: key.address, network: 'devnet', postConditions: [expect.stringMatching(/^[0-9a-f]+$/)] } })
      node.mine()
      expect((await txOf(txid)).tx_status).toBe('success')
      expect((await account(receiver)).token).toBe(300_000n)
      // Leather's refusal is 4001.
      leather.wallet.control('stacks', leather.connection).setMode('reject')
      const refused = await failure(signer.transferStx({ recipient: fresh(), amount: 1n }))
      expect((refused as ProviderRpcError).isUserRejection).toBe(true)
    } finally {
      await kit.portico.destroy()
    }
  })

  it('Xverse: requests go without what its schemas strip, a signed transaction is not broadcast unless asked, its refusal (-32000) is 4001, and an account switch is followed', async () => {
    const xverse = createXverseWallet()
    xverse.wallet.define('stacks', xverseStacksMethods({ stacksKey: xverse.stacksKey, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } }))
    const kit = withWallet('XverseProviders.BitcoinProvider', xverse.provider, { ...xverseListing })
    try {
      await kit.portico.ready()
      await kit.portico.connect({ connectorId: 'XverseProviders.BitcoinProvider', namespace: 'stacks' })
      const signer = await kit.signer()
      const receiver = fresh()
      const { txid } = await signer.callContract(sip010(key.address, receiver, 400_000n))
      const asked = kit.asked.at(-1) as Asked
      expect(asked.method).toBe('stx_callContract')
      expect(Object.keys(asked.params as object).sort()).toEqual(['contract', 'functionArgs', 'functionName', 'postConditionMode', 'postConditions'])
      // Xverse broadcasts stx_signTransaction by default: the signer asks it not to.
      const unsigned = await makeUnsignedSTXTokenTransfer({ recipient: fresh(), amount: 5n, fee: 600n, nonce: node.ledger.account(key.address).nextNonce, publicKey: devStacksPublicKeyHex, network: sdkNetwork })
      const signed = await signer.signTransaction({ transaction: unsigned })
      expect(kit.asked.at(-1)).toEqual({ method: 'stx_signTransaction', params: { transaction: unsigned.serialize(), broadcast: false } })
      expect(node.ledger.tx(deserializeTransaction(signed.transaction).txid())).toBeUndefined()
      node.mine()
      expect((await txOf(txid)).tx_status).toBe('success')
      expect((await account(receiver)).token).toBe(400_000n)
      xverse.wallet.control('stacks', xverse.connection).setMode('reject')
      const refused = await failure(signer.signMessage({ message: 'no' }))
      expect((refused as ProviderRpcError).code).toBe(4001)
      xverse.wallet.control('stacks', xverse.connection).setMode('approve')
      // The visitor switches to account 7 in Xverse: the same signer signs for it.
      const seven = devStacksKey("m/44'/5757'/0'/0/7")
      node.ledger.genesis(seven.address, 1_000_000n)
      xverse.switchAccount(7)
      await expect.poll(() => signer.getAddress()).toBe(seven.address)
      const paid = fresh()
      const sent = await signer.transferStx({ recipient: paid, amount: 4_321n })
      node.mine()
      expect(await txOf(sent.txid)).toMatchObject({ tx_status: 'success', sender_address: seven.address })
      expect((await account(paid)).ustx).toBe(4_321n)
    } finally {
      await kit.portico.destroy()
    }
  })
})
