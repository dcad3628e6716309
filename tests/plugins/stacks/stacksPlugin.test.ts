import '../../helpers/stacksLoaded.js'
// portico/stacks with the SIP-030 dev wallet (a real secp256k1 key, @stacks/transactions signing) on
// the sandbox's Stacks ledger: discovery of Leather, Xverse and wbip_providers entries (each once,
// late injection, hostile pages), connect and silent reconnect, a send with its fee quoted first,
// refusals before the wallet is asked, a rejecting wallet, a failing API, and the wallet's events.
import { bytesToHex } from '@noble/hashes/utils.js'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { createPorticoKernel, type CaipAddress, type Portico, type StorageBackend } from '../../../kernel/kernel.js'
import { createStacksWalletDiscovery, defaultStacksWallets } from '../../../plugins/stacks/discovery/createStacksWalletDiscovery.js'
import { defineStacksNetwork, stacks, stacksMainnet } from '../../../plugins/stacks/index.js'
import { devStacksKey } from '../../../sandbox/stacks/devStacks.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../../sandbox/stacks/startStacksNode.js'
import { createStacksDevWallet } from '../../../sandbox/stacksWallet/createStacksDevWallet.js'
import { createXverseWallet, xverseListing, xverseStacksMethods } from '../../../sandbox/personas/xverse/createXverseWallet.js'

type Page = EventTarget & Record<string, unknown>
const key = devStacksKey()
let node: StacksNode
let portico: Portico | undefined

beforeAll(async () => {
  node = await startStacksNode({
    chainId: stacksSandboxChainId,
    transactionVersion: stacksSandboxTransactionVersion,
    feeRate: stacksFeeRate,
    feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint],
    token: { contractAddress: devStacksKey("m/44'/5757'/0'/0/2").address, contractName: 'portico-usd', assetName: 'portico-usd', name: 'Portico USD', symbol: 'pUSD', decimals: 6 },
    blockIntervalMs: 100,
  })
  node.ledger.genesis(key.address, 20_000_000n)
  node.ledger.mintToken(key.address, 9_000_000n)
})
afterAll(async () => {
  await node?.stop()
})
afterEach(async () => {
  await portico?.destroy()
  portico = undefined
})

const local = () => defineStacksNetwork({ chainId: stacksSandboxChainId, addressNetwork: 'testnet', walletNetwork: 'devnet', name: 'Local Stacks', apiUrls: [node.url], testnet: true })
const wallet = () => createStacksDevWallet({ key, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } })
const memory = (): StorageBackend => {
  const data = new Map<string, string>()
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}
const ustxOf = async (address: string) => BigInt(((await (await fetch(`${node.url}/v2/accounts/${address}`)).json()) as { balance: string }).balance)
const fresh = () => privateKeyToAddress(randomPrivateKey(), 'testnet')

function start(page: Page, storage: StorageBackend = memory(), networks = [local()]) {
  portico = createPorticoKernel({ projectId: 'stacks-test', networks, plugins: [stacks({}, { window: page })], endpoints: { api: 'http://127.0.0.1:9' }, storage })
  return portico
}

