// The ledger plugin's polkadot code against the sandbox's emulated Ledger (its generic Polkadot app,
// sandbox/ledgerDevice/ledgerPolkadotApp.ts) behind a `navigator.hid` in Node, with the real
// `@zondax/ledger-substrate`: SS58 addresses by network prefix (checked with @polkadot/util-crypto),
// a `<Bytes>` message verified by `signatureVerify`, transactions with their RFC-0078 metadata proof
// (made by @polkadot-api/merkleize-metadata) on Polkadot's own v15 metadata, which has
// CheckMetadataHash: a matching digest signs (and @polkadot/types reads the signed extrinsic), a
// wrong one, a disabled mode, a tampered proof or a runtime without the extension is the app's
// 6984; on the sandbox's Substrate chain (Chopsticks, a runtime before RFC-0078) the channel refuses
// a transfer with the reason before the device is asked; a refusal on the device is the library's
// error and the kernel's 4001.
import { ed25519 } from '@noble/curves/ed25519.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { merkleizeMetadata, proof as proofCodec } from '@polkadot-api/merkleize-metadata'
import { getDynamicBuilder, getLookupFn } from '@polkadot-api/metadata-builders'
import { compact, decAnyMetadata, unifyMetadata } from '@polkadot-api/substrate-bindings'
import { Metadata, TypeRegistry } from '@polkadot/types'
import polkadotV15 from '@polkadot/types-support/metadata/v15/polkadot-hex'
import { cryptoWaitReady, decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { PolkadotGenericApp } from '@zondax/ledger-substrate'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { Network } from '../../../kernel/kernel.js'
import { ledgerChains } from '../../../plugins/ledger/chains/index.js'
import { createPolkadotChannel } from '../../../plugins/ledger/polkadot/createPolkadotChannel.js'
import { polkadotAccount, polkadotAddress } from '../../../plugins/ledger/polkadot/polkadotApp.js'
import { encodePolkadotPayload, type PolkadotSignerPayload } from '../../../plugins/ledger/polkadot/polkadotPayload.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import { definePolkadotNetwork } from '../../../plugins/polkadot/networks/definePolkadotNetwork.js'
import { planPolkadotTransfer, readPolkadotAccount, sendPolkadotTransfer, verifyPolkadotSignature } from '../../../plugins/polkadot/server/index.js'
import { createLedgerDevice, type LedgerDevice as EmulatedLedger } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { createLedgerDeviceKeys, parseLedgerPath } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { ledgerPolkadotAddress, ledgerPolkadotAddresses, ledgerPolkadotFunding, ledgerPolkadotProofDigest } from '../../../sandbox/ledgerDevice/ledgerPolkadotApp.js'
import { polkadotSandboxGenesisHash } from '../../../sandbox/polkadot/polkadotSandboxChain.js'
import { type PolkadotNode, startPolkadotNode } from '../../../sandbox/polkadot/startPolkadotNode.js'
import { pickSandboxPort } from '../../helpers/pickSandboxPort.js'

const path = (i: number) => `m/44'/354'/0'/0'/${i}'`
let node: PolkadotNode
let network: Network
let emulated: EmulatedLedger
let device: LedgerDevice
const hex = (bytes: Uint8Array): `0x${string}` => `0x${Buffer.from(bytes).toString('hex')}`
/** Runs a `PolkadotGenericApp` call on the device's transport, answering the library's own error instead of a typed one. */
const withApp = <T>(action: (app: PolkadotGenericApp) => Promise<T>) => device.run({ app: 'Polkadot' }, (transport) => action(new PolkadotGenericApp(transport)).catch((error: unknown) => ({ libraryError: error })))

beforeAll(async () => {
  await cryptoWaitReady()
  node = await startPolkadotNode({ port: (await pickSandboxPort()) + 6 })
  await node.setStorage({ System: { Account: [[[ledgerPolkadotAddresses[1]], { providers: 1, data: { free: ledgerPolkadotFunding.toString() } }]] } })
  network = definePolkadotNetwork({ genesisHash: polkadotSandboxGenesisHash, ss58Prefix: 42, name: 'Portico Substrate Devnet', rpcUrls: [node.rpcUrl], nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 } })
}, 120_000)
afterAll(async () => {
  await node?.stop()
})
beforeEach(async () => {
  emulated = createLedgerDevice()
  Object.defineProperty(globalThis, 'navigator', { value: { hid: createLedgerHid(emulated) }, configurable: true, writable: true })
  device = await loadLedgerDevice({ transport: 'auto' })
  await device.open({ prompt: true })
  emulated.openApp('Polkadot')
})
afterEach(async () => {
  await device.close()
})

