import '../../helpers/polkadotLoaded.js'
// portico/polkadot, first part: SS58 rules against published addresses, the networks' CAIP-2 ids,
// discovery of window.injectedWeb3, connect / account changes / network moves with an extension
// whose keys are real (sr25519 from @scure/sr25519), and the sign-in verifier for sr25519, ed25519
// and ecdsa signatures made with other libraries' signing functions.
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2.js'
import { randomBytes } from '@noble/hashes/utils.js'
import * as sr25519 from '@scure/sr25519'
import { afterAll, describe, expect, it } from 'vitest'

import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { kusama, polkadot, polkadotMainnet, westend } from '../../../plugins/polkadot/index.js'
import { listPolkadotWallets } from '../../../plugins/polkadot/discovery/createPolkadotWalletDiscovery.js'
import { decodeSs58, encodeSs58, isPolkadotAddress } from '../../../plugins/polkadot/utils/ss58.js'
import { verifyPolkadotSignature } from '../../../plugins/polkadot/actions/verifyPolkadotSignature.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
const fromHex = (h: string) => Uint8Array.from(h.replace(/^0x/, '').match(/../g)!, (b) => parseInt(b, 16))
// Alice's well-known sr25519 public key and its addresses (Substrate's docs and subkey).
const alice = fromHex('d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d')

describe('SS58', () => {
  it('encodes and decodes the published addresses of one key for prefixes 42, 0 and 2', () => {
    expect(encodeSs58(alice, 42)).toBe('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')
    expect(encodeSs58(alice, 0)).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
    expect(encodeSs58(alice, 2)).toBe('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F')
    expect(decodeSs58('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')).toEqual({ publicKey: alice, prefix: 0 })
    expect(isPolkadotAddress('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F', 2)).toBe(true)
    expect(isPolkadotAddress('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F', 0)).toBe(false)
  })

  it('round-trips two-byte prefixes and 33-byte ecdsa keys', () => {
    for (const prefix of [64, 255, 1284, 16383]) {
      const address = encodeSs58(alice, prefix)
      expect(decodeSs58(address)).toEqual({ publicKey: alice, prefix })
    }
    const ecdsaKey = secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true)
    expect(decodeSs58(encodeSs58(ecdsaKey, 0))?.publicKey).toEqual(ecdsaKey)
  })

  it('refuses a broken checksum, a changed case, bad characters, wrong lengths, reserved prefixes and junk', () => {
    const good = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    for (const bad of [
      `${good.slice(0, -1)}Z`,
      good.replace('G', 'g'),
      good.replace('w', '0'),
      good.slice(0, -2),
      `${good}1`,
      '0x' + 'ab'.repeat(32),
      '',
      'x'.repeat(200),
      null,
      42,
    ]) {
      expect(isPolkadotAddress(bad), String(bad)).toBe(false)
    }
    expect(() => encodeSs58(alice, 46)).toThrow()
    expect(() => encodeSs58(alice.subarray(1), 0)).toThrow()
  })
})

describe('networks', () => {
  it('are CAIP-2 ids from the genesis hash, with their prefixes and Subscan links', () => {
    expect([polkadotMainnet, kusama, westend].map((n) => [n.caipNetworkId, n.polkadot.ss58Prefix, n.nativeCurrency.symbol, n.nativeCurrency.decimals])).toEqual([
      ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 0, 'DOT', 10],
      ['polkadot:b0a8d493285c2df73290dfb7e61f870f', 2, 'KSM', 12],
      ['polkadot:e143f23803ac50e8f6f8e62695d1ce9e', 42, 'WND', 12],
    ])
  })

  it('the plugin passes the structural conformance check', async () => {
    const report = await checkPlugin({ plugin: polkadot({}, { window: {} }), networks: [polkadotMainnet, kusama, westend] })
    expect(report.issues).toEqual([])
  })
})

