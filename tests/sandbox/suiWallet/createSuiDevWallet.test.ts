// The Sui dev wallet against the real ledger: Wallet Standard features driven as a site would,
// signatures checked with @mysten/sui/verify (not the wallet's code path) and by the ledger.
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devSuiAddress, devSuiKeypair } from '../../../sandbox/sui/devSui.js'
import { type SuiRpc, startSuiRpc } from '../../../sandbox/sui/startSuiRpc.js'
import { suiCoinType } from '../../../sandbox/sui/suiSandboxChain.js'
import { createSuiDevWallet } from '../../../sandbox/suiWallet/createSuiDevWallet.js'

let sui: SuiRpc
type Feature = Record<string, (input?: unknown) => Promise<Record<string, unknown>>>
const feature = (wallet: { features: Record<string, unknown> }, name: string, method: string) => (wallet.features[name] as Feature)[method] as (input?: unknown) => Promise<Record<string, unknown>>

beforeAll(async () => {
  sui = await startSuiRpc()
  sui.ledger.mint(devSuiAddress, suiCoinType, 5_000_000_000n)
})
afterAll(() => sui?.stop())

const newWallet = () => createSuiDevWallet({ keypair: devSuiKeypair(), rpcUrl: (chain) => (chain === 'sui:localnet' ? sui.rpcUrl : undefined), icon: 'data:image/svg+xml;base64,PHN2Zy8+' })

describe('Portico Dev Wallet (Sui)', () => {
  it('connects, signs a personal message that @mysten/sui/verify accepts, and follows disconnects', async () => {
    const { wallet, control } = newWallet()
    expect(wallet.chains).toEqual(['sui:localnet'])
    expect(await feature(wallet, 'standard:connect', 'connect')({ silent: true })).toEqual({ accounts: [] })
    const changes: unknown[] = []
    const off = (wallet.features['standard:events'] as { on: (e: string, l: (p: unknown) => void) => () => void }).on('change', (p) => changes.push(p))
    const { accounts } = (await feature(wallet, 'standard:connect', 'connect')()) as { accounts: { address: string }[] }
    expect(accounts[0]?.address).toBe(devSuiAddress)
    const message = new TextEncoder().encode('Sign in to the Portico demo')
    const { bytes, signature } = (await feature(wallet, 'sui:signPersonalMessage', 'signPersonalMessage')({ message, account: accounts[0] })) as { bytes: string; signature: string }
    expect(bytes).toBe(Buffer.from(message).toString('base64'))
    const publicKey = await verifyPersonalMessageSignature(message, signature)
    expect(publicKey.toSuiAddress()).toBe(devSuiAddress)
    control.disconnect()
    expect(changes).toEqual([{ accounts: [accounts[0]] }, { accounts: [] }])
    off()
    expect(control.listenerCount()).toBe(0)
  })

  it('resolves gas with a dry run, signs and executes a transfer given as { toJSON }, on the ledger', async () => {
    const { wallet } = newWallet()
    const { accounts } = (await feature(wallet, 'standard:connect', 'connect')()) as { accounts: unknown[] }
    const receiver = new Ed25519Keypair().toSuiAddress()
    const tx = new Transaction()
    const [coin] = tx.splitCoins(tx.gas, [7_000_000n])
    tx.transferObjects([coin!], receiver)
    const result = (await feature(wallet, 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction')({ transaction: { toJSON: () => tx.toJSON() }, account: accounts[0], chain: 'sui:localnet' })) as { digest: string }
    expect(sui.ledger.transaction(result.digest)?.effects.status).toEqual({ status: 'success' })
    expect(sui.ledger.coins(receiver).map((c) => c.balance)).toEqual([7_000_000n])
  })

  it('refuses in reject mode (4001), on an unknown chain (-32602) and before connecting (4100); a node refusal is -32603 with its message', async () => {
    const { wallet, control } = newWallet()
    await expect(feature(wallet, 'sui:signPersonalMessage', 'signPersonalMessage')({ message: new Uint8Array(1), account: { address: devSuiAddress } })).rejects.toMatchObject({ code: 4100 })
    const { accounts } = (await feature(wallet, 'standard:connect', 'connect')()) as { accounts: unknown[] }
    const tx = new Transaction()
    tx.transferObjects([tx.splitCoins(tx.gas, [1n])[0]!], devSuiAddress)
    await expect(feature(wallet, 'sui:signTransaction', 'signTransaction')({ transaction: { toJSON: () => tx.toJSON() }, account: accounts[0], chain: 'sui:mainnet' })).rejects.toMatchObject({ code: -32602 })
    const tooMuch = new Transaction()
    tooMuch.transferObjects([tooMuch.splitCoins(tooMuch.gas, [10n ** 18n])[0]!], devSuiAddress)
    await expect(feature(wallet, 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction')({ transaction: { toJSON: () => tooMuch.toJSON() }, account: accounts[0], chain: 'sui:localnet' })).rejects.toMatchObject({ code: -32603, message: expect.stringMatching(/InsufficientCoinBalance/) })
    control.setMode('reject')
    await expect(feature(wallet, 'standard:connect', 'connect')()).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(feature(wallet, 'sui:signPersonalMessage', 'signPersonalMessage')({ message: new Uint8Array(1), account: accounts[0] })).rejects.toMatchObject({ code: 4001 })
    expect(control.activity().map((a) => a.outcome)).toContain('rejected')
  })
})
