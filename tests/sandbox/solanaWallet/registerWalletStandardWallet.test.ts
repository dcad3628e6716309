import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { createSolanaDevWallet } from '../../../sandbox/solanaWallet/createSolanaDevWallet.js'
import { registerWalletStandardWallet } from '../../../sandbox/solanaWallet/registerWalletStandardWallet.js'
import { devSolanaAddress, devSolanaSecretKey } from '../../../sandbox/solana/devSolana.js'

describe('registerWalletStandardWallet with the real @wallet-standard/app', () => {
  it('is found whether the wallet loads before or after the app, and unregisters', async () => {
    const window = new EventTarget()
    ;(globalThis as { window?: EventTarget }).window = window
    const early = createSolanaDevWallet({ secretKey: devSolanaSecretKey(), rpcUrl: () => undefined, name: 'Early' }).wallet
    const offEarly = registerWalletStandardWallet(early, window) // no app yet: nobody hears it
    // garbage on the contract's events is ignored
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: null }))
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: 'nope' } }))

    const { getWallets } = await import('@wallet-standard/app')
    const app = getWallets() // dispatches app-ready: the early wallet answers
    expect(app.get().map((w) => w.name)).toEqual(['Early'])

    const late = createSolanaDevWallet({ secretKey: devSolanaSecretKey(), rpcUrl: () => undefined, name: 'Late' }).wallet
    const offLate = registerWalletStandardWallet(late, window)
    expect(app.get().map((w) => w.name)).toEqual(['Early', 'Late'])
    expect(app.get()[1]?.chains).toEqual(['solana:localnet'])

    offLate()
    offEarly()
    expect(app.get()).toEqual([])
  })

  it('the dev wallet checks its key and its inputs', async () => {
    expect(() => createSolanaDevWallet({ secretKey: new Uint8Array(63), rpcUrl: () => undefined })).toThrow('The secret key must be 64 bytes')
    const wrong = devSolanaSecretKey()
    wrong[40] = (wrong[40] ?? 0) ^ 1
    expect(() => createSolanaDevWallet({ secretKey: wrong, rpcUrl: () => undefined })).toThrow('The secret key does not match its public key')

    const { wallet, control } = createSolanaDevWallet({ secretKey: devSolanaSecretKey(), rpcUrl: () => undefined })
    const features = wallet.features as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>
    await expect(features['solana:signMessage']!.signMessage!({ account: { address: devSolanaAddress }, message: new Uint8Array(1) })).rejects.toMatchObject({ code: 4100 })
    expect(await features['standard:connect']!.connect!({ silent: true })).toEqual({ accounts: [] })
    await features['standard:connect']!.connect!()
    expect(control.getState().connected).toBe(true)
    await expect(features['solana:signMessage']!.signMessage!({ account: { address: '11111111111111111111111111111111' }, message: new Uint8Array(1) })).rejects.toMatchObject({ code: 4100 })
    await expect(features['solana:signMessage']!.signMessage!({ account: wallet.accounts[0], message: 'text' })).rejects.toMatchObject({ code: -32602 })
    await expect(features['solana:signAndSendTransaction']!.signAndSendTransaction!({ account: wallet.accounts[0], chain: 'solana:localnet', transaction: new Uint8Array(200) })).rejects.toMatchObject({ code: -32602 })
    // a transaction the key is not a signer of
    const other = new Uint8Array(1 + 64 + 3 + 1 + 32 * 2 + 32 + 1)
    other.set([1], 0)
    other.set([1, 0, 1, 2], 65)
    other.fill(9, 69, 101)
    await expect(features['solana:signTransaction']!.signTransaction!({ account: wallet.accounts[0], transaction: other })).rejects.toMatchObject({ code: 4100, message: 'The wallet account is not a signer of this transaction' })
    expect(control.activity().map((a) => a.outcome)).toEqual(['failed', 'answered', 'approved', 'failed', 'failed', 'failed', 'failed'])
  })

  it('a key given as a function is derived on the first signature, not before, and must match the public key given', async () => {
    let derivations = 0
    const secretKey = () => {
      derivations++
      return devSolanaSecretKey()
    }
    expect(() => createSolanaDevWallet({ secretKey, rpcUrl: () => undefined })).toThrow('A secret key given as a function needs its 32-byte public key')
    const { wallet } = createSolanaDevWallet({ secretKey, publicKey: base58.decode(devSolanaAddress), rpcUrl: () => undefined })
    const features = wallet.features as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>
    await features['standard:connect']!.connect!()
    expect(wallet.accounts[0]?.address).toBe(devSolanaAddress)
    expect(derivations).toBe(0)
    const message = new TextEncoder().encode('hello')
    const [signed] = (await features['solana:signMessage']!.signMessage!({ account: wallet.accounts[0], message })) as { signature: Uint8Array }[]
    await features['solana:signMessage']!.signMessage!({ account: wallet.accounts[0], message })
    expect(derivations).toBe(1)
    expect(ed25519.verify(signed!.signature, message, base58.decode(devSolanaAddress))).toBe(true)

    // Another key than the public key announced: refused at the first signature, nothing signed.
    const other = createSolanaDevWallet({ secretKey, publicKey: new Uint8Array(32).fill(7), rpcUrl: () => undefined }).wallet
    const otherFeatures = other.features as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>
    await otherFeatures['standard:connect']!.connect!()
    await expect(otherFeatures['solana:signMessage']!.signMessage!({ account: other.accounts[0], message })).rejects.toThrow('The secret key does not match its public key')
  })
})
