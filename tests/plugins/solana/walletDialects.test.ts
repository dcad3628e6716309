// The solana plugin against wallets that refuse in other dialects than the Portico Dev Wallet's
// (issue 46): Phantom's silent connect is `connect({ onlyIfTrusted: true })`, which throws 4001
// for a site it no longer trusts (docs.phantom.com/solana/establishing-a-connection); Solflare's
// SDK rejects a request the visitor declined with no value at all (github.com/solflare-wallet/solflare-sdk,
// src/index.ts). The wallets here are Wallet Standard objects written for the test, signing for real.
import '../../helpers/solanaLoaded.js'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterAll, describe, expect, it } from 'vitest'
import { ConnectionRejectedError, createPorticoKernel, ProviderRpcError, type Portico } from '../../../kernel/kernel.js'
import { solana, solanaLocalnet } from '../../../plugins/solana/index.js'
import { callWallet, isSilentRefusal } from '../../../plugins/solana/utils/callWallet.js'
import { devSolanaAddress, devSolanaSecretKey } from '../../../sandbox/solana/devSolana.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

type Refusal = { kind: 'none' } | { kind: 'throw'; value: unknown }

/** A Wallet Standard wallet whose site trust and refusals the test sets. */
function dialectWallet(name: string) {
  const secret = devSolanaSecretKey()
  const account: WalletAccount = Object.freeze({ address: devSolanaAddress, publicKey: secret.slice(32), chains: ['solana:localnet'] as const, features: ['solana:signMessage'] as const })
  const state = { trusted: false, connected: false, connectRefusal: { kind: 'none' } as Refusal, signRefusal: { kind: 'none' } as Refusal, log: [] as string[] }
  const refuse = (refusal: Refusal) => {
    if (refusal.kind === 'throw') throw refusal.value
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:localnet'],
    get accounts() {
      return state.connected ? [account] : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          state.log.push(input?.silent ? 'silent connect' : 'connect')
          // Phantom: silent is onlyIfTrusted, which throws 4001 for an untrusted site.
          if (input?.silent && !state.trusted) throw { code: 4001, message: 'User rejected the request.' }
          if (!input?.silent) refuse(state.connectRefusal)
          state.trusted = true
          state.connected = true
          return { accounts: [account] }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void (state.connected = false) },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(input: { message: Uint8Array }) {
          refuse(state.signRefusal)
          return [{ signedMessage: input.message, signature: ed25519.sign(input.message, secret.subarray(0, 32)) }]
        },
      },
    },
  }
  return { wallet, state }
}

const created: Portico[] = []
afterAll(async () => {
  await Promise.all(created.map((p) => p.destroy()))
})

function setup(wallets: Wallet[], storage = memoryStorage()) {
  const registry = { get: () => wallets, on: () => () => {} }
  const portico = createPorticoKernel({ projectId: 'test', networks: [solanaLocalnet], plugins: [solana({}, { wallets: registry })], storage, endpoints: { api: 'http://127.0.0.1:9' } })
  created.push(portico)
  const errors: { message?: unknown; action?: unknown }[] = []
  portico.subscribe('event', (event) => {
    if (event.type === 'error') errors.push(event.properties as { message?: unknown; action?: unknown })
  })
  return { portico, storage, errors }
}

describe('silent reconnect refused by the wallet (Phantom: onlyIfTrusted throws 4001)', () => {
  it('is dropped quietly: no connection, no error reported, the wallet asked once and silently', async () => {
    const { wallet, state } = dialectWallet('Trusting Wallet')
    const first = setup([wallet])
    await first.portico.ready()
    await first.portico.connect({ connectorId: 'Trusting Wallet', namespace: 'solana' })
    expect(first.portico.getAccount('solana').address).toBe(devSolanaAddress)
    // The visitor removes the site from the wallet's trusted apps while the page is closed.
    state.trusted = false
    state.connected = false
    state.log.length = 0
    const second = setup([wallet], memoryStorage(Object.fromEntries(first.storage.data)))
    await second.portico.ready()
    expect(second.portico.getState().connections.solana?.status).toBe('disconnected')
    expect(state.log).toEqual(['silent connect'])
    expect(second.errors).toEqual([])
  })

  it('a silent connect that fails otherwise is still reported', async () => {
    const { wallet } = dialectWallet('Broken Wallet')
    const connect = (wallet.features['standard:connect'] as { connect: (input?: { silent?: boolean }) => Promise<unknown> })
    const first = setup([wallet])
    await first.portico.ready()
    await first.portico.connect({ connectorId: 'Broken Wallet', namespace: 'solana' })
    const original = connect.connect
    connect.connect = async () => {
      throw { code: -32603, message: 'The wallet crashed' }
    }
    try {
      const second = setup([wallet], memoryStorage(Object.fromEntries(first.storage.data)))
      await second.portico.ready()
      expect(second.portico.getState().connections.solana?.status).toBe('disconnected')
      expect(second.errors).toEqual([expect.objectContaining({ action: 'reconnect' })])
    } finally {
      connect.connect = original
    }
  })
})

describe('a refusal with no reason (Solflare SDK: the request rejected with no value)', () => {
  for (const value of [undefined, null]) {
    it(`connect rejected with ${String(value)} is "Connection rejected"`, async () => {
      const { wallet, state } = dialectWallet('Quiet Wallet')
      state.connectRefusal = { kind: 'throw', value }
      const { portico } = setup([wallet])
      await portico.ready()
      const failure = await portico.connect({ connectorId: 'Quiet Wallet', namespace: 'solana' }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ConnectionRejectedError)
      expect(((failure as ConnectionRejectedError).cause as ProviderRpcError).code).toBe(4001)
      expect(portico.getState().connections.solana?.status).toBe('disconnected')
    })
  }

  it('signMessage rejected with no value is a 4001 rejection; approved, the signature verifies', async () => {
    const { wallet, state } = dialectWallet('Quiet Signer')
    const { portico } = setup([wallet])
    await portico.ready()
    await portico.connect({ connectorId: 'Quiet Signer', namespace: 'solana' })
    state.signRefusal = { kind: 'throw', value: undefined }
    const failure = await portico.signMessage({ message: 'hello', namespace: 'solana' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ProviderRpcError)
    expect((failure as ProviderRpcError).isUserRejection).toBe(true)
    state.signRefusal = { kind: 'none' }
    const signature = await portico.signMessage({ message: 'hello', namespace: 'solana' })
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('hello'), base58.decode(devSolanaAddress))).toBe(true)
  })
})

describe('callWallet and isSilentRefusal', () => {
  it('pass answers and real errors through unchanged', async () => {
    expect(await callWallet(async () => 42)).toBe(42)
    const error = new Error('boom')
    await expect(callWallet(async () => Promise.reject(error))).rejects.toBe(error)
    await expect(callWallet(async () => Promise.reject(undefined))).rejects.toMatchObject({ code: 4001 })
  })

  it('count rejections, no reason and 4100 as a refused silent connect; nothing else', () => {
    expect(isSilentRefusal({ code: 4001, message: 'User rejected the request.' })).toBe(true)
    expect(isSilentRefusal(undefined)).toBe(true)
    expect(isSilentRefusal(null)).toBe(true)
    expect(isSilentRefusal({ code: 4100, message: 'Unauthorized' })).toBe(true)
    expect(isSilentRefusal({ code: -32603, message: 'Internal' })).toBe(false)
    expect(isSilentRefusal(new Error('network down'))).toBe(false)
  })
})
