import '../../helpers/suiLoaded.js'
// portico.getSigner('sui'): the site's own transactions, built with @mysten/sui's `Transaction` as a
// site would, signed by the real Sui dev wallet (Wallet Standard, a real ed25519 key) and executed by
// the sandbox's Sui ledger (checked signatures, real coin objects), read back through @mysten/sui's
// GraphQL client. Signatures are checked with @mysten/sui/verify, not Portico's code. Also: the
// wallet's refusal (4001), another network refused before the wallet, the chain's reasons, a
// network switch followed, malformed input refused before any wallet, and a legacy-only wallet.
import { readFileSync } from 'node:fs'

import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { coinWithBalance, Transaction } from '@mysten/sui/transactions'
import { fromBase64 } from '@mysten/sui/utils'
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ChainNotSupportedError, createPorticoKernel, NotConnectedError, ProviderRpcError } from '../../../kernel/kernel.js'
import { SuiSignerInputError, SuiTransactionFailedError } from '../../../plugins/sui/errors.js'
import { defineSuiNetwork, sui, type SuiSigner } from '../../../plugins/sui/index.js'
import { type SuiRpc, startSuiRpc } from '../../../sandbox/sui/startSuiRpc.js'
import { suiCoinType } from '../../../sandbox/sui/suiSandboxChain.js'
import { createSuiDevWallet, type SuiDevWalletFeatures } from '../../../sandbox/suiWallet/createSuiDevWallet.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

let rpc: SuiRpc
let graphql: SuiGraphQLClient
const icon = 'data:image/svg+xml;base64,PHN2Zy8+' as const
const sui1 = 1_000_000_000n

beforeAll(async () => {
  rpc = await startSuiRpc()
  graphql = new SuiGraphQLClient({ url: rpc.graphqlUrl, network: 'localnet' })
})
afterAll(() => rpc?.stop())

/** MIST held by `owner`, read from the ledger's GraphQL RPC with @mysten/sui. */
const balanceOf = async (owner: string) => BigInt((await graphql.core.getBalance({ address: owner, coinType: suiCoinType })).balance.balance)

/**
 * A kernel with the sui plugin and one dev wallet (a fresh funded key) in its own Wallet Standard
 * registry; the wallet resolves gas and executes through the ledger's JSON-RPC, the plugin reads
 * through its GraphQL RPC (the presets' client path).
 */
