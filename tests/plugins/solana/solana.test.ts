import '../../helpers/solanaLoaded.js'
import { createPublicKey, randomBytes, verify as nodeVerify } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Wallet } from '@wallet-standard/base'
import type { TokenBalance } from '../../../kernel/kernel.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectionRejectedError, createPorticoKernel, ProviderRpcError, SendValidationError, type CaipAddress, type Portico } from '../../../kernel/kernel.js'
import { defineSolanaNetwork, solana, solanaDevnet, solanaLocalnet, solanaMainnet, solanaTestnet } from '../../../plugins/solana/index.js'
import { SolanaAmountError, SolanaRentExemptError, SolanaTokenError } from '../../../plugins/solana/errors.js'
import { fromWalletStandardChain } from '../../../plugins/solana/utils/fromWalletStandardChain.js'
import { isSolanaAddress } from '../../../plugins/solana/utils/isSolanaAddress.js'
import { toWalletStandardChain } from '../../../plugins/solana/utils/toWalletStandardChain.js'
import { createServer, type PorticoServer } from '../../../server/createServer.js'
import { devSolanaAddress } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc, type SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { registerWalletStandardWallet } from '../../../sandbox/solanaWallet/registerWalletStandardWallet.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { lamportsOf, rpcCall, tokenUnitsOf } from './helpers/readChain.js'
import { installWindow, registerDevWallet } from './helpers/solanaPage.js'

let rpc: SolanaRpc
let server: PorticoServer
let dataDir: string
let mint: string
let network: ReturnType<typeof defineSolanaNetwork>
let dev: ReturnType<typeof registerDevWallet>
const walletName = 'Portico Dev Wallet'

beforeAll(async () => {
  rpc = await startSolanaRpc()
  ;({ mint } = await fundSolanaDevAccounts(rpc))
  dataDir = await mkdtemp(join(tmpdir(), 'portico-solana-'))
  // The real Portico server: its blockchain API answers balances for Solana addresses (the kernel
  // checks sends against them) and its RPC proxy is the network's RPC URL, as on a real site.
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: solanaLocalnet.caipNetworkId, name: 'Portico Solana Localnet', rpcUrl: rpc.rpcUrl, nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, nativePriceUsd: 150, tokens: [{ address: mint, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] }],
  })
  const proxy = `${server.url}/v1/?chainId=${encodeURIComponent(solanaLocalnet.caipNetworkId)}&projectId=test`
  network = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Portico Solana Localnet', rpcUrls: [proxy] })
  dev = registerDevWallet({ rpcUrl: proxy })
})
afterAll(async () => {
  dev?.unregister()
  await server?.close()
  await rpc?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const created: Portico[] = []
afterAll(async () => {
  await Promise.all(created.map((p) => p.destroy()))
})

function setup({ storage = memoryStorage(), confirmTimeoutMs }: { storage?: ReturnType<typeof memoryStorage>; confirmTimeoutMs?: number } = {}) {
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [network, solanaMainnet],
    plugins: [solana({ tokens: [{ network: network.caipNetworkId, address: mint, symbol: 'pUSD', name: 'Portico USD' }], ...(confirmTimeoutMs !== undefined ? { confirmTimeoutMs } : {}) })],
    storage,
    endpoints: { api: server.url },
  })
  created.push(portico)
  return { portico, storage }
}

async function connected() {
  const context = setup()
  await context.portico.ready()
  await context.portico.discoverWallets('solana')
  await context.portico.connect({ connectorId: walletName, namespace: 'solana' })
  return context
}

function freshAddress(): string {
  return base58.encode(ed25519.getPublicKey(randomBytes(32)))
}

/** An ed25519 check that shares no code with the plugin: Node's OpenSSL. */
function opensslVerify(message: string, signature: string, address: string): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(base58.decode(address))])
  return nodeVerify(null, Buffer.from(message), createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(base58.decode(signature)))
}