describe('SIP-030 wallet discovery', () => {
  it('finds Leather, Xverse and the wbip_providers entries each once, the entry lending its icon; skips hostile and non-Stacks entries', () => {
    const page = new EventTarget() as Page
    const leather = wallet().provider
    const icon = 'data:image/svg+xml;base64,PHN2Zy8+'
    page.LeatherProvider = leather
    // Xverse's StacksProvider is the legacy JWT object whose request throws: Xverse serves stx_* on its BitcoinProvider.
    page.XverseProviders = { StacksProvider: { request: () => { throw new Error('`request` function is not implemented') } }, BitcoinProvider: wallet().provider }
    page.PorticoStacksDevWallet = wallet().provider
    page.Other = leather
    page.BtcOnly = wallet().provider
    page.BtcAndStacks = wallet().provider
    page.PlainBitcoin = wallet().provider
    page.btc_providers = [
      { id: 'XverseProviders.BitcoinProvider', name: 'Xverse Wallet', icon, methods: ['getAddresses', 'signPsbt', 'stx_transferStx'] },
      { id: 'BtcAndStacks', name: 'Bitcoin and Stacks', methods: ['getAddresses', 'stx_signMessage'] },
      { id: 'PlainBitcoin', name: 'Bitcoin only too', methods: ['getAddresses', 'signPsbt'] },
    ]
    const hostile = {}
    Object.defineProperty(hostile, 'id', {
      get() {
        throw new Error('hostile getter')
      },
    })
    page.wbip_providers = [
      { id: 'LeatherProvider', name: 'Leather', icon },
      { id: 'PorticoStacksDevWallet', name: 'Portico Dev Wallet (Stacks)\u202e', icon: 'javascript:alert(1)' },
      { id: 'Other', name: 'Leather again' },
      { id: 'BtcOnly', name: 'Bitcoin only', methods: ['getAddresses'.replace('getAddresses', 'signPsbt')] },
      { id: '__proto__', name: 'Prototype' },
      { id: 'Missing', name: 'Not injected' },
      { id: 'constructor.prototype', name: 'Sneaky' },
      hostile,
      'junk',
    ]
    const discovery = createStacksWalletDiscovery(page, defaultStacksWallets, { pollForMs: 0 })
    expect(discovery.wallets().map((w) => [w.id, w.name, w.icon ?? null, w.dialect])).toEqual([
      ['LeatherProvider', 'Leather', icon, 'sip030'],
      ['XverseProviders.BitcoinProvider', 'Xverse', icon, 'satsConnect'],
      ['PorticoStacksDevWallet', 'Portico Dev Wallet (Stacks)', null, 'sip030'],
      ['BtcAndStacks', 'Bitcoin and Stacks', null, 'sip030'],
    ])
    discovery.dispose()
  })

  it('lists a wallet injected late and tells its listeners', async () => {
    // The discovery polls on the clock: a fake one, moved on by the test, so "once" is over a known span of polls.
    vi.useFakeTimers()
    try {
      const page = new EventTarget() as Page
      const discovery = createStacksWalletDiscovery(page, defaultStacksWallets, { pollMs: 10, pollForMs: 2_000 })
      let changes = 0
      discovery.onChange(() => changes++)
      let found: { name: string } | undefined
      void discovery.waitFor('PorticoStacksDevWallet', 1_000).then((wallet) => (found = wallet))
      setTimeout(() => {
        page.PorticoStacksDevWallet = wallet().provider
        page.wbip_providers = [{ id: 'PorticoStacksDevWallet', name: 'Portico Dev Wallet (Stacks)' }]
      }, 30)
      for (let ms = 0; ms < 1_000 && !found; ms += 10) await vi.advanceTimersByTimeAsync(10)
      expect(found?.name).toBe('Portico Dev Wallet (Stacks)')
      // Five more polls find it again and tell no one.
      await vi.advanceTimersByTimeAsync(50)
      expect(changes).toBe(1)
      const leather = discovery.waitFor('LeatherProvider', 30)
      await vi.advanceTimersByTimeAsync(30)
      expect(await leather).toBeUndefined()
      discovery.dispose()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('portico/stacks with the dev wallet on the ledger', () => {
  it('connects with getAddresses, reads the balance, quotes the fee per speed, sends, and the ledger confirms it', async () => {
    const page = new EventTarget() as Page
    const dev = wallet()
    page.LeatherProvider = dev.provider
    const app = start(page)
    await app.ready()
    const connected = await app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })
    expect(connected.caipAddress).toBe(`stacks:${stacksSandboxChainId}:${key.address}`)
    expect((await app.fetchBalance('stacks'))?.balance).toBe(String(Number(await ustxOf(key.address)) / 1e6))
    const to = fresh()
    const fee = await app.estimateSendFee({ namespace: 'stacks', to, amount: '1.5' })
    expect(fee).toMatchObject({ fee: '0.00036', symbol: 'STX', speed: 'normal', speeds: [{ speed: 'slow', fee: '0.00018' }, { speed: 'normal', fee: '0.00036' }, { speed: 'fast', fee: '0.00054' }] })
    expect(dev.control.activity().map((a) => a.method)).toEqual(['getAddresses'])
    const hash = await app.send({ namespace: 'stacks', to, amount: '1.5' })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => ustxOf(to), { timeout: 5_000 }).toBe(1_500_000n)
    const tx = (await (await fetch(`${node.url}/extended/v1/tx/${hash}`)).json()) as { fee_rate: string; tx_status: string }
    expect(tx).toMatchObject({ fee_rate: '360', tx_status: 'success' })
    expect(dev.control.activity().map((a) => `${a.method}:${a.outcome}`)).toEqual(['getAddresses:approved', 'stx_transferStx:approved'])
  })

  it('sends a SIP-010 token with stx_callContract (deny mode, a post condition for exactly the amount); hostile token ids are refused first', async () => {
    const page = new EventTarget() as Page
    const dev = wallet()
    page.LeatherProvider = dev.provider
    const app = start(page)
    await app.ready()
    await app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })
    // The plugin's own token list (the account-data tap after the blockchain API's), named by the token metadata API.
    const tap = app.hooks.fetchTokenBalances.get('stacks')?.taps.find((t) => t.name === 'stacks')
    const tokens = (await tap!.fn({ namespace: 'stacks', address: key.address, caipNetworkId: local().caipNetworkId, network: local(), force: true })) as { symbol: string; name: string; address: string; quantity: unknown }[]
    const pusd = tokens.find((t) => t.symbol === 'pUSD')
    expect(pusd).toMatchObject({ name: 'Portico USD', quantity: { decimals: '6', numeric: '9' }, address: `stacks:${stacksSandboxChainId}:${(node.ledger.tokenId as string).replace('::', '%3A%3A')}` })
    const to = fresh()
    const token = pusd!.address as CaipAddress
    // The plugin's own taps, as the conformance kit calls them (the kernel's pre-checks need a blockchain API).
    const request = { namespace: 'stacks', connectorId: 'LeatherProvider', from: key.address, network: local(), to, amount: '1.25', token, decimals: 6 }
    const fee = await app.chains.call('stacks', 'estimateSendFee', request)
    expect(fee).toMatchObject({ fee: '0.00052', speed: 'normal' })
    const asked = dev.control.activity().length
    for (const bad of [`stacks:${stacksSandboxChainId}:nope`, `stacks:1:${token.split(':')[2]}`, `stacks:${stacksSandboxChainId}:%ZZ`, `${token}x%3A%3A`]) {
      await expect(app.hooks.send.get('stacks')!.promise({ ...request, token: bad as CaipAddress }), bad).rejects.toMatchObject({ name: 'StacksAmountError' })
    }
    await expect(app.hooks.send.get('stacks')!.promise({ ...request, amount: '100' })).rejects.toMatchObject({ name: 'StacksAmountError', shortMessage: expect.stringMatching(/token balance/) })
    await expect(app.hooks.send.get('stacks')!.promise({ ...request, amount: '0.0000001' })).rejects.toMatchObject({ name: 'StacksAmountError' })
    expect(dev.control.activity().length).toBe(asked)
    const { hash } = (await app.hooks.send.get('stacks')!.promise(request))!
    await expect.poll(async () => ((await (await fetch(`${node.url}/extended/v1/tx/${hash}`)).json()) as { tx_status: string }).tx_status, { timeout: 5_000 }).toBe('success')
    const balances = (await (await fetch(`${node.url}/extended/v1/address/${to}/balances`)).json()) as { fungible_tokens: Record<string, { balance: string }> }
    expect(balances.fungible_tokens[node.ledger.tokenId as string]?.balance).toBe('1250000')
    expect(dev.control.activity().at(-1)).toEqual({ method: 'stx_callContract', outcome: 'approved' })
  })

  it('sends with a memo (meta.sendMemo: 34 bytes of UTF-8): in stx_transferStx and in SIP-010 transfer\'s (some (buff 34)); the ledger keeps it; an over-long memo is refused before the wallet is asked', async () => {
    const page = new EventTarget() as Page
    const dev = wallet()
    page.LeatherProvider = dev.provider
    const app = start(page)
    await app.ready()
    await app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })
    expect(app.sendMemo('stacks')).toEqual({ maxBytes: 34 })
    const to = fresh()
    const memo = 'café ☕ invoice 42, paid in full'
    const hash = await app.send({ namespace: 'stacks', to, amount: '0.5', memo })
    await expect.poll(() => ustxOf(to), { timeout: 5_000 }).toBe(500_000n)
    const tx = (await (await fetch(`${node.url}/extended/v1/tx/${hash}`)).json()) as { token_transfer: { memo: string } }
    expect(Buffer.from(tx.token_transfer.memo.slice(2), 'hex').toString('utf8').replace(/\0+$/, '')).toBe(memo)
    expect(dev.control.activity().at(-1)).toEqual({ method: 'stx_transferStx', outcome: 'approved', memo })

    // SIP-010: the plugin's own taps with the memo, as the kernel hands it on.
    const token = `stacks:${stacksSandboxChainId}:${(node.ledger.tokenId as string).replace('::', '%3A%3A')}` as CaipAddress
    const request = { namespace: 'stacks', connectorId: 'LeatherProvider', from: key.address, network: local(), to, amount: '0.5', token, decimals: 6, memo: 'token memo ✓' }
    const withMemo = await app.chains.call('stacks', 'estimateSendFee', request)
    const without = await app.chains.call('stacks', 'estimateSendFee', { ...request, memo: undefined } as never)
    // The memo's bytes are paid for: the estimate is for a longer transaction.
    expect(Number(withMemo!.fee)).toBeGreaterThan(Number(without!.fee))
    const sent = (await app.hooks.send.get('stacks')!.promise(request))!
    await expect.poll(async () => ((await (await fetch(`${node.url}/extended/v1/tx/${sent.hash}`)).json()) as { tx_status: string }).tx_status, { timeout: 5_000 }).toBe('success')
    const call = (await (await fetch(`${node.url}/extended/v1/tx/${sent.hash}`)).json()) as { contract_call: { function_args: { name: string; repr: string }[] } }
    expect(call.contract_call.function_args.find((a) => a.name === 'memo')?.repr).toBe(`(some 0x${Buffer.from('token memo ✓').toString('hex')})`)
    expect(node.ledger.tx(sent.hash.slice(2))?.memo).toBe('token memo ✓')
    expect(dev.control.activity().at(-1)).toEqual({ method: 'stx_callContract', outcome: 'approved', memo: 'token memo ✓' })

    // 35 bytes: the kernel refuses it, and so does the plugin's own tap when called directly.
    const asked = dev.control.activity().length
    await expect(app.send({ namespace: 'stacks', to, amount: '0.5', memo: `${memo}!` })).rejects.toMatchObject({ name: 'SendValidationError', shortMessage: 'The memo is 35 bytes; at most 34 bytes are allowed' })
    await expect(app.hooks.send.get('stacks')!.promise({ ...request, token: undefined, memo: `${memo}!` } as never)).rejects.toMatchObject({ name: 'StacksAmountError', shortMessage: 'The memo is longer than 34 bytes' })
    await expect(app.hooks.send.get('stacks')!.promise({ ...request, memo: `${memo}!` })).rejects.toMatchObject({ name: 'StacksAmountError', shortMessage: 'The memo is longer than 34 bytes' })
    expect(dev.control.activity().length).toBe(asked)
  })

  it('refuses zero, negative, too many decimals, more than the balance, junk, a mainnet, broken or own receiver before the wallet is asked', async () => {
    const page = new EventTarget() as Page
    const dev = wallet()
    page.LeatherProvider = dev.provider
    const app = start(page)
    await app.ready()
    await app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })
    const before = await ustxOf(key.address)
    const to = fresh()
    const asked = dev.control.activity().length
    for (const amount of ['0', '-1', '0.0000001', '1e3', '0x10', '100000000', 'NaN', '', '18446744073709.551616']) {
      const outcome = await app.send({ namespace: 'stacks', to, amount }).then((h) => `sent ${h}`, (e: Error) => e.name)
      expect(outcome, `amount "${amount}"`).not.toMatch(/^sent/)
    }
    for (const receiver of [privateKeyToAddress(randomPrivateKey(), 'mainnet'), `${to.slice(0, -1)}${to.endsWith('A') ? 'B' : 'A'}`, to.toLowerCase(), `${to}.contract`, key.address, `S${'T'.repeat(300)}`]) {
      await expect(app.send({ namespace: 'stacks', to: receiver, amount: '1' }), receiver.slice(0, 50)).rejects.toThrow()
    }
    await expect(app.estimateSendFee({ namespace: 'stacks', to, amount: '100000' })).rejects.toMatchObject({ name: 'StacksAmountError', shortMessage: expect.stringMatching(/does not cover/) })
    expect(dev.control.activity().length).toBe(asked)
    expect(await ustxOf(key.address)).toBe(before)
    expect(await ustxOf(to)).toBe(0n)
  })

  it('a rejecting wallet: connection and send fail with code 4001 and nothing moves', async () => {
    const page = new EventTarget() as Page
    const dev = wallet()
    page.LeatherProvider = dev.provider
    const app = start(page)
    await app.ready()
    dev.control.setMode('reject')
    await expect(app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
    dev.control.setMode('approve')
    await app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })
    dev.control.setMode('reject')
    const to = fresh()
    await expect(app.send({ namespace: 'stacks', to, amount: '0.5' })).rejects.toMatchObject({ code: 4001 })
    await expect(app.signMessage({ namespace: 'stacks', message: 'hi' })).rejects.toMatchObject({ code: 4001 })
    expect(await ustxOf(to)).toBe(0n)
  })

  it('an API that fails gives StacksApiRequestError, not a crash; a wallet answering garbage is an invalid-signature error', async () => {
    const page = new EventTarget() as Page
    const dev = wallet()
    page.LeatherProvider = { request: async (method: string, params: unknown) => (method === 'stx_signMessage' ? { jsonrpc: '2.0', id: '1', result: { signature: 'nope' } } : dev.provider.request(method, params)) }
    const broken = defineStacksNetwork({ chainId: stacksSandboxChainId, addressNetwork: 'testnet', walletNetwork: 'devnet', name: 'Broken', apiUrls: ['http://127.0.0.1:9'], testnet: true })
    const app = start(page, memory(), [broken])
    await app.ready()
    await app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: broken })
    await expect(app.fetchBalance('stacks')).rejects.toMatchObject({ name: 'StacksApiRequestError' })
    await expect(app.estimateSendFee({ namespace: 'stacks', to: fresh(), amount: '1' })).rejects.toMatchObject({ name: 'StacksApiRequestError' })
    await expect(app.signMessage({ namespace: 'stacks', message: 'hi' })).rejects.toMatchObject({ shortMessage: expect.stringMatching(/invalid signature/) })
  })

  it('signs with stx_signMessage (verified by @stacks/encryption) and the registered sign-in verifier accepts it', async () => {
    const page = new EventTarget() as Page
    page.LeatherProvider = wallet().provider
    const app = start(page)
    await app.ready()
    await app.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })
    const signature = await app.signMessage({ namespace: 'stacks', message: 'Sign in to Portico' })
    expect(verifyMessageSignatureRsv({ message: 'Sign in to Portico', signature, publicKey: bytesToHex(key.publicKey) })).toBe(true)
  })

  it('reconnects on reload from the shared addresses without asking the wallet; not after a disconnect', async () => {
    const storage = memory()
    const page = new EventTarget() as Page
    const dev = wallet()
    page.LeatherProvider = dev.provider
    const first = start(page, storage)
    await first.ready()
    await first.connect({ connectorId: 'LeatherProvider', namespace: 'stacks', network: local() })
    await first.destroy()
    const asked = dev.control.activity().length
    const again = start(page, storage)
    await again.ready()
    await expect.poll(() => again.getState().connections.stacks?.status, { timeout: 5_000 }).toBe('connected')
    expect(again.getState().connections.stacks?.address).toBe(key.address)
    expect(dev.control.activity().length).toBe(asked)
    await again.disconnect('stacks')
    await again.destroy()
    // Disconnecting forgot it: nothing is stored to restore, and ready() settles when the restore is done.
    expect(JSON.parse(storage.getItem('@portico/connections') ?? '{}')).not.toHaveProperty('stacks')
    const third = start(page, storage)
    await third.ready()
    expect(third.getState().connections.stacks?.status ?? 'disconnected').toBe('disconnected')
  })

  it('Xverse (its persona): connects with wallet_connect on XverseProviders.BitcoinProvider, sends, follows accountChange and disconnect; its refusal (-32000) is 4001', async () => {
    const page = new EventTarget() as Page
    const xverse = createXverseWallet()
    xverse.wallet.define('stacks', xverseStacksMethods({ stacksKey: xverse.stacksKey, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } }))
    const control = xverse.wallet.control('stacks', xverse.connection)
    page.XverseProviders = { BitcoinProvider: xverse.provider, StacksProvider: xverse.stacksProvider }
    page.btc_providers = [{ ...xverseListing }]
    const app = start(page)
    await app.ready()
    const connected = await app.connect({ connectorId: 'XverseProviders.BitcoinProvider', namespace: 'stacks', network: local() })
    expect(connected.address).toBe(key.address)
    expect(control.activity()).toEqual([{ method: 'wallet_connect', outcome: 'approved' }])
    const to = fresh()
    await app.send({ to, amount: '0.5', namespace: 'stacks' })
    await expect.poll(() => ustxOf(to), { timeout: 10_000 }).toBe(500_000n)
    control.setMode('reject')
    try {
      await expect(app.signMessage({ message: 'no', namespace: 'stacks' })).rejects.toMatchObject({ code: 4001 })
    } finally {
      control.setMode('approve')
    }
    const other = devStacksKey("m/44'/5757'/0'/0/7").address
    xverse.switchAccount(7)
    await expect.poll(() => app.getState().connections.stacks?.address).toBe(other)
    xverse.connection.disconnect()
    await expect.poll(() => app.getState().connections.stacks?.status).toBe('disconnected')
  })

  it('validates addresses for the network in use, and links to the explorer per network', async () => {
    const page = new EventTarget() as Page
    const app = start(page, memory(), [stacksMainnet, local()])
    await app.ready()
    await app.switchNetwork(stacksMainnet)
    const mainnetAddress = privateKeyToAddress(randomPrivateKey(), 'mainnet')
    expect(app.addressValidators.isAddress(mainnetAddress, 'stacks')).toBe(true)
    expect(app.addressValidators.isAddress(fresh(), 'stacks')).toBe(false)
    await app.switchNetwork(local())
    expect(app.addressValidators.isAddress(mainnetAddress, 'stacks')).toBe(false)
    expect(app.addressValidators.isAddress(fresh(), 'stacks')).toBe(true)
    expect(app.explorers.transactionUrl(stacksMainnet, '0xabc')).toBe('https://explorer.hiro.so/txid/0xabc?chain=mainnet')
    expect(app.explorers.addressUrl(stacksMainnet, mainnetAddress)).toBe(`https://explorer.hiro.so/address/${mainnetAddress}?chain=mainnet`)
  })
})