async function setup({ features, error, chains = ['sui:localnet'] }: { features?: SuiDevWalletFeatures; error?: (code: number, message: string) => Error; chains?: `sui:${string}`[] } = {}) {
  const keypair = new Ed25519Keypair()
  const address = keypair.toSuiAddress()
  rpc.ledger.mint(address, suiCoinType, 10n * sui1)
  const { wallet, control } = createSuiDevWallet({ keypair, rpcUrl: () => rpc.rpcUrl, chains, icon, ...(features ? { features } : {}), ...(error ? { error } : {}) })
  const networks = chains.map((chain) => defineSuiNetwork({ reference: chain.slice(4), name: `Sui ${chain}`, rpcUrls: [rpc.graphqlUrl] }))
  const portico = createPorticoKernel({
    projectId: 'test',
    networks,
    plugins: [sui({}, { wallets: { get: () => [wallet as Wallet], on: () => () => undefined } })],
    storage: memoryStorage(),
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  await portico.ready()
  const signer = await portico.getSigner('sui')
  /** The wallet's requests beyond connecting. */
  const asked = () => control.activity().filter((a) => a.method.startsWith('sui:'))
  return { portico, signer, address, control, asked, networks, connect: () => portico.connect({ namespace: 'sui', connectorId: 'Portico Dev Wallet', network: networks[0]! }) }
}

/** A programmable transaction as a site builds it: split two coins off the gas coin, transfer each. */
function twoTransfers(first: string, second: string, amounts: [bigint, bigint] = [300_000_000n, 200_000_000n]) {
  const transaction = new Transaction()
  const [a, b] = transaction.splitCoins(transaction.gas, amounts)
  transaction.transferObjects([a!], first)
  transaction.transferObjects([b!], second)
  return transaction
}

describe("portico.getSigner('sui') over a Wallet Standard wallet", () => {
  it('signs and executes a split-and-two-transfers transaction; the ledger runs it and balances follow', async () => {
    const { portico, signer, address, asked, connect } = await setup()
    try {
      const typed: SuiSigner = signer
      expect(typed.namespace).toBe('sui')
      await connect()
      expect(signer.toSuiAddress()).toBe(address)
      const [alice, bob] = [new Ed25519Keypair().toSuiAddress(), new Ed25519Keypair().toSuiAddress()]
      const before = await balanceOf(address)
      const transaction = twoTransfers(alice, bob)
      const result = await signer.signAndExecuteTransaction({ transaction, chain: 'sui:localnet' })

      expect(rpc.ledger.transaction(result.digest)?.effects.status).toEqual({ status: 'success' })
      expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([300_000_000n, 200_000_000n])
      const { transaction: read } = await graphql.core.getTransaction({ digest: result.digest })
      const gas = read.effects.gasUsed
      expect(await balanceOf(address)).toBe(before - 500_000_000n - (BigInt(gas.computationCost) + BigInt(gas.storageCost) - BigInt(gas.storageRebate)))
      // What the signer returned is the chain's: the signed bytes and the key's signature over them, and the effects.
      expect((await verifyTransactionSignature(fromBase64(result.bytes), result.signature)).toSuiAddress()).toBe(address)
      expect(read.signatures).toEqual([result.signature])
      expect(result.effects).toBe(Buffer.from(read.effects.bcs!).toString('base64'))
      // The site's Transaction got the connected account as its sender, as dapp-kit does.
      expect(transaction.getData().sender).toBe(address)
      expect(asked()).toEqual([{ method: 'sui:signAndExecuteTransaction', outcome: 'approved' }])
    } finally {
      await portico.destroy()
    }
  })

  it('signs without executing (the site executes the bytes itself) and signs a personal message', async () => {
    const { portico, signer, address, connect } = await setup()
    try {
      await connect()
      const receiver = new Ed25519Keypair().toSuiAddress()
      const { bytes, signature } = await signer.signTransaction({ transaction: twoTransfers(receiver, receiver, [1_000n, 2_000n]) })
      expect((await verifyTransactionSignature(fromBase64(bytes), signature)).toSuiAddress()).toBe(address)
      expect(await balanceOf(receiver)).toBe(0n)
      const { transaction } = await graphql.core.executeTransaction({ transaction: fromBase64(bytes), signatures: [signature] })
      expect(transaction.effects.status.success).toBe(true)
      expect(await balanceOf(receiver)).toBe(3_000n)

      // TransactionData JSON from the site's own toJSON() is taken as a transaction too.
      const json = await twoTransfers(receiver, receiver, [5n, 6n]).toJSON()
      await signer.signAndExecuteTransaction({ transaction: json })
      expect(await balanceOf(receiver)).toBe(3_011n)

      const message = new TextEncoder().encode('Trade 5 SUI on the Portico demo')
      const signed = await signer.signPersonalMessage({ message })
      expect(signed.bytes).toBe(Buffer.from(message).toString('base64'))
      expect((await verifyPersonalMessageSignature(message, signed.signature)).toSuiAddress()).toBe(address)
    } finally {
      await portico.destroy()
    }
  })

  it("gives the wallet's refusal as ProviderRpcError 4001 (the dev wallet's and Slush's plain Error); nothing moves", async () => {
    for (const error of [undefined, (code: number, message: string) => new Error(code === 4001 ? 'Transaction rejected from user' : message)]) {
      const { portico, signer, address, control, asked, connect } = await setup(error ? { error } : {})
      try {
        await connect()
        control.setMode('reject')
        const before = await balanceOf(address)
        const refused = await signer.signAndExecuteTransaction({ transaction: twoTransfers(address, address) }).catch((e: unknown) => e)
        expect(refused).toBeInstanceOf(ProviderRpcError)
        expect({ code: (refused as ProviderRpcError).code, rejected: (refused as ProviderRpcError).isUserRejection }).toEqual({ code: 4001, rejected: true })
        await expect(signer.signPersonalMessage({ message: new Uint8Array([104, 105]) })).rejects.toMatchObject({ code: 4001 })
        expect(asked().map((a) => a.outcome)).toEqual(['rejected', 'rejected'])
        expect(await balanceOf(address)).toBe(before)
        expect(portico.getState().connections.sui?.status).toBe('connected')
      } finally {
        await portico.destroy()
      }
    }
  })

  it('refuses another network before the wallet is asked, and follows a network switch', async () => {
    const { portico, signer, asked, connect } = await setup({ chains: ['sui:localnet', 'sui:devnet'] })
    try {
      await connect()
      const transaction = twoTransfers(signer.toSuiAddress(), signer.toSuiAddress())
      for (const chain of ['sui:testnet', 'sui:devnet', 'sui:4c78adac', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'] as const) {
        await expect(signer.signAndExecuteTransaction({ transaction, chain: chain as `sui:${string}` })).rejects.toBeInstanceOf(ChainNotSupportedError)
        await expect(signer.signTransaction({ transaction, chain: chain as `sui:${string}` })).rejects.toBeInstanceOf(ChainNotSupportedError)
        await expect(signer.signPersonalMessage({ message: new Uint8Array([1]), chain: chain as `sui:${string}` })).rejects.toBeInstanceOf(ChainNotSupportedError)
      }
      expect(asked()).toEqual([])

      // The visitor moves to devnet: the same signer now signs there, and refuses localnet.
      await portico.switchNetwork('sui:devnet')
      expect(portico.getState().connections.sui?.caipAddress).toMatch(/^sui:devnet:/)
      await expect(signer.signTransaction({ transaction, chain: 'sui:localnet' })).rejects.toThrow(/Connected on: sui:devnet/)
      expect(asked()).toEqual([])
      await signer.signTransaction({ transaction, chain: 'sui:devnet' })
      expect(asked()).toEqual([{ method: 'sui:signTransaction', outcome: 'approved' }])
    } finally {
      await portico.destroy()
    }
  })

  it("says why the chain refused a transaction, or ran it and failed (the ledger's reasons)", async () => {
    const { portico, signer, address, connect } = await setup()
    try {
      await connect()
      // Refused before execution: a gas budget under the minimum.
      const underBudget = twoTransfers(address, address)
      underBudget.setGasBudget(1)
      const refused = await signer.signAndExecuteTransaction({ transaction: underBudget }).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(ProviderRpcError)
      expect((refused as Error).message).toMatch(/Gas budget: 1 is lower than min: 1000000/)

      // Executed and failed: more than the gas coin holds, with a budget set so the wallet does not simulate it first.
      const before = await balanceOf(address)
      const tooMuch = twoTransfers(address, address, [20n * sui1, 1n])
      tooMuch.setGasBudget(10_000_000)
      const failed = await signer.signAndExecuteTransaction({ transaction: tooMuch }).catch((e: unknown) => e)
      expect(failed).toBeInstanceOf(SuiTransactionFailedError)
      expect(failed).toMatchObject({ code: 'SUI_TRANSACTION_FAILED', details: 'InsufficientCoinBalance in command 0' })
      const digest = (failed as SuiTransactionFailedError).digest
      expect(rpc.ledger.transaction(digest)?.effects.status).toEqual({ status: 'failure', error: 'InsufficientCoinBalance in command 0' })
      const { computationCost, storageCost, storageRebate } = rpc.ledger.transaction(digest)!.effects.gasUsed
      expect(await balanceOf(address)).toBe(before - (computationCost + storageCost - storageRebate))

      // Left to the wallet's simulation, the same transaction is refused with the simulation's reason.
      await expect(signer.signAndExecuteTransaction({ transaction: twoTransfers(address, address, [20n * sui1, 1n]) })).rejects.toThrow(/InsufficientCoinBalance/)
    } finally {
      await portico.destroy()
    }
  })

  it('refuses malformed input with SuiSignerInputError before any wallet is asked; nothing connected is NotConnectedError first', async () => {
    const { portico, signer, asked, connect } = await setup()
    try {
      const call = signer as unknown as Record<string, (input?: unknown) => Promise<unknown>>
      for (const member of ['signTransaction', 'signAndExecuteTransaction', 'signPersonalMessage']) {
        await expect(call[member]!()).rejects.toBeInstanceOf(NotConnectedError)
        await expect(call[member]!({ transaction: 'junk', message: 'junk', chain: 'sui:testnet' })).rejects.toBeInstanceOf(NotConnectedError)
      }
      expect(() => signer.toSuiAddress()).toThrow(NotConnectedError)
      await connect()
      const other = new Ed25519Keypair().toSuiAddress()
      const othersTransaction = twoTransfers(other, other)
      othersTransaction.setSender(other)
      const withIntent = new Transaction()
      withIntent.transferObjects([coinWithBalance({ balance: 5n })], other)
      const malformed: [string, unknown, RegExp][] = [
        ['signTransaction', undefined, /takes \{ transaction, chain\? \}/],
        ['signTransaction', 'a transaction', /takes \{ transaction, chain\? \}/],
        ['signTransaction', { transaction: 42 }, /must be a Transaction of @mysten\/sui/],
        ['signTransaction', { transaction: '' }, /1 to 200000 characters/],
        ['signTransaction', { transaction: '{"version":2,' }, /not Sui TransactionData/],
        ['signTransaction', { transaction: 'bm90IGEgdHJhbnNhY3Rpb24=' }, /not Sui TransactionData/],
        ['signTransaction', { transaction: 'x'.repeat(200_001) }, /1 to 200000 characters/],
        ['signAndExecuteTransaction', { transaction: othersTransaction }, /for another sender/],
        ['signAndExecuteTransaction', { transaction: withIntent }, /cannot be serialized/],
        ['signAndExecuteTransaction', { transaction: { toJSON: async () => 42 } }, /1 to 200000 characters/],
        ['signAndExecuteTransaction', { transaction: twoTransfers(other, other), chain: 42 }, /`chain` must be a Sui chain/],
        ['signPersonalMessage', { message: 'hello' }, /must be a Uint8Array/],
        ['signPersonalMessage', { message: new Uint8Array(64 * 1024 + 1) }, /must be a Uint8Array of at most 65536 bytes/],
        ['signPersonalMessage', { message: new Uint8Array([0xff, 0xfe, 0x00]) }, /must be UTF-8 text/],
      ]
      for (const [member, input, message] of malformed) {
        const error = await call[member]!(input).catch((e: unknown) => e)
        expect({ member, input: String(input).slice(0, 40), error: error instanceof SuiSignerInputError, message: (error as Error).message }).toMatchObject({ member, error: true, message: expect.stringMatching(message) })
      }
      expect(asked()).toEqual([])
    } finally {
      await portico.destroy()
    }
  })

  it('speaks a legacy-only wallet (Suiet’s last public dialect): …TransactionBlock features and sui:signMessage', async () => {
    const features: SuiDevWalletFeatures = { 'sui:signTransactionBlock': '1.0.0', 'sui:signAndExecuteTransactionBlock': '1.0.0', 'sui:signMessage': '1.0.0' }
    const { portico, signer, address, asked, connect } = await setup({ features })
    try {
      await connect()
      const [alice, bob] = [new Ed25519Keypair().toSuiAddress(), new Ed25519Keypair().toSuiAddress()]
      const executed = await signer.signAndExecuteTransaction({ transaction: twoTransfers(alice, bob) })
      expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([300_000_000n, 200_000_000n])
      expect((await verifyTransactionSignature(fromBase64(executed.bytes), executed.signature)).toSuiAddress()).toBe(address)
      expect(executed.effects).toMatch(/^[A-Za-z0-9+/]+=*$/)
      const signed = await signer.signTransaction({ transaction: twoTransfers(alice, bob, [1n, 1n]) })
      expect((await verifyTransactionSignature(fromBase64(signed.bytes), signed.signature)).toSuiAddress()).toBe(address)
      const message = new TextEncoder().encode('gm')
      expect((await verifyPersonalMessageSignature(message, (await signer.signPersonalMessage({ message })).signature)).toSuiAddress()).toBe(address)
      expect(asked().map((a) => a.method)).toEqual(['sui:signAndExecuteTransactionBlock', 'sui:signTransactionBlock', 'sui:signMessage'])
    } finally {
      await portico.destroy()
    }
  })

  it('has a wallet that only signs (no executing feature) sign, and the network’s node execute', async () => {
    const { portico, signer, address, asked, connect } = await setup({ features: { 'sui:signPersonalMessage': '1.1.0', 'sui:signTransaction': '2.0.0' } })
    try {
      await connect()
      const [alice, bob] = [new Ed25519Keypair().toSuiAddress(), new Ed25519Keypair().toSuiAddress()]
      const executed = await signer.signAndExecuteTransaction({ transaction: twoTransfers(alice, bob) })
      expect(rpc.ledger.transaction(executed.digest)?.signatures).toEqual([executed.signature])
      expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([300_000_000n, 200_000_000n])
      expect(asked()).toEqual([{ method: 'sui:signTransaction', outcome: 'approved' }])
    } finally {
      await portico.destroy()
    }
  })

  it("docs/plugins/sui.md's example is the demo's code, which tests/e2e/signers/ runs in Chromium", () => {
    const docs = readFileSync(new URL('../../../docs/plugins/sui.md', import.meta.url), 'utf8')
    const section = docs.slice(docs.indexOf('## Sign your own transactions'), docs.indexOf('## From Node'))
    const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
    const demo = readFileSync(new URL('../../../sandbox/demo/siteTransactions/suiTransaction.tsx', import.meta.url), 'utf8')
    const code = /\/\/ begin docs example[^\n]*\n([\s\S]*?)\/\/ end docs example/.exec(demo)?.[1] ?? ''
    expect(code).toMatch(/async function payTwo\(signer: SuiSigner/)
    expect(example).toContain(code)
    expect(example).toContain("await portico.getSigner('sui')")
  })
})