describe('solana: networks, chains and addresses', () => {
  it('maps Wallet Standard chains to CAIP-2 ids and back', () => {
    expect(toWalletStandardChain(solanaMainnet.caipNetworkId)).toBe('solana:mainnet')
    expect(toWalletStandardChain(solanaDevnet.caipNetworkId)).toBe('solana:devnet')
    expect(toWalletStandardChain(solanaTestnet.caipNetworkId)).toBe('solana:testnet')
    expect(toWalletStandardChain('solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP')).toBe('solana:localnet')
    expect(fromWalletStandardChain('solana:mainnet')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(fromWalletStandardChain('solana:localnet')).toBe('solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP')
    expect(fromWalletStandardChain('solana:toString')).toBeUndefined()
    expect(fromWalletStandardChain('__proto__')).toBeUndefined()
    expect(toWalletStandardChain('solana:unknown')).toBeUndefined()
  })

  it('validates addresses: base58, 32 to 44 characters, exactly 32 bytes', () => {
    expect(isSolanaAddress(devSolanaAddress)).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress(base58.encode(new Uint8Array(32).fill(255)))).toBe(true)
    expect(isSolanaAddress(base58.encode(new Uint8Array(31).fill(7)))).toBe(false) // a 31-byte key
    expect(isSolanaAddress(base58.encode(new Uint8Array(33).fill(7)))).toBe(false)
    expect(isSolanaAddress('0eYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')).toBe(false) // 0 is not base58
    expect(isSolanaAddress('OeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')).toBe(false)
    expect(isSolanaAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(isSolanaAddress(` ${devSolanaAddress}`)).toBe(false)
    expect(isSolanaAddress(undefined)).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
  })

  it('builds explorer links per cluster and none without an explorer', () => {
    const { portico } = setup()
    expect(portico.explorers.addressUrl(solanaMainnet, devSolanaAddress)).toBe(`https://solscan.io/account/${devSolanaAddress}`)
    expect(portico.explorers.transactionUrl(solanaDevnet, 'abc')).toBe('https://solscan.io/tx/abc?cluster=devnet')
    expect(portico.explorers.addressUrl(network, devSolanaAddress)).toBeUndefined()
  })

  it('passes the structural conformance check', async () => {
    const report = await checkPlugin({ plugin: solana(), networks: [solanaMainnet] })
    expect(report.issues).toEqual([])
  })
})

describe('solana: discovery and connection', () => {
  it('lists the dev wallet registered through the Wallet Standard, and skips unusable wallets', async () => {
    const window = installWindow()
    const hostile: Wallet[] = [
      { version: '1.0.0', name: 'EVM only', icon: 'data:image/png;base64,AA==', chains: ['eip155:1'], features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } }, accounts: [] },
      { version: '1.0.0', name: 'No connect', icon: 'data:image/png;base64,AA==', chains: ['solana:mainnet'], features: {}, accounts: [] },
      Object.defineProperty({ version: '1.0.0', name: 'Throws', icon: 'data:image/png;base64,AA==', accounts: [], features: {} }, 'chains', { get: () => { throw new Error('boom') } }) as unknown as Wallet,
      { version: '1.0.0', name: '\u202eEvil\u0000 ', icon: 'javascript:alert(1)' as never, chains: ['solana:mainnet'], features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } }, accounts: [] },
    ]
    const offs = hostile.map((w) => registerWalletStandardWallet(w, window))
    try {
      const { portico } = setup()
      const wallets = (await portico.discoverWallets('solana')).filter((w) => w.namespace === 'solana')
      expect(wallets.map((w) => `${w.name}:${w.type}`).sort()).toEqual(['Evil:ANNOUNCED', `${walletName}:ANNOUNCED`])
      expect(wallets.find((w) => w.name === walletName)?.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/)
      expect(wallets.find((w) => w.name === 'Evil')?.imageUrl).toBeUndefined()
    } finally {
      for (const off of offs) off()
    }
  })

  it('finds a wallet that registers after the plugin started, without being asked again', async () => {
    const { portico } = setup()
    await portico.discoverWallets('solana')
    expect(portico.stores.wallets.connectors.some((c) => c.name === 'Late Wallet')).toBe(false)
    const late = registerDevWallet({ rpcUrl: rpc.rpcUrl, name: 'Late Wallet' })
    try {
      await expect.poll(() => portico.stores.wallets.connectors.some((c) => c.name === 'Late Wallet' && c.namespace === 'solana')).toBe(true)
      await portico.connect({ connectorId: 'Late Wallet', namespace: 'solana' })
      expect(portico.getAccount('solana').address).toBe(devSolanaAddress)
    } finally {
      await portico.disconnect('solana')
      late.unregister()
    }
  })

  it('connects on the requested localnet and reports the CAIP-10 account', async () => {
    const { portico } = await connected()
    expect(portico.getState().connections.solana).toEqual({
      status: 'connected',
      address: devSolanaAddress,
      caipAddress: `${network.caipNetworkId}:${devSolanaAddress}`,
      connectorId: walletName,
    })
    expect(dev.control.getState().connected).toBe(true)
    await portico.disconnect('solana')
  })

  it('restores the connection silently on the next load (no prompt: the wallet is set to reject)', async () => {
    const { portico, storage } = await connected()
    dev.control.setMode('reject')
    try {
      const second = setup({ storage })
      expect(second.portico.getState().connections.solana?.status).toBe('connecting')
      await second.portico.ready()
      expect(second.portico.getState().connections.solana).toMatchObject({ status: 'connected', address: devSolanaAddress })
      expect(dev.control.activity().at(-1)).toEqual({ method: 'standard:connect (silent)', outcome: 'answered' })
    } finally {
      dev.control.setMode('approve')
      await portico.disconnect('solana')
    }
  })

  it('a silent reconnect to a wallet that forgot the site drops the stored connection', async () => {
    const { portico, storage } = await connected()
    dev.control.disconnect() // the wallet's own "Disconnect site"
    await expect.poll(() => portico.getState().connections.solana?.status).toBe('disconnected')
    const second = setup({ storage: memoryStorage(Object.fromEntries(storage.data)) })
    await second.portico.ready()
    expect(second.portico.getState().connections.solana?.status).toBe('disconnected')
  })

  it('a rejected connection is "Connection rejected" and leaves the namespace disconnected', async () => {
    const { portico } = setup()
    await portico.discoverWallets('solana')
    dev.control.setMode('reject')
    try {
      await expect(portico.connect({ connectorId: walletName, namespace: 'solana' })).rejects.toBeInstanceOf(ConnectionRejectedError)
      expect(portico.getState().connections.solana?.status).toBe('disconnected')
    } finally {
      dev.control.setMode('approve')
    }
  })

  it('disconnect calls standard:disconnect and leaves no listener on the wallet', async () => {
    const before = dev.control.listenerCount()
    const { portico } = await connected()
    expect(dev.control.listenerCount()).toBe(before + 1)
    await portico.disconnect('solana')
    expect(dev.control.getState().connected).toBe(false)
    expect(dev.control.listenerCount()).toBe(before)
  })
})

