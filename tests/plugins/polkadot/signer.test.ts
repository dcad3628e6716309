import '../../helpers/polkadotLoaded.js'
// portico/polkadot, issue 47: the site's own transactions through `portico.getSigner('polkadot')`,
// against the sandbox's Chopsticks chain (the Rococo Asset Hub runtime, which checks every
// signature) with the dev wallet's real sr25519 keys. `@polkadot/api` builds and submits a
// `utility.batchAll` through the signer's `signPayload`; polkadot-api's `PolkadotSigner` half
// (`signTx`) runs the demo's `sendPolkadotBatch`. A refusal in the wallet is a 4001, another
// network and malformed input are refused before the wallet is asked (its activity says so), and a
// chain that refuses the transaction says why.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import type { PolkadotSigner } from '@polkadot-api/pjs-signer'
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import { Keyring } from '@polkadot/keyring'
import type { Signer, SignerPayloadJSON } from '@polkadot/types/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ChainNotSupportedError, createPorticoKernel, NotConnectedError, ProviderRpcError, type Portico } from '../../../kernel/kernel.js'
import { PolkadotSignerInputError } from '../../../plugins/polkadot/errors.js'
import { definePolkadotNetwork, polkadot, polkadotMainnet, type PolkadotChainSigner, type PolkadotSignerPayload } from '../../../plugins/polkadot/index.js'
import { PolkadotBatchRefusedError, sendPolkadotBatch } from '../../../sandbox/demo/siteTransactions/sendPolkadotBatch.js'
import { createPolkadotFaucet } from '../../../sandbox/polkadot/createPolkadotFaucet.js'
import { devPolkadotAddress, devPolkadotFunding, devPolkadotKey } from '../../../sandbox/polkadot/devPolkadot.js'
import { polkadotSandboxGenesisHash } from '../../../sandbox/polkadot/polkadotSandboxChain.js'
import { type PolkadotNode, startPolkadotNode } from '../../../sandbox/polkadot/startPolkadotNode.js'
import { createPolkadotDevWallet } from '../../../sandbox/polkadotWallet/createPolkadotDevWallet.js'
import { polkadotDevWalletKeys } from '../../../sandbox/polkadotWallet/installPolkadotDevWallet.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { pickSandboxPort } from '../../helpers/pickSandboxPort.js'

const roc = 10n ** 12n
let node: PolkadotNode
let api: ApiPromise
let portico: Portico
let signer: PolkadotChainSigner
const wallet = createPolkadotDevWallet({ keys: polkadotDevWalletKeys() })
const asked = () => wallet.control.activity().length
const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
const fresh = (seed: string) => keyring.addFromUri(`//${seed}-${Math.random()}`).address
const dev1 = devPolkadotAddress(0)
const dev2 = devPolkadotAddress(1)