/** Polkadot's own v15 metadata (it has CheckMetadataHash), as `metadata_at_version(15)` answers it: Option ‖ length ‖ the metadata from its magic. */
function polkadotMetadata(): Uint8Array {
  const bytes = Buffer.from(polkadotV15.slice(2), 'hex')
  return new Uint8Array(bytes.subarray(bytes.indexOf(Buffer.from('meta'))))
}

/** A transfer's SignerPayloadJSON on Polkadot's metadata (mode and hash given by the caller). */
function polkadotTransferPayload(metadataBytes: Uint8Array, extra: Partial<PolkadotSignerPayload>): PolkadotSignerPayload {
  const metadata = unifyMetadata(decAnyMetadata(metadataBytes))
  const { codec, location } = getDynamicBuilder(getLookupFn(metadata)).buildCall('Balances', 'transfer_keep_alive')
  const method = new Uint8Array([...location, ...codec.enc({ dest: { type: 'Id', value: ledgerPolkadotAddresses[2] }, value: 12_345_678_900n })])
  return {
    address: ledgerPolkadotAddresses[1],
    blockHash: hex(new Uint8Array(32).fill(7)),
    blockNumber: '0x00000010',
    era: '0x0501',
    genesisHash: hex(new Uint8Array(32).fill(9)),
    method: hex(method),
    nonce: '0x00000003',
    specVersion: '0x000f59b0',
    tip: '0x00000000000000000000000000000000',
    transactionVersion: '0x0000001a',
    signedExtensions: (metadata.extrinsic.signedExtensions[0] ?? []).map((e) => e.identifier),
    version: 4,
    ...extra,
  }
}