describe('window.injectedWeb3 discovery', () => {
  it('lists each extension once under its name, Nova by its flag, and skips what is not an extension', () => {
    const entry = { version: '1', enable: async () => ({}) }
    const root: Record<string, unknown> = { injectedWeb3: { 'polkadot-js': entry, talisman: entry, 'subwallet-js': entry, 'some-new-wallet': entry, broken: { enable: 'no' }, '../x': entry } }
    Object.defineProperty(root.injectedWeb3 as object, 'hostile', { enumerable: true, get: () => { throw new Error('no') } })
    expect(listPolkadotWallets(root).map((w) => [w.id, w.name])).toEqual([
      ['polkadot-js', 'Polkadot.js'],
      ['talisman', 'Talisman'],
      ['subwallet-js', 'SubWallet'],
      ['some-new-wallet', 'some-new-wallet'],
    ])
    expect(listPolkadotWallets({ injectedWeb3: { 'polkadot-js': entry }, walletExtension: { isNovaWallet: true } }).map((w) => w.name)).toEqual(['Nova Wallet'])
    expect(listPolkadotWallets({ injectedWeb3: 'nope' })).toEqual([])
  })
})

/** An extension with real sr25519 keys: signRaw signs `<Bytes>…</Bytes>` of the data, as Polkadot.js does. */
function extension(secrets: Uint8Array[]) {
  let listener: ((accounts: { address: string; name: string; type: string }[]) => void) | undefined
  let shared = secrets.map((secret, i) => ({ address: encodeSs58(sr25519.getPublicKey(secret), 42), name: `Account ${i + 1}`, type: 'sr25519' }))
  const keyOf = (address: string) => secrets.find((s) => encodeSs58(sr25519.getPublicKey(s), 42) === address)
  const api = {
    accounts: {
      get: async () => shared,
      subscribe: (cb: typeof listener) => {
        listener = cb
        return () => (listener = undefined)
      },
    },
    signer: {
      signRaw: async ({ address, data }: { address: string; data: string }) => {
        const secret = keyOf(address)
        if (!secret) throw new Error('Unable to find account')
        const wrapped = new TextEncoder().encode(`<Bytes>${new TextDecoder().decode(fromHex(data))}</Bytes>`)
        return { id: 1, signature: hex(Uint8Array.of(1, ...sr25519.sign(secret, wrapped))) }
      },
    },
  }
  return {
    entry: { version: '0.1', enable: async () => api },
    share(next: Uint8Array[]) {
      shared = next.map((secret, i) => ({ address: encodeSs58(sr25519.getPublicKey(secret), 42), name: `Account ${i + 1}`, type: 'sr25519' }))
      listener?.(shared)
    },
    hasListener: () => listener !== undefined,
  }
}

