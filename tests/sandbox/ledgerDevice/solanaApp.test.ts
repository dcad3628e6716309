import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { mnemonicToSeedSync } from '@scure/bip39'
import { getTransferSolInstruction } from '@solana-program/system'
import { address, appendTransactionMessageInstruction, compileTransaction, createNoopSigner, createTransactionMessage, lamports, pipe, setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash, type SignatureBytes } from '@solana/kit'
import { LiteSVM } from 'litesvm'
import { HDKey as SlipKey } from 'micro-key-producer/slip10.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { LedgerDevice } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { ledgerDeviceMnemonic, slip10Ed25519 } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { type LedgerTransport, Solana, type SolanaApp, openLedgerTransport, statusOf } from './fixtures/openLedgerTransport.js'

const path = "44'/501'/1'"
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** An off-chain message in the short v0 layout: signing domain ‖ version 0 ‖ format 0 ‖ length (LE) ‖ text. */
function offchainMessage(text: string): Buffer {
  const body = Buffer.from(text)
  const length = Buffer.alloc(2)
  length.writeUInt16LE(body.length)
  return Buffer.concat([Buffer.from([0xff]), Buffer.from('solana offchain'), Buffer.from([0, 0]), length, body])
}

describe('SLIP-0010 ed25519 derivation', () => {
  it('matches the SLIP-0010 test vector 1 and an independent implementation', () => {
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')
    expect(hex(slip10Ed25519(seed, []).privateKey)).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    const child = slip10Ed25519(seed, [0x8000_0000])
    expect(hex(child.privateKey)).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
    expect(hex(ed25519.getPublicKey(child.privateKey))).toBe('8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c')
    const phraseSeed = mnemonicToSeedSync(ledgerDeviceMnemonic)
    expect(hex(slip10Ed25519(phraseSeed, [0x8000_002c, 0x8000_01f5, 0x8000_0001]).privateKey)).toBe(hex(SlipKey.fromMasterSeed(phraseSeed).derive(`m/${path}`).privateKey))
  })

  it('refuses a non-hardened step with a typed error', () => {
    expect(() => slip10Ed25519(new Uint8Array(16), [0x8000_002c, 0])).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
  })
})

describe('the emulated Ledger, Solana app, driven by hw-transport-webhid + hw-app-solana', () => {
  let device: LedgerDevice
  let transport: LedgerTransport
  let solana: SolanaApp
  const expectedKey = () => ed25519.getPublicKey(SlipKey.fromMasterSeed(mnemonicToSeedSync(ledgerDeviceMnemonic)).derive(`m/${path}`).privateKey)

  beforeAll(async () => {
    ;({ device, transport } = await openLedgerTransport({ app: 'Solana' }))
    solana = new Solana(transport)
  })
  afterAll(async () => {
    await transport?.close()
  })

  it('answers its configuration and the SLIP-0010 public key of the path', async () => {
    expect(await solana.getAppConfiguration()).toEqual({ blindSigningEnabled: true, pubKeyDisplayMode: 0, version: '1.10.2' })
    const { address: key } = await solana.getAddress(path)
    expect(hex(key)).toBe(hex(expectedKey()))
    expect(device.address('solana', `m/${path}`)).toBe(base58.encode(key))
  })

  it('signs a real transfer message that LiteSVM accepts', async () => {
    const owner = address(base58.encode(expectedKey()))
    const recipient = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    const svm = new LiteSVM()
    svm.airdrop(owner, lamports(2_000_000_000n))
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(owner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1000n }, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(owner), destination: recipient, amount: 250_000_000n }), m),
    )
    const transaction = compileTransaction(message)
    const { signature } = await solana.signTransaction(path, Buffer.from(transaction.messageBytes))
    expect(ed25519.verify(signature, new Uint8Array(transaction.messageBytes), expectedKey())).toBe(true)
    const result = svm.sendTransaction({ ...transaction, signatures: { ...transaction.signatures, [owner]: new Uint8Array(signature) as SignatureBytes } })
    expect('err' in result ? String(result.err()) : 'ok').toBe('ok')
    expect(svm.getBalance(recipient)).toBe(250_000_000n)
    expect(device.activity().at(-1)).toMatchObject({ app: 'Solana', action: 'signTransaction', outcome: 'approved', screen: expect.stringMatching(/^Review transaction · Transfer 0\.25 SOL · To 9xQe…VFin · Fee payer /) })
  })

  it('signs an off-chain message (chunked past 255 bytes) whose signature verifies', async () => {
    const text = `Sign in to Portico · ${'x'.repeat(300)}`
    const message = offchainMessage(text)
    const { signature } = await solana.signOffchainMessage(path, message)
    expect(ed25519.verify(signature, message, expectedKey())).toBe(true)
    expect(device.activity().at(-1)?.screen).toBe(`Sign message · ${text}`)
  })

  it('answers 6985 on rejection, 6808 for an unknown program without blind signing, 6E00 / 6D00 for the wrong app, 5515 locked', async () => {
    device.setMode('reject')
    expect(await statusOf(solana.signOffchainMessage(path, offchainMessage('no')))).toBe('0x6985')
    device.setMode('approve')

    // A message whose one instruction calls a program the app cannot show.
    const owner = base58.encode(expectedKey())
    const program = base58.encode(new Uint8Array(32).fill(7))
    const keys = [owner, program].map((k) => [...base58.decode(k)])
    const unknown = Buffer.from([1, 0, 1, 2, ...keys.flat(), ...new Uint8Array(32).fill(1), 1, 1, 1, 0, 1, 9])
    device.setBlindSigning(false)
    await expect(solana.signTransaction(path, unknown)).rejects.toThrow(/blind signature/)
    device.setBlindSigning(true)
    expect((await solana.signTransaction(path, unknown)).signature).toHaveLength(64)

    device.openApp('dashboard')
    expect(await statusOf(solana.getAddress(path))).toBe('0x6e00')
    device.openApp('Ethereum')
    expect(await statusOf(solana.getAddress(path))).toBe('0x6d00')
    device.openApp('Solana')
    device.setLocked(true)
    expect(await statusOf(solana.getAddress(path))).toBe('0x5515')
    device.setLocked(false)
  })
})
