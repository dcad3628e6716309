// The Polkadot dev wallet: its keys are the ones @polkadot/keyring derives, its signing payload is
// byte for byte the one @polkadot/types builds (what the Polkadot.js extension signs), its
// signatures verify with @polkadot/util-crypto, and it refuses what it should.
import { Keyring } from '@polkadot/keyring'
import { TypeRegistry } from '@polkadot/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { devMnemonic } from '../../../sandbox/devnets/devAccounts.js'
import { devPolkadotAddress } from '../../../sandbox/polkadot/devPolkadot.js'
import { createPolkadotDevWallet } from '../../../sandbox/polkadotWallet/createPolkadotDevWallet.js'
import { derivePolkadotDevKey } from '../../../sandbox/polkadotWallet/derivePolkadotDevKey.js'
import { encodeSigningPayload, type SignerPayload } from '../../../sandbox/polkadotWallet/signPolkadotPayload.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

beforeAll(() => cryptoWaitReady())

const keyring = () => new Keyring({ type: 'sr25519', ss58Format: 42 })
const payload = (overrides: Partial<SignerPayload> = {}): SignerPayload => ({
  address: devPolkadotAddress(0),
  blockHash: `0x${'ab'.repeat(32)}`,
  blockNumber: '0x00000010',
  era: '0x0501',
  genesisHash: `0x${'45'.repeat(32)}`,
  method: '0x0a03008eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48070010a5d4e8',
  nonce: '0x00000003',
  specVersion: '0x00000384',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x0000000d',
  signedExtensions: ['CheckNonZeroSender', 'CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'CheckWeight', 'ChargeAssetTxPayment'],
  version: 4,
  ...overrides,
})

describe('the Polkadot dev wallet', () => {
  it('holds the keys @polkadot/keyring derives from the dev mnemonic and //1', () => {
    expect(devPolkadotAddress(0)).toBe(keyring().addFromUri(devMnemonic).address)
    const second = derivePolkadotDevKey(devMnemonic, 1)
    expect(u8aToHex(second.publicKey)).toBe(u8aToHex(keyring().addFromUri(`${devMnemonic}//1`).publicKey))
  })

  it('builds the signing payload exactly as @polkadot/types does, for the Asset Hub, relay-chain and metadata-hash extension sets', () => {
    const sets: Partial<SignerPayload>[] = [
      {},
      { signedExtensions: ['CheckNonZeroSender', 'CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'CheckWeight', 'ChargeTransactionPayment', 'PrevalidateAttests'], tip: '0x00000000000000000000000000000064' },
      { signedExtensions: ['CheckNonZeroSender', 'CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'CheckWeight', 'ChargeTransactionPayment', 'CheckMetadataHash'], mode: 0 },
      { method: `0x0a03${'00'.repeat(300)}` }, // longer than 256 bytes: blake2b-256 of it is signed
    ]
    for (const overrides of sets) {
      const p = payload(overrides)
      const registry = new TypeRegistry()
      registry.setSignedExtensions(p.signedExtensions)
      const reference = registry.createType('ExtrinsicPayload', p, { version: 4 }).toU8a({ method: true })
      const expected = reference.length > 256 ? registry.hash(reference) : reference
      expect(u8aToHex(encodeSigningPayload(p))).toBe(u8aToHex(expected))
    }
  })

  it('signs payloads and raw bytes that @polkadot/util-crypto verifies; the Reject switch cancels; unknown accounts and extensions are refused', async () => {
    const keys = [{ name: 'Dev account 1', key: derivePolkadotDevKey(devMnemonic) }]
    const { entry, control } = createPolkadotDevWallet({ keys, storage: memoryStorage() })
    const extension = await entry.enable('test')
    const [account] = await extension.accounts.get()
    expect(account).toEqual({ address: devPolkadotAddress(0), name: 'Dev account 1', type: 'sr25519', genesisHash: null })

    const p = payload()
    const { signature } = await extension.signer.signPayload(p)
    expect(signature.slice(0, 4)).toBe('0x01') // MultiSignature::Sr25519
    const registry = new TypeRegistry()
    registry.setSignedExtensions(p.signedExtensions)
    const message = registry.createType('ExtrinsicPayload', p, { version: 4 }).toU8a({ method: true })
    expect(signatureVerify(message, `0x${signature.slice(4)}`, devPolkadotAddress(0)).isValid).toBe(true)

    const raw = await extension.signer.signRaw({ address: account!.address, data: '0x68656c6c6f', type: 'bytes' })
    expect(signatureVerify(u8aWrapBytes('0x68656c6c6f'), raw.signature, devPolkadotAddress(0))).toMatchObject({ isValid: true, crypto: 'sr25519' })

    await expect(extension.signer.signPayload(payload({ address: keyring().addFromUri('//Mallory').address }))).rejects.toMatchObject({ code: 4100 })
    await expect(extension.signer.signPayload(payload({ signedExtensions: ['CheckNonce', 'SomethingNew'] }))).rejects.toThrow(/SomethingNew/)
    await expect(extension.signer.signPayload(payload({ genesisHash: '0x1234' }))).rejects.toMatchObject({ code: -32602 })
    await expect(extension.signer.signPayload(payload({ version: 5 } as never))).rejects.toMatchObject({ code: -32602 })

    control.setMode('reject')
    await expect(extension.signer.signPayload(p)).rejects.toMatchObject({ code: 4001, message: 'Cancelled' })
    await expect(entry.enable('test')).rejects.toMatchObject({ code: 4001 })
    expect(control.activity().map((a) => a.outcome).slice(-2)).toEqual(['rejected', 'rejected'])
    control.setMode('approve')

    const seen: number[] = []
    extension.accounts.subscribe((accounts) => seen.push(accounts.length))
    await Promise.resolve()
    control.disconnect()
    expect(seen).toEqual([1, 0])
    await expect(extension.signer.signRaw({ address: account!.address, data: '0x00', type: 'bytes' })).rejects.toMatchObject({ code: 4100 })
  })
})
