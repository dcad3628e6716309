// portico/chain-kit's `SignerPayloadJSON` encoder (the one the Ledger's polkadot channel and the
// sandbox's Polkadot dev wallet both sign with): its bytes are byte for byte the signing payload
// @polkadot/types builds for the same payload (what the Polkadot.js extension signs), for every
// extension set and every width of SCALE compact it writes, and what it cannot sign is a -32602
// naming what is wrong.
import { TypeRegistry } from '@polkadot/types'
import { u8aConcat, u8aToHex } from '@polkadot/util'
import { describe, expect, it } from 'vitest'
import { encodePolkadotSignerPayload, type PolkadotSignerPayload } from '../../chain-kit/index.js'
import { ProviderRpcError } from '../../kernel/errors/index.js'

const assetHub = ['CheckNonZeroSender', 'CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'CheckWeight', 'ChargeAssetTxPayment', 'CheckMetadataHash']
const relay = ['CheckNonZeroSender', 'CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'CheckWeight', 'ChargeTransactionPayment', 'PrevalidateAttests', 'CheckMetadataHash']

// A Polkadot relay-chain transfer: genesis, runtime versions and call as a wallet receives them.
const relayTransfer = { method: '0x0503001cbd2d43530a44705ad088af313e18f80b53ef16b36177cd4b77b846f2a5f07c0b00407a10f35a', era: '0xa503', nonce: '0x0000002a' }
const relayChain = { genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3', specVersion: '0x0013e9f4', transactionVersion: '0x0000001a' }
const payload = (overrides: Partial<PolkadotSignerPayload> = {}): PolkadotSignerPayload => ({
  ...{ address: '14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3', blockHash: `0x${'c3'.repeat(32)}`, blockNumber: '0x01623a5f', tip: '0x00000000000000000000000000000000', version: 4 },
  ...{ ...relayTransfer, ...relayChain, signedExtensions: assetHub },
  ...overrides,
})

/** @polkadot/types' reading of the payload: the signing payload and its fields' encodings. */
function reference(p: PolkadotSignerPayload) {
  const registry = new TypeRegistry()
  registry.setSignedExtensions(p.signedExtensions)
  const extrinsicPayload = registry.createType('ExtrinsicPayload', p, { version: 4 })
  const inner = (extrinsicPayload as unknown as { inner: Map<string, { toU8a(): Uint8Array }> }).inner
  const field = (name: string) => inner.get(name)!.toU8a()
  // Each extension's value in the extrinsic, as Substrate's extensions define it, from the library's fields.
  const extraOf: Record<string, () => Uint8Array> = {
    CheckMortality: () => field('era'),
    CheckNonce: () => field('nonce'),
    ChargeTransactionPayment: () => field('tip'),
    ChargeAssetTxPayment: () => u8aConcat(field('tip'), field('assetId')),
    CheckMetadataHash: () => field('mode'),
  }
  return {
    bytes: extrinsicPayload.toU8a({ method: true }),
    extra: p.signedExtensions.map((identifier) => extraOf[identifier]?.() ?? new Uint8Array()),
  }
}

const hexList = (list: Uint8Array[]) => list.map((bytes) => u8aToHex(bytes))

describe('encodePolkadotSignerPayload (portico/chain-kit)', () => {
  it.each([
    ['Asset Hub (ChargeAssetTxPayment)', {}],
    ['relay chain (ChargeTransactionPayment, PrevalidateAttests), a tip', { signedExtensions: relay, tip: '0x00000000000000000000000000000064' }],
    ['an immortal era', { era: '0x00' }],
    ['the metadata hash checked (mode 1)', { mode: 1, metadataHash: `0x${'11'.repeat(32)}` }],
    ['a call longer than 256 bytes (given whole: the signer hashes it)', { method: `0x0a03${'00'.repeat(300)}` }],
    ['numbers as plain integers', { nonce: 7 as never, specVersion: 1_002_000 as never, transactionVersion: 15 as never }],
  ] as const)('%s: the bytes @polkadot/types signs', (_, overrides) => {
    const p = payload(overrides as Partial<PolkadotSignerPayload>)
    const encoded = encodePolkadotSignerPayload(p)
    const expected = reference(p)
    expect(u8aToHex(encoded.bytes)).toBe(u8aToHex(expected.bytes))
    expect(u8aToHex(encoded.callData)).toBe(p.method)
    expect(hexList(encoded.extra)).toEqual(hexList(expected.extra))
  })

  // SCALE compact's four modes and their edges: 1 byte below 2^6, 2 below 2^14, 4 below 2^30, then a length byte.
  const compactEdges = [0n, 63n, 64n, 16_383n, 16_384n, 2n ** 30n - 1n, 2n ** 30n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 64n + 5n, 2n ** 128n - 1n]
  it.each(compactEdges)('tip and nonce %s: the compact encoding @polkadot/types writes', (value) => {
    const hex = `0x${value.toString(16)}`
    for (const signedExtensions of [assetHub, relay]) {
      const p = payload({ signedExtensions, tip: hex, nonce: value < 2n ** 32n ? hex : '0x05' })
      const expected = reference(p)
      const encoded = encodePolkadotSignerPayload(p)
      expect(u8aToHex(encoded.bytes)).toBe(u8aToHex(expected.bytes))
      expect(hexList(encoded.extra)).toEqual(hexList(expected.extra))
    }
  })

  it('refuses what it cannot sign with a -32602 that says what is wrong, and leaves the payload as it was', () => {
    const cases: [string, Partial<PolkadotSignerPayload>, RegExp][] = [
      ['version 5', { version: 5 }, /Only version 4/],
      ['extensions not a list', { signedExtensions: 'CheckNonce' as never }, /signedExtensions are not a list/],
      ['an unknown extension', { signedExtensions: ['CheckNonce', 'SomethingNew'] }, /SomethingNew is not known/],
      ['a method that is not hex', { method: '0x0a0' }, /method is not hex/],
      ['a short genesis hash', { genesisHash: '0x1234' }, /genesisHash is not 32 bytes/],
      ['a three-byte era', { era: '0x050100' }, /era is not hex/],
      ['an empty era', { era: '0x' }, /era is not an era/],
      ['a tip over 128 bits', { tip: `0x1${'0'.repeat(32)}` }, /tip is not a hex number/],
      ['a spec version over 32 bits', { specVersion: '0x100000000' }, /does not fit in 32 bits/],
      ['a fee asset', { assetId: { parents: 0, interior: 'Here' } }, /assetId is not signed: fees are paid in the native currency only/],
      ['metadata-hash mode 2', { mode: 2 }, /mode is not 0 or 1/],
      ['mode 1 without a hash', { mode: 1 }, /metadataHash is not hex/],
    ]
    for (const [what, overrides, message] of cases) {
      const p = payload(overrides)
      const before = structuredClone(p)
      expect(() => encodePolkadotSignerPayload(p), what).toThrow(ProviderRpcError)
      expect(() => encodePolkadotSignerPayload(p), what).toThrow(expect.objectContaining({ code: -32602, shortMessage: expect.stringMatching(message) }))
      expect(p, what).toEqual(before)
    }
    expect(() => encodePolkadotSignerPayload(undefined as never)).toThrow(/Only version 4/)
  })
})