describe('solana: balances, signing and sending against LiteSVM', () => {
  it('reads the SOL balance and the pUSD balance of the dev account', async () => {
    const { portico } = await connected()
    const balance = await portico.fetchBalance('solana')
    expect(balance?.symbol).toBe('SOL')
    const lamports = await lamportsOf(rpc.rpcUrl, devSolanaAddress)
    expect(balance?.balance).toBe((Number(lamports) / 1e9).toString())
    expect(Number(balance?.balance)).toBeGreaterThan(90)
    // The plugin's RPC token reader is its fetchTokenBalances tap (after the blockchain API's).
    const tap = portico.hooks.fetchTokenBalances.get('solana')!.taps.find((t) => t.name === 'solana')!
    expect(tap.stage).toBe(20)
    const tokens = (await tap.fn({ namespace: 'solana', address: devSolanaAddress, caipNetworkId: network.caipNetworkId, network, force: false })) as TokenBalance[]
    const units = await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)
    expect(tokens).toContainEqual({ name: 'Portico USD', symbol: 'pUSD', chainId: network.caipNetworkId, address: `${network.caipNetworkId}:${mint}`, price: 0, quantity: { decimals: '6', numeric: (Number(units) / 1e6).toString() }, iconUrl: '' })
    await portico.disconnect('solana')
  })

  it('token balances: a chain the blockchain API does not serve is read from the RPC; an RPC failure is the kernel\'s error and retry gate', async () => {
    const asDevnet = defineSolanaNetwork({ reference: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'LiteSVM as devnet', rpcUrls: [rpc.rpcUrl] })
    const broken = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Broken', rpcUrls: ['http://127.0.0.1:9/'] })
    const { portico } = await connected()
    const tap = portico.hooks.fetchTokenBalances.get('solana')!.taps.find((t) => t.name === 'solana')!
    const held = (await tap.fn({ namespace: 'solana', address: devSolanaAddress, caipNetworkId: asDevnet.caipNetworkId, network: asDevnet, force: false })) as TokenBalance[]
    expect(held.find((b) => b.address === `${asDevnet.caipNetworkId}:${mint}`)).toMatchObject({ symbol: '', quantity: { decimals: '6' } }) // no `tokens` entry for devnet: no symbol
    await expect(tap.fn({ namespace: 'solana', address: devSolanaAddress, caipNetworkId: broken.caipNetworkId, network: broken, force: false })).rejects.toThrow(/The Solana RPC failed on getTokenAccountsByOwner/)
    expect(await tap.fn({ namespace: 'solana', address: devSolanaAddress, caipNetworkId: broken.caipNetworkId, force: false })).toBeUndefined() // no configured network: pass
    await portico.disconnect('solana')
  })

  it('signs a message; the signature verifies (plugin verifier and OpenSSL) and a tampered one does not', async () => {
    const { portico } = await connected()
    const message = 'Sign in to Portico\nNonce: 42'
    const signature = await portico.signMessage({ message, namespace: 'solana' })
    expect(base58.decode(signature)).toHaveLength(64)
    expect(opensslVerify(message, signature, devSolanaAddress)).toBe(true)
    const verifier = portico.signInVerifiers.get('solana')
    expect(verifier?.label).toBe('Solana')
    expect(await verifier?.verify({ message, signature, address: devSolanaAddress, network })).toBe(true)
    expect(await verifier?.verify({ message: `${message}!`, signature, address: devSolanaAddress, network })).toBe(false)
    expect(await verifier?.verify({ message, signature, address: freshAddress(), network })).toBe(false)
    expect(await verifier?.verify({ message, signature: 'not-base58-0OIl', address: devSolanaAddress, network })).toBe(false)
    expect(await verifier?.verify({ message, signature: base58.encode(new Uint8Array(63)), address: devSolanaAddress, network })).toBe(false)
    await portico.disconnect('solana')
  })

  it('sends 0.25 SOL to a fresh address; the chain shows it and the fee', async () => {
    const { portico } = await connected()
    const to = freshAddress()
    const before = await lamportsOf(rpc.rpcUrl, devSolanaAddress)
    const hash = await portico.send({ to, amount: '0.25', namespace: 'solana' })
    expect(base58.decode(hash)).toHaveLength(64)
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(250_000_000n)
    expect(await lamportsOf(rpc.rpcUrl, devSolanaAddress)).toBe(before - 250_000_000n - 5_000n)
    const landed = await rpcCall<{ meta: { err: unknown } }>(rpc.rpcUrl, 'getTransaction', [hash, { encoding: 'json' }])
    expect(landed.meta.err).toBeNull()
    await portico.disconnect('solana')
  })

  it('sends 3 pUSD to a fresh address, creating its token account', async () => {
    const { portico } = await connected()
    const to = freshAddress()
    const before = await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)
    await portico.send({ to, amount: '3', token: `${network.caipNetworkId}:${mint}` as CaipAddress, namespace: 'solana' })
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(3_000_000n)
    expect(await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)).toBe(before - 3_000_000n)
    // a second send reuses the recipient's token account
    await portico.send({ to, amount: '0.5', token: `${network.caipNetworkId}:${mint}` as CaipAddress, namespace: 'solana' })
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(3_500_000n)
    await portico.disconnect('solana')
  })
})