describe('ledger plugin × emulated generic Polkadot app (Node, @zondax/ledger-substrate)', () => {
  it('reads the SS58 address of the path in the network prefix; @polkadot/util-crypto reads the same key', async () => {
    const keys = createLedgerDeviceKeys()
    for (const i of [0, 1, 4]) {
      expect(ledgerPolkadotAddresses[i]).toBe(ledgerPolkadotAddress(keys, parseLedgerPath(path(i))))
      const { address, publicKey } = await polkadotAccount(device, path(i), network)
      expect(address).toBe(ledgerPolkadotAddresses[i])
      expect(hex(decodeAddress(address))).toBe(`0x${publicKey}`)
      const onPolkadot = await polkadotAddress(device, path(i), definePolkadotNetwork({ genesisHash: hex(new Uint8Array(32)), ss58Prefix: 0, name: 'P', rpcUrls: ['http://127.0.0.1:1'], nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 } }))
      expect(onPolkadot).toBe(encodeAddress(decodeAddress(address), 0))
      expect(onPolkadot.startsWith('1')).toBe(true)
    }
    const lib = (await withApp((app) => app.getAddressEd25519(path(3), 42))) as { address: string; pubKey: string }
    expect(lib.address).toBe(ledgerPolkadotAddresses[3])
    expect(ledgerChains.polkadot.isAddress(ledgerPolkadotAddresses[0])).toBe(true)
    // A two-byte prefix (64 and up) writes one character more.
    expect(ledgerChains.polkadot.isAddress(encodeAddress(decodeAddress(ledgerPolkadotAddresses[0]), 2000))).toBe(true)
    expect(ledgerChains.polkadot.isAddress('0xa487fcefe94141E032dC61A2351eB642DE7B6a8e')).toBe(false)
    // A path outside m/44'/354'/… or with a soft step is the app's 6984.
    expect(((await withApp((app) => app.getAddressEd25519("m/44'/354'/0'/0'/0", 42))) as { libraryError: { returnCode: number } }).libraryError.returnCode).toBe(0x6984)
  })

  it('polkadot_signMessage signs <Bytes>message</Bytes>; signatureVerify and the sign-in verifier accept it for that account only', async () => {
    const address = ledgerPolkadotAddresses[1]
    const channel = createPolkadotChannel({ device, path: path(1), address, networks: () => [network] })
    const message = 'Hello from Portico'
    const { signature } = (await channel.request({ method: 'polkadot_signMessage', params: { address, message: hex(new TextEncoder().encode(message)) }, chainId: network.caipNetworkId })) as { signature: string }
    expect(signature).toMatch(/^0x00[0-9a-f]{128}$/)
    expect(signatureVerify(`<Bytes>${message}</Bytes>`, signature, address)).toMatchObject({ isValid: true, crypto: 'ed25519' })
    expect(signatureVerify(`<Bytes>${message}!</Bytes>`, signature, address).isValid).toBe(false)
    expect(signatureVerify(`<Bytes>${message}</Bytes>`, signature, ledgerPolkadotAddresses[2]).isValid).toBe(false)
    expect(await verifyPolkadotSignature({ message, signature, address })).toBe(true)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Polkadot', action: 'signMessage', screen: `Sign message · ${message}`, outcome: 'approved' })
    // Data not wrapped in <Bytes> is refused by the app (6984), as a transaction in disguise would be.
    expect(((await withApp((app) => app.signRawEd25519(path(1), Buffer.from('not wrapped')))) as { libraryError: { returnCode: number } }).libraryError.returnCode).toBe(0x6984)
  })

  it("signs a transaction with its metadata proof when the payload's CheckMetadataHash is the proof's digest; a wrong digest or a disabled mode is refused", async () => {
    const metadataBytes = polkadotMetadata()
    const merkleizer = merkleizeMetadata(metadataBytes, { decimals: 10, tokenSymbol: 'DOT' })
    const digest = merkleizer.digest()
    const { bytes } = encodePolkadotPayload(polkadotTransferPayload(metadataBytes, { mode: 1, metadataHash: hex(digest) }))
    const proof = merkleizer.getProofForExtrinsicPayload(bytes)
    const answered = await withApp((app) => app.signWithMetadataEd25519(path(1), Buffer.from(bytes), Buffer.from(proof)))
    expect(answered).not.toHaveProperty('libraryError')
    const { signature } = answered as { signature: Buffer }
    expect(signature.length).toBe(65)
    expect(signature[0]).toBe(0)
    const signedBytes = bytes.length > 256 ? blake2b(bytes, { dkLen: 32 }) : bytes
    expect(ed25519.verify(signature.subarray(1), signedBytes, decodeAddress(ledgerPolkadotAddresses[1]))).toBe(true)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Polkadot', action: 'signTransaction', outcome: 'approved' })
    expect(emulated.activity().at(-1)!.screen).toBe(`Sign transaction · polkadot 1006000 · Balances.transfer_keep_alive · to ${encodeAddress(decodeAddress(ledgerPolkadotAddresses[2]), 0)} · 1.23456789 DOT`)

    const count = emulated.activity().length
    for (const extra of [{ mode: 1, metadataHash: hex(new Uint8Array(32).fill(1)) }, { mode: 0 }]) {
      const other = encodePolkadotPayload(polkadotTransferPayload(metadataBytes, extra)).bytes
      const answer = (await withApp((app) => app.signWithMetadataEd25519(path(1), Buffer.from(other), Buffer.from(merkleizer.getProofForExtrinsicPayload(other))))) as { libraryError: { returnCode: number; errorMessage: string } }
      expect(answer.libraryError).toMatchObject({ returnCode: 0x6984 })
      expect(answer.libraryError.errorMessage).toContain('Wrong Metadata digest')
    }
    // A proof tampered with (one byte of its last hash) rebuilds another digest: refused too.
    const tampered = Uint8Array.from(proof)
    tampered[tampered.length - 60]! ^= 1
    expect(((await withApp((app) => app.signWithMetadataEd25519(path(1), Buffer.from(bytes), Buffer.from(tampered)))) as { libraryError: { returnCode: number } }).libraryError.returnCode).toBe(0x6984)
    expect(emulated.activity().length).toBe(count)
  })

  it('polkadot_signTransaction on a runtime with CheckMetadataHash: the mode is enabled with the digest, the device signs with the proof, and @polkadot/types reads the signed extrinsic and its signature', async () => {
    const metadataBytes = polkadotMetadata()
    const address = ledgerPolkadotAddresses[1]
    const polkadot = definePolkadotNetwork({ genesisHash: hex(new Uint8Array(32).fill(9)), ss58Prefix: 42, name: 'Polkadot metadata', rpcUrls: ['http://127.0.0.1:9/rpc'], nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 } })
    const asked: string[] = []
    // The node of this unit test: the one call the channel makes, answered with Polkadot's v15 metadata.
    const fetchFn = (async (_url: string, init: { body: string }) => {
      const { method, params } = JSON.parse(init.body) as { method: string; params: unknown[] }
      asked.push(`${method} ${String(params[0])}`)
      const lengthPrefix = Buffer.from(compact.enc(metadataBytes.length))
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: hex(new Uint8Array([1, ...lengthPrefix, ...metadataBytes])) }))
    }) as unknown as typeof fetch
    const channel = createPolkadotChannel({ device, path: path(1), address, networks: () => [polkadot], fetch: fetchFn })
    const transactionPayload = polkadotTransferPayload(metadataBytes, { mode: 0 })
    const { signature, signedTransaction } = (await channel.request({ method: 'polkadot_signTransaction', params: { address, transactionPayload }, chainId: polkadot.caipNetworkId })) as { signature: string; signedTransaction: string }
    expect(asked).toEqual([`state_call Metadata_metadata_at_version`])
    const registry = new TypeRegistry()
    registry.setMetadata(new Metadata(registry, hex(metadataBytes) as `0x${string}`))
    const extrinsic = registry.createType('Extrinsic', signedTransaction)
    expect(extrinsic.isSigned).toBe(true)
    expect(`${extrinsic.method.section}.${extrinsic.method.method}`).toBe('balances.transferKeepAlive')
    expect(extrinsic.signer.toString()).toBe(encodeAddress(decodeAddress(address), 0))
    expect(extrinsic.signature.toHex()).toBe(`0x${signature.slice(4)}`)
    const digest = hex(merkleizeMetadata(metadataBytes, { decimals: 10, tokenSymbol: 'DOT' }).digest())
    const signedPayload = registry.createType('ExtrinsicPayload', { ...transactionPayload, mode: 1, metadataHash: digest }, { version: 4 }).toU8a({ method: true })
    expect(signatureVerify(signedPayload, signature, address)).toMatchObject({ isValid: true, crypto: 'ed25519' })
    expect(signatureVerify(registry.createType('ExtrinsicPayload', transactionPayload, { version: 4 }).toU8a({ method: true }), signature, address).isValid).toBe(false)
  })

  it("on the sandbox chain, whose runtime predates CheckMetadataHash (and metadata v15), a transfer is refused with the reason before the device is asked; nothing moves", async () => {
    const address = ledgerPolkadotAddresses[1]
    const to = ledgerPolkadotAddresses[3]
    const channel = createPolkadotChannel({ device, path: path(1), address, networks: () => [network] })
    const before = await readPolkadotAccount({ network, publicKey: decodeAddress(address) })
    const plan = await planPolkadotTransfer({ request: { namespace: 'polkadot', connectorId: 'ledger', from: address, to, amount: '1.5', network } })
    const count = emulated.activity().length
    const sent = sendPolkadotTransfer({
      network,
      plan,
      address,
      signPayload: async (transactionPayload) => ({ id: 0, ...((await channel.request({ method: 'polkadot_signTransaction', params: { address, transactionPayload }, chainId: network.caipNetworkId })) as { signature: `0x${string}` }) }),
      signRaw: async () => {
        throw new Error('not used')
      },
    })
    await expect(sent).rejects.toMatchObject({ code: 4200, shortMessage: "The Ledger Polkadot app signs only where the runtime checks a metadata hash (CheckMetadataHash, RFC-0078); Portico Substrate Devnet's runtime does not" })
    expect(emulated.activity().length).toBe(count)
    expect((await readPolkadotAccount({ network, publicKey: decodeAddress(address) })).free).toBe(before.free)
    expect((await readPolkadotAccount({ network, publicKey: decodeAddress(to) })).free).toBe(0n)
  }, 60_000)

  it('the emulated app refuses a proof whose runtime has no CheckMetadataHash, even with its digest in the payload, as the real app refuses every such runtime', async () => {
    const metadataBytes = polkadotMetadata()
    const merkleizer = merkleizeMetadata(metadataBytes, { decimals: 10, tokenSymbol: 'DOT' })
    const first = encodePolkadotPayload(polkadotTransferPayload(metadataBytes, { mode: 1, metadataHash: hex(merkleizer.digest()) })).bytes
    const proof = proofCodec.dec(merkleizer.getProofForExtrinsicPayload(first))
    const without = { ...proof, extrinsic: { ...proof.extrinsic, signedExtensions: proof.extrinsic.signedExtensions.filter((e) => e.identifier !== 'CheckMetadataHash') } }
    const digest = ledgerPolkadotProofDigest(without)!
    expect(digest).toBeInstanceOf(Uint8Array)
    const bytes = encodePolkadotPayload(polkadotTransferPayload(metadataBytes, { mode: 1, metadataHash: hex(digest) })).bytes
    const answer = (await withApp((app) => app.signWithMetadataEd25519(path(1), Buffer.from(bytes), Buffer.from(proofCodec.enc(without))))) as { libraryError: { returnCode: number } }
    expect(answer.libraryError.returnCode).toBe(0x6984)
  })

  it('a refusal on the device is the library error 6986 and the kernel rejection (4001); nothing is signed', async () => {
    const address = ledgerPolkadotAddresses[1]
    const channel = createPolkadotChannel({ device, path: path(1), address, networks: () => [network] })
    emulated.setMode('reject')
    const answer = (await withApp((app) => app.signRawEd25519(path(1), Buffer.from('<Bytes>no</Bytes>')))) as { libraryError: { returnCode: number; errorMessage: string } }
    expect(answer.libraryError).toMatchObject({ returnCode: 0x6986 })
    await expect(channel.request({ method: 'polkadot_signMessage', params: { address, message: 'no' }, chainId: network.caipNetworkId })).rejects.toMatchObject({ code: 4001, shortMessage: 'The request was rejected on your Ledger' })
    expect(emulated.activity().filter((a) => a.outcome === 'approved')).toEqual([])
    await expect(channel.request({ method: 'polkadot_signMessage', params: { address: ledgerPolkadotAddresses[2], message: 'no' }, chainId: network.caipNetworkId })).rejects.toMatchObject({ code: 4100 })
  })
})