describe('the polkadot plugin with an extension', () => {
  const created: Portico[] = []
  afterAll(async () => Promise.all(created.map((p) => p.destroy())))

  it('connects, shows the address in the network prefix, moves it with the network, follows account changes and signs', async () => {
    const [a, b] = [sr25519.secretFromSeed(randomBytes(32)), sr25519.secretFromSeed(randomBytes(32))]
    const ext = extension([a!, b!])
    const portico = createPorticoKernel({ projectId: 'test', networks: [polkadotMainnet, kusama], plugins: [polkadot({ appName: 'Test' }, { window: { injectedWeb3: { talisman: ext.entry } } })], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    created.push(portico)
    await portico.ready()
    await portico.discoverWallets('polkadot')
    const connection = await portico.connect({ connectorId: 'talisman', namespace: 'polkadot', network: polkadotMainnet })
    expect(connection.address).toBe(encodeSs58(sr25519.getPublicKey(a!), 0))
    expect(portico.stores.connections.get('polkadot').accounts.map((x) => x.address)).toEqual([encodeSs58(sr25519.getPublicKey(a!), 0), encodeSs58(sr25519.getPublicKey(b!), 0)])
    expect(portico.isAddress(encodeSs58(alice, 0), 'polkadot')).toBe(true)
    expect(portico.isAddress(encodeSs58(alice, 2), 'polkadot')).toBe(false)

    const message = 'Sign in to Portico'
    const signature = await portico.signMessage({ message, namespace: 'polkadot' })
    expect(await verifyPolkadotSignature({ message, signature, address: connection.address! })).toBe(true)
    expect(await verifyPolkadotSignature({ message: `${message}!`, signature, address: connection.address! })).toBe(false)
    expect(await portico.signInVerifiers.get('polkadot')!.verify({ message, signature, address: connection.address!, network: polkadotMainnet })).toBe(true)

    await portico.switchNetwork(kusama)
    await expect.poll(() => portico.getState().connections.polkadot?.address).toBe(encodeSs58(sr25519.getPublicKey(a!), 2))

    ext.share([b!])
    await expect.poll(() => portico.getState().connections.polkadot?.address).toBe(encodeSs58(sr25519.getPublicKey(b!), 2))
    ext.share([])
    await expect.poll(() => portico.getState().connections.polkadot?.status).toBe('disconnected')
  })

  it('an extension that refuses is "Connection rejected" (4001), and a silent reconnect asks nothing', async () => {
    const refusing = { enable: async () => { throw new Error('Rejected by user') } }
    const portico = createPorticoKernel({ projectId: 'test', networks: [polkadotMainnet], plugins: [polkadot({}, { window: { injectedWeb3: { 'polkadot-js': refusing } } })], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    created.push(portico)
    await portico.ready()
    await portico.discoverWallets('polkadot')
    await expect(portico.connect({ connectorId: 'polkadot-js', namespace: 'polkadot' })).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
  })
})

describe('the sign-in verifier', () => {
  const message = 'Portico sign-in'
  const wrapped = new TextEncoder().encode(`<Bytes>${message}</Bytes>`)

  it('accepts ed25519 (by @noble/curves) with and without the type byte, and refuses it tampered', async () => {
    const secret = ed25519.utils.randomPrivateKey()
    const address = encodeSs58(ed25519.getPublicKey(secret), 0)
    const signature = ed25519.sign(wrapped, secret)
    expect(await verifyPolkadotSignature({ message, signature: hex(signature), address })).toBe(true)
    expect(await verifyPolkadotSignature({ message, signature: hex(Uint8Array.of(0, ...signature)), address })).toBe(true)
    expect(await verifyPolkadotSignature({ message: 'other', signature: hex(signature), address })).toBe(false)
  })

  it('accepts ecdsa (secp256k1 over blake2b-256, the account id the hash of the compressed key), and refuses another account', async () => {
    const secret = secp256k1.utils.randomPrivateKey()
    const accountId = blake2b(secp256k1.getPublicKey(secret, true), { dkLen: 32 })
    const address = encodeSs58(accountId, 0)
    const sig = secp256k1.sign(blake2b(wrapped, { dkLen: 32 }), secret)
    const bytes = Uint8Array.of(2, ...sig.toCompactRawBytes(), sig.recovery)
    expect(await verifyPolkadotSignature({ message, signature: hex(bytes), address })).toBe(true)
    expect(await verifyPolkadotSignature({ message, signature: hex(bytes), address: encodeSs58(alice, 0) })).toBe(false)
  })

  it('refuses junk signatures and addresses', async () => {
    for (const [signature, address] of [['0x', encodeSs58(alice, 0)], ['0xzz', encodeSs58(alice, 0)], [`0x${'00'.repeat(64)}`, encodeSs58(alice, 0)], [`0x01${'ab'.repeat(64)}`, 'not an address']] as const) {
      expect(await verifyPolkadotSignature({ message, signature, address })).toBe(false)
    }
  })
})

describe('signatures made outside the project', () => {
  it('a signRaw signature made the Polkadot.js way (@polkadot/keyring over the <Bytes>-wrapped message) verifies, for sr25519, ed25519 and ecdsa keys', async () => {
    const { Keyring } = await import('@polkadot/keyring')
    const { cryptoWaitReady } = await import('@polkadot/util-crypto')
    const { createPolkadotJsSigner } = await import('../../helpers/createPolkadotJsSigner.js')
    await cryptoWaitReady()
    const message = 'example.com wants you to sign in with your Polkadot account'
    const data = hex(new TextEncoder().encode(message))
    const signer = await createPolkadotJsSigner('//PorticoVerifierTest')
    const { signature } = await signer.signRaw({ address: signer.pair.address, data, type: 'bytes' })
    expect(await verifyPolkadotSignature({ message, signature, address: signer.pair.address })).toBe(true)
    expect(await verifyPolkadotSignature({ message: `${message}.`, signature, address: signer.pair.address })).toBe(false)
    for (const type of ['ed25519', 'ecdsa'] as const) {
      const pair = new Keyring({ type, ss58Format: 0 }).addFromUri(`//PorticoVerifier${type}`)
      const { u8aWrapBytes } = await import('@polkadot/util')
      const made = hex(pair.sign(u8aWrapBytes(data), { withType: true }))
      expect(await verifyPolkadotSignature({ message, signature: made, address: pair.address }), type).toBe(true)
      expect(await verifyPolkadotSignature({ message: 'other', signature: made, address: pair.address }), type).toBe(false)
    }
  })
})