describe('solana: bad input gets a clear error before anything is signed', () => {
  async function expectNothingSigned(run: () => Promise<unknown>) {
    const { portico } = await connected()
    const activity = dev.control.activity().length
    const lamports = await lamportsOf(rpc.rpcUrl, devSolanaAddress)
    const error = await run.call(portico).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(dev.control.activity().slice(activity).filter((a) => a.method.startsWith('solana:'))).toEqual([])
    expect(await lamportsOf(rpc.rpcUrl, devSolanaAddress)).toBe(lamports)
    expect(portico.getState().connections.solana?.status).toBe('connected')
    await portico.disconnect('solana')
    return error
  }

  it('an invalid base58 address', async () => {
    let portico!: Portico
    const error = await expectNothingSigned(async function (this: Portico) {
      portico = this
      return this.send({ to: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq90', amount: '0.25', namespace: 'solana' })
    })
    expect(portico).toBeDefined()
    expect(error).toBeInstanceOf(SendValidationError)
    expect((error as SendValidationError).shortMessage).toBe('Invalid Address')
  })

  it('a 31-byte key', async () => {
    const to = base58.encode(randomBytes(31))
    const error = await expectNothingSigned(function (this: Portico) {
      return this.send({ to, amount: '0.25', namespace: 'solana' })
    })
    expect((error as SendValidationError).shortMessage).toBe('Invalid Address')
  })

  it('below the rent-exempt minimum for a new account', async () => {
    const minimum = BigInt(await rpcCall<number>(rpc.rpcUrl, 'getMinimumBalanceForRentExemption', [0]))
    const to = freshAddress()
    const error = await expectNothingSigned(function (this: Portico) {
      return this.send({ to, amount: '0.0001', namespace: 'solana' })
    })
    expect(error).toBeInstanceOf(SolanaRentExemptError)
    expect((error as SolanaRentExemptError).minimumLamports).toBe(minimum)
    expect((error as SolanaRentExemptError).shortMessage).toBe(`The recipient is a new account: send at least ${Number(minimum) / 1e9} SOL (the rent-exempt minimum)`)
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(0n)
  })

  it('the same small amount to an existing account is fine', async () => {
    const { portico } = await connected()
    const to = freshAddress()
    await portico.send({ to, amount: '0.01', namespace: 'solana' })
    await portico.send({ to, amount: '0.0001', namespace: 'solana' })
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(10_100_000n)
    await portico.disconnect('solana')
  })

  it('more than the balance, too many decimals, and a token that is not a mint', async () => {
    const tooMuch = await expectNothingSigned(function (this: Portico) {
      return this.send({ to: freshAddress(), amount: '1000000', namespace: 'solana' })
    })
    // the kernel refuses it from the blockchain API's balance; the plugin would too (below)
    expect((tooMuch as SendValidationError).shortMessage).toBe('Insufficient Funds')
    const decimals = await expectNothingSigned(function (this: Portico) {
      return this.send({ to: freshAddress(), amount: '0.0000000001', namespace: 'solana' })
    })
    expect((decimals as SendValidationError).shortMessage).toBe('The amount has more than 9 decimals')
    const notMint = await expectNothingSigned(function (this: Portico) {
      return this.send({ to: freshAddress(), amount: '1', token: `${network.caipNetworkId}:${devSolanaAddress}` as CaipAddress, namespace: 'solana' })
    })
    expect((notMint as SendValidationError).shortMessage).toBe('A token is required')
    const tokenTooMuch = await expectNothingSigned(function (this: Portico) {
      return this.send({ to: freshAddress(), amount: '5000000', token: `${network.caipNetworkId}:${mint}` as CaipAddress, namespace: 'solana' })
    })
    expect((tokenTooMuch as SendValidationError).shortMessage).toBe('Insufficient Funds')
  })

  it("the plugin's own checks hold when a send reaches it directly (a site without the blockchain API)", async () => {
    const { portico } = await connected()
    const hook = portico.hooks.send.get('solana')!
    const base = { namespace: 'solana', connectorId: walletName, from: devSolanaAddress, network }
    const activity = dev.control.activity().length
    const tooMuch = await hook.promise({ ...base, to: freshAddress(), amount: '1000000' }).catch((e: unknown) => e)
    expect((tooMuch as SolanaAmountError).shortMessage).toBe('Insufficient SOL balance')
    const decimals = await hook.promise({ ...base, to: freshAddress(), amount: '0.0000000001' }).catch((e: unknown) => e)
    expect((decimals as SolanaAmountError).shortMessage).toBe('SOL has 9 decimals; the amount has more')
    const notMint = await hook.promise({ ...base, to: freshAddress(), amount: '1', token: `${network.caipNetworkId}:${devSolanaAddress}` as CaipAddress }).catch((e: unknown) => e)
    expect(notMint).toBeInstanceOf(SolanaTokenError)
    const otherNetwork = await hook.promise({ ...base, to: freshAddress(), amount: '1', token: `${solanaMainnet.caipNetworkId}:${mint}` as CaipAddress }).catch((e: unknown) => e)
    expect((otherNetwork as SolanaTokenError).shortMessage).toBe('The token is not on Portico Solana Localnet')
    const tokenTooMuch = await hook.promise({ ...base, to: freshAddress(), amount: '5000000', token: `${network.caipNetworkId}:${mint}` as CaipAddress }).catch((e: unknown) => e)
    expect((tokenTooMuch as SolanaAmountError).shortMessage).toBe('Insufficient pUSD balance')
    const badTo = await hook.promise({ ...base, to: base58.encode(randomBytes(31)), amount: '1' }).catch((e: unknown) => e)
    expect((badTo as SolanaAmountError).shortMessage).toBe('Invalid Address')
    expect(dev.control.activity().slice(activity).filter((a) => a.method.startsWith('solana:'))).toEqual([])
    await portico.disconnect('solana')
  })

  it('a wallet that rejects: a 4001 error, nothing sent, still connected', async () => {
    const { portico } = await connected()
    const to = freshAddress()
    const lamports = await lamportsOf(rpc.rpcUrl, devSolanaAddress)
    dev.control.setMode('reject')
    try {
      const error = await portico.send({ to, amount: '0.25', namespace: 'solana' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect((error as ProviderRpcError).code).toBe(4001)
      expect((error as ProviderRpcError).isUserRejection).toBe(true)
      const signError = await portico.signMessage({ message: 'hi', namespace: 'solana' }).catch((e: unknown) => e)
      expect((signError as ProviderRpcError).code).toBe(4001)
    } finally {
      dev.control.setMode('approve')
    }
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(0n)
    expect(await lamportsOf(rpc.rpcUrl, devSolanaAddress)).toBe(lamports)
    expect(portico.getState().connections.solana?.status).toBe('connected')
    // and the next request goes through
    await portico.send({ to, amount: '0.25', namespace: 'solana' })
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(250_000_000n)
    await portico.disconnect('solana')
  })

  it('a wallet that returns garbage instead of a signature', async () => {
    const window = installWindow()
    const liar: Wallet = {
      version: '1.0.0',
      name: 'Liar',
      icon: 'data:image/png;base64,AA==',
      chains: ['solana:localnet'],
      accounts: [],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [{ address: devSolanaAddress, publicKey: new Uint8Array(32), chains: ['solana:localnet'], features: [] }] }) },
        'solana:signMessage': { version: '1.0.0', signMessage: async () => [{ signedMessage: new Uint8Array(), signature: 'nope' }] },
        'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy'], signAndSendTransaction: async () => [{ signature: new Uint8Array(3) }] },
      },
    }
    const off = registerWalletStandardWallet(liar, window)
    try {
      const { portico } = setup()
      await portico.discoverWallets('solana')
      await portico.connect({ connectorId: 'Liar', namespace: 'solana' })
      await expect(portico.signMessage({ message: 'x', namespace: 'solana' })).rejects.toThrow('The wallet returned an invalid signature')
      await expect(portico.send({ to: freshAddress(), amount: '0.25', namespace: 'solana' })).rejects.toThrow('The wallet returned an invalid transaction signature')
      await portico.disconnect('solana')
    } finally {
      off()
    }
  })
})