beforeAll(async () => {
  await cryptoWaitReady()
  node = await startPolkadotNode({ port: (await pickSandboxPort()) + 7 })
  // Only the first dev account holds ROC: the second one cannot pay a fee.
  await (await createPolkadotFaucet(node)).pay(dev1, devPolkadotFunding)
  // A websocket: @polkadot/api follows a submitted transaction with a subscription.
  api = await ApiPromise.create({ provider: new WsProvider(node.wsUrl), noInitWarn: true })
  const network = definePolkadotNetwork({ genesisHash: polkadotSandboxGenesisHash, ss58Prefix: 42, name: 'Portico Substrate Devnet', rpcUrls: [node.rpcUrl], nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 }, testnet: true })
  portico = createPorticoKernel({
    projectId: 'test',
    networks: [network, polkadotMainnet],
    plugins: [polkadot({ appName: 'Signer test' }, { window: { injectedWeb3: { 'portico-dev-wallet': wallet.entry } } })],
    storage: memoryStorage(),
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  await portico.ready()
  signer = await portico.getSigner('polkadot')
}, 120_000)

afterAll(async () => {
  await portico?.destroy()
  await api?.disconnect()
  await node?.stop()
})

const free = async (address: string) => (await api.query.system.account(address)).data.free.toBigInt()
const connect = async () => {
  await portico.discoverWallets('polkadot')
  await portico.connect({ connectorId: 'portico-dev-wallet', namespace: 'polkadot' })
}

/** The `SignerPayloadJSON` `@polkadot/api` builds for a transaction (a real one, from the chain's own state). */
async function payloadOf(tx: SubmittableExtrinsic<'promise'>, address: string): Promise<PolkadotSignerPayload> {
  let captured: SignerPayloadJSON | undefined
  const capture: Signer = {
    signPayload: async (payload) => {
      captured = payload
      throw new Error('captured')
    },
  }
  await tx.signAsync(address, { signer: capture }).catch(() => undefined)
  if (!captured) throw new Error('@polkadot/api built no payload')
  return captured as unknown as PolkadotSignerPayload
}

/** Signs and submits with `@polkadot/api` and the given signer; resolves once a block holds it (in a block or finalized), with its dispatch error if it failed. */
function signAndSendInBlock(tx: SubmittableExtrinsic<'promise'>, address: string, signer: Signer): Promise<{ blockHash: string; failed?: string }> {
  return new Promise((resolve, reject) => {
    tx.signAndSend(address, { signer }, ({ status, dispatchError }) => {
      // Chopsticks may announce the block as finalized at once, without an InBlock before it.
      if (!status.isInBlock && !status.isFinalized) return
      const blockHash = (status.isInBlock ? status.asInBlock : status.asFinalized).toHex()
      if (!dispatchError) return resolve({ blockHash })
      if (!dispatchError.isModule) return resolve({ blockHash, failed: dispatchError.type })
      const { section, name } = api.registry.findMetaError(dispatchError.asModule)
      resolve({ blockHash, failed: `${section}.${name}` })
    }).catch(reject)
  })
}

describe('portico.getSigner("polkadot")', () => {
  it('while nothing is connected every member refuses with NotConnectedError, before any check of its arguments, and no wallet is asked', async () => {
    expect(await portico.getSigner('polkadot')).toBe(signer)
    expect(signer.namespace).toBe('polkadot')
    expect(() => signer.publicKey).toThrow(NotConnectedError)
    for (const call of [() => signer.signTx(undefined as never, {}, new Uint8Array(), 0), () => signer.signBytes(new Uint8Array([1])), () => signer.signPayload(undefined as never), () => signer.signRaw({ address: dev1, data: '0x00', type: 'bytes' })]) {
      await expect(call()).rejects.toThrow(NotConnectedError)
    }
    expect(asked()).toBe(0)
  })

  it('@polkadot/api: utility.batchAll of two transfers, signed through the signer (signPayload), is included; both balances read back', async () => {
    await connect()
    const [first, second] = [fresh('pjs-a'), fresh('pjs-b')]
    const tx = api.tx.utility.batchAll([api.tx.balances.transferKeepAlive(first, 2n * roc), api.tx.balances.transferKeepAlive(second, 3n * roc)])
    const outcome = await signAndSendInBlock(tx, dev1, signer)
    expect(outcome.failed).toBeUndefined()
    expect([await free(first), await free(second)]).toEqual([2n * roc, 3n * roc])
    expect(wallet.control.activity().at(-1)).toEqual({ method: 'signPayload', outcome: 'approved' })
  }, 60_000)

  it("polkadot-api: the demo's Utility.batch_all through signTx is included; publicKey is the active account's", async () => {
    expect(u8aToHex(signer.publicKey)).toBe(u8aToHex(devPolkadotKey(0).publicKey))
    // The signer is a polkadot-api PolkadotSigner as it is.
    const papi: PolkadotSigner = signer
    const [first, second] = [fresh('papi-a'), fresh('papi-b')]
    const { hash, blockHash } = await sendPolkadotBatch({ signer: papi, rpcUrl: node.rpcUrl, transfers: [{ to: first, amount: roc }, { to: second, amount: roc / 2n }] })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const { block } = await api.rpc.chain.getBlock(blockHash)
    expect(block.extrinsics.map((e) => e.hash.toHex())).toContain(hash)
    expect([await free(first), await free(second)]).toEqual([roc, roc / 2n])
  }, 60_000)

  it('signRaw and signBytes sign <Bytes>-wrapped data that @polkadot/util-crypto verifies', async () => {
    const data = u8aToHex(new TextEncoder().encode('Portico signer test'))
    const raw = await signer.signRaw({ address: dev1, data, type: 'bytes' })
    expect(raw.id).toBeGreaterThan(0)
    expect(signatureVerify(u8aWrapBytes(data), raw.signature, dev1).isValid).toBe(true)
    const bytes = await signer.signBytes(new TextEncoder().encode('Portico signBytes'))
    expect(signatureVerify(u8aWrapBytes(u8aToHex(new TextEncoder().encode('Portico signBytes'))), bytes, dev1).isValid).toBe(true)
    expect(signatureVerify(u8aWrapBytes(u8aToHex(new TextEncoder().encode('Portico signBytes!'))), bytes, dev1).isValid).toBe(false)
  })

  it('a refusal in the wallet is a ProviderRpcError with code 4001 (isUserRejection) from every member, and nothing lands', async () => {
    const receiver = fresh('refused')
    const payload = await payloadOf(api.tx.balances.transferKeepAlive(receiver, roc), dev1)
    wallet.control.setMode('reject')
    try {
      const refusals = [
        await signer.signPayload(payload).catch((e: unknown) => e),
        await signer.signRaw({ address: dev1, data: '0x01', type: 'bytes' }).catch((e: unknown) => e),
        await signer.signBytes(new Uint8Array([1])).catch((e: unknown) => e),
        await sendPolkadotBatch({ signer, rpcUrl: node.rpcUrl, transfers: [{ to: receiver, amount: roc }] }).catch((e: unknown) => e),
        await signAndSendInBlock(api.tx.balances.transferKeepAlive(receiver, roc), dev1, signer).catch((e: unknown) => e),
      ]
      for (const refusal of refusals) {
        expect(refusal).toBeInstanceOf(ProviderRpcError)
        expect(refusal).toMatchObject({ code: 4001, isUserRejection: true })
      }
      expect(wallet.control.activity().slice(-5).map((a) => a.outcome)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected'])
    } finally {
      wallet.control.setMode('approve')
    }
    expect(await free(receiver)).toBe(0n)
  }, 60_000)

  it('a transaction for another network is refused with ChainNotSupportedError before the wallet is asked', async () => {
    const payload = await payloadOf(api.tx.balances.transferKeepAlive(fresh('elsewhere'), roc), dev1)
    const before = asked()
    // Polkadot's genesis; and one that shares the sandbox's CAIP-2 reference (the first 16 bytes) but not the rest.
    for (const genesisHash of [polkadotMainnet.polkadot.genesisHash, `${polkadotSandboxGenesisHash.slice(0, 34)}${'00'.repeat(16)}`]) {
      const refused = await signer.signPayload({ ...payload, genesisHash }).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(ChainNotSupportedError)
      expect((refused as Error).message).toContain(`Connected on: polkadot:${'45'.repeat(16)}`)
    }
    // polkadot-api's half: the CheckGenesis extension names another chain.
    const elsewhere: PolkadotSigner = {
      publicKey: signer.publicKey,
      signBytes: signer.signBytes,
      signTx: (callData, extensions, metadata, atBlockNumber) => signer.signTx(callData, { ...extensions, CheckGenesis: { identifier: 'CheckGenesis', value: new Uint8Array(), additionalSigned: Uint8Array.from(Buffer.from(polkadotMainnet.polkadot.genesisHash.slice(2), 'hex')) } }, metadata, atBlockNumber),
    }
    await expect(sendPolkadotBatch({ signer: elsewhere, rpcUrl: node.rpcUrl, transfers: [{ to: dev2, amount: roc }] })).rejects.toThrow(ChainNotSupportedError)
    // The connection moves to Polkadot: the sandbox's own payload is now the other network's.
    await portico.switchNetwork(polkadotMainnet)
    try {
      await expect(signer.signPayload(payload)).rejects.toThrow(/Connected on: polkadot:91b171bb158e2d3848fa23a9f1c25182/)
    } finally {
      await portico.switchNetwork(`polkadot:${'45'.repeat(16)}`)
    }
    expect(asked()).toBe(before)
  }, 60_000)

  it('malformed input gets a PolkadotSignerInputError and reaches no wallet', async () => {
    const payload = await payloadOf(api.tx.balances.transferKeepAlive(fresh('malformed'), roc), dev1)
    const extensions = { CheckGenesis: { identifier: 'CheckGenesis', value: new Uint8Array(), additionalSigned: Uint8Array.from(Buffer.from(polkadotSandboxGenesisHash.slice(2), 'hex')) } }
    const before = asked()
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      ['signPayload(undefined)', () => signer.signPayload(undefined as never), /signPayload needs a SignerPayloadJSON object, got undefined/],
      ['a payload without its call', () => signer.signPayload({ ...payload, method: '0x' }), /method is empty/],
      ['a genesis hash that is not hex', () => signer.signPayload({ ...payload, genesisHash: 'polkadot' }), /genesisHash is not a 32-byte hex hash/],
      ['a nonce that is not a hex number', () => signer.signPayload({ ...payload, nonce: '7' }), /nonce is not a hex number/],
      ['signed extensions that are not a list', () => signer.signPayload({ ...payload, signedExtensions: 'CheckNonce' as never }), /signedExtensions is not a list of names/],
      ['a version 5 payload', () => signer.signPayload({ ...payload, version: 5 }), /only version 4 extrinsics can be signed/],
      ['an account the wallet did not share', () => signer.signPayload({ ...payload, address: fresh('stranger') }), /is not an account of the connected wallet/],
      ['an address that is not SS58', () => signer.signRaw({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', data: '0x01', type: 'bytes' }), /is not an SS58 account address/],
      ["signRaw of type 'payload'", () => signer.signRaw({ address: dev1, data: '0x01', type: 'payload' }), /signs type 'bytes' only/],
      ['signRaw of text', () => signer.signRaw({ address: dev1, data: 'hello', type: 'bytes' }), /data is not hex/],
      ['signBytes of a string', () => signer.signBytes('hello' as never), /signBytes needs a Uint8Array, got string/],
      ['signTx without a call', () => signer.signTx(new Uint8Array(), extensions, new Uint8Array([1]), 1), /signTx needs the call as a non-empty Uint8Array/],
      ['signTx with extensions as a list', () => signer.signTx(new Uint8Array([1]), [] as never, new Uint8Array([1]), 1), /signed extensions as an object by identifier, got an array/],
      ['signTx with an extension of hex strings', () => signer.signTx(new Uint8Array([1]), { CheckNonce: { identifier: 'CheckNonce', value: '0x00', additionalSigned: '0x' } } as never, new Uint8Array([1]), 1), /CheckNonce is not \{ identifier, value: Uint8Array/],
      ['signTx with a negative block number', () => signer.signTx(new Uint8Array([1]), extensions, new Uint8Array([1]), -1), /the block number the transaction is built at, got -1/],
      ['signTx with a hasher other than Blake2-256', () => signer.signTx(new Uint8Array([1]), extensions, new Uint8Array([1]), 1, (data) => data), /payload hasher is not Blake2-256/],
      ['signTx without CheckGenesis', () => signer.signTx(new Uint8Array([1]), {}, new Uint8Array([1]), 1), /no CheckGenesis/],
      ['signTx with metadata that is not metadata', () => signer.signTx(new Uint8Array([1]), extensions, new Uint8Array([1, 2, 3]), 1), /signTx cannot build the payload to sign/],
    ]
    for (const [what, call, message] of cases) {
      const error = await call().catch((e: unknown) => e)
      expect(error, what).toBeInstanceOf(PolkadotSignerInputError)
      expect((error as Error).message, what).toMatch(message)
    }
    expect(asked()).toBe(before)
  })

  it('a batch the chain refuses says why: in its block (a transfer beyond the balance: the dispatch error, neither transfer lands), and at submission (an account that cannot pay the fee)', async () => {
    const [first, second] = [fresh('refused-a'), fresh('refused-b')]
    const held = await free(dev1)
    // polkadot-api's half: the demo's batch reads the block's ExtrinsicFailed.
    const refused = await sendPolkadotBatch({ signer, rpcUrl: node.rpcUrl, transfers: [{ to: first, amount: roc }, { to: second, amount: held * 2n }] }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(PolkadotBatchRefusedError)
    expect(refused).toMatchObject({ stage: 'block', reason: 'Balances.InsufficientBalance' })
    // @polkadot/api's half: its own reading of the dispatch error says the same.
    const pjs = await signAndSendInBlock(api.tx.utility.batchAll([api.tx.balances.transferKeepAlive(first, roc), api.tx.balances.transferKeepAlive(second, held * 2n)]), dev1, signer)
    expect(pjs.failed).toBe('balances.InsufficientBalance')
    expect([await free(first), await free(second)]).toEqual([0n, 0n])
    // The signer follows the active account: the second dev account holds nothing to pay a fee with.
    await portico.selectAccount(dev2, 'polkadot')
    try {
      expect(u8aToHex(signer.publicKey)).toBe(u8aToHex(devPolkadotKey(1).publicKey))
      const unpaid = await sendPolkadotBatch({ signer, rpcUrl: node.rpcUrl, transfers: [{ to: first, amount: roc }] }).catch((e: unknown) => e)
      expect(unpaid).toBeInstanceOf(PolkadotBatchRefusedError)
      // The node's words: a Substrate node says "Inability to pay some fees", Chopsticks {"invalid":{"payment":null}}.
      expect(unpaid).toMatchObject({ stage: 'pool', reason: expect.stringMatching(/Inability to pay some fees|"payment"/) })
    } finally {
      await portico.selectAccount(dev1, 'polkadot')
    }
    expect(await free(first)).toBe(0n)
  }, 150_000)

  it('portico.request answers the WalletConnect polkadot vocabulary for the extension the plugin holds', async () => {
    const chainId = `polkadot:${'45'.repeat(16)}` as const
    const answer = (await portico.request({ namespace: 'polkadot', chainId, method: 'polkadot_signMessage', params: { address: dev1, message: 'plain text' } })) as { signature: string }
    expect(signatureVerify(u8aWrapBytes(u8aToHex(new TextEncoder().encode('plain text'))), answer.signature, dev1).isValid).toBe(true)
    await expect(portico.request({ namespace: 'polkadot', chainId, method: 'polkadot_sendTransaction', params: {} })).rejects.toMatchObject({ code: 4200 })
    await expect(portico.request({ namespace: 'polkadot', chainId: polkadotMainnet.caipNetworkId, method: 'polkadot_signMessage', params: { address: dev1, message: 'x' } })).rejects.toThrow(ChainNotSupportedError)
    await expect(portico.request({ namespace: 'polkadot', chainId, method: 'polkadot_signMessage', params: { address: fresh('not-shared'), message: 'x' } })).rejects.toMatchObject({ code: 4100 })
  })
})

describe('docs/plugins/polkadot.md, "Sign your own transactions"', () => {
  it('shows the code these tests and the demo run: each line of its examples is in sendPolkadotBatch.ts or this file', () => {
    const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')
    const page = read('../../../docs/plugins/polkadot.md')
    const section = page.slice(page.indexOf('## Sign your own transactions'), page.indexOf('## From Node'))
    const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!)
    expect(blocks).toHaveLength(2)
    const sources = read('../../../sandbox/demo/siteTransactions/sendPolkadotBatch.ts') + read('./signer.test.ts')
    for (const line of blocks.flatMap((block) => block.split('\n'))) {
      const code = line.trim().replace(/^const /, '')
      if (code === '' || code.startsWith('//')) continue
      expect(sources, `the docs' line "${line.trim()}"`).toContain(code)
    }
  })
})