describe('solana: wallet events', () => {
  it('follows standard:events: new accounts, a dropped chain, garbage', async () => {
    const window = installWindow()
    const listeners = new Set<(properties: unknown) => void>()
    const other = base58.encode(ed25519.getPublicKey(randomBytes(32)))
    const account = (address: string) => ({ address, publicKey: base58.decode(address), chains: ['solana:localnet'], features: [] })
    const wallet = {
      version: '1.0.0',
      name: 'Eventful',
      icon: 'data:image/png;base64,AA==',
      chains: ['solana:localnet', 'solana:mainnet'],
      accounts: [account(devSolanaAddress)],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: wallet.accounts }) },
        'standard:events': { version: '1.0.0', on: (_event: string, listener: (p: unknown) => void) => (listeners.add(listener), () => listeners.delete(listener)) },
      },
    }
    const emit = (properties: unknown) => {
      for (const listener of [...listeners]) listener(properties)
    }
    const off = registerWalletStandardWallet(wallet as unknown as Wallet, window)
    try {
      const { portico } = setup()
      await portico.discoverWallets('solana')
      await portico.connect({ connectorId: 'Eventful', namespace: 'solana' })
      expect(listeners.size).toBe(1)
      emit({ accounts: [account(other)] })
      expect(portico.getAccount('solana').address).toBe(other)
      emit({ accounts: 'garbage' as unknown })
      emit(null)
      emit({ chains: 42 })
      expect(portico.getState().connections.solana).toMatchObject({ status: 'connected', address: other })
      emit({ accounts: [] })
      expect(portico.getState().connections.solana?.status).toBe('disconnected')
      expect(listeners.size).toBe(0)

      wallet.accounts = [account(devSolanaAddress)]
      await portico.connect({ connectorId: 'Eventful', namespace: 'solana' })
      expect(portico.getState().connections.solana?.caipAddress).toBe(`${network.caipNetworkId}:${devSolanaAddress}`)
      wallet.chains = ['solana:mainnet']
      emit({ chains: wallet.chains })
      expect(portico.getState().connections.solana?.caipAddress).toBe(`${solanaMainnet.caipNetworkId}:${devSolanaAddress}`)
      expect(portico.stores.networks.activeOf('solana')?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
      await portico.disconnect('solana')
      expect(listeners.size).toBe(0)
    } finally {
      off()
    }
  })


  it('an account change and the wallet ending the connection reach the kernel', async () => {
    const { portico } = await connected()
    const events: string[] = []
    portico.hooks.disconnected.tap('test', (e) => events.push(`disconnected:${e.namespace}`))
    dev.control.disconnect()
    await expect.poll(() => portico.getState().connections.solana?.status).toBe('disconnected')
    expect(events).toEqual(['disconnected:solana'])
  })
})
