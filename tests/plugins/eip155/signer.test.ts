// Issue 47 on eip155: the site's own transactions through `portico.getSigner('eip155')`, against
// anvil with the sandbox's pUSD and the real Portico Dev Wallet (a real key, signing in the page).
// A contract write through viem's WalletClient, read back from the chain; the signer following
// the wallet's account and the site's network switch; and what a site must be told: nothing
// connected, the visitor saying no (4001), another network (refused before the wallet is asked), a
// revert (the chain's reason), and malformed input (a typed error, no wallet asked).
import '../../helpers/eip155Loaded.js'
import {
  BaseError as ViemBaseError,
  defineChain,
  encodeFunctionData,
  parseEther,
  ChainMismatchError,
  ContractFunctionRevertedError,
  createPublicClient,
  erc20Abi,
  http,
  parseUnits,
  UserRejectedRequestError,
  verifyMessage,
  verifyTypedData,
  type Address,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainNotSupportedError, createPorticoKernel, NotConnectedError, ProviderRpcError } from '../../../kernel/kernel.js'
import { defineNetwork, eip155, type Eip155Signer } from '../../../plugins/eip155/index.js'
import { deployPorticoUsd } from '../../../sandbox/devnets/deployPorticoUsd.js'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { pageWithDevWallet } from './helpers/setupDevWallet.js'

const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const account0 = devAccount(0).address
const account1 = devAccount(1).address

let anvilA: Anvil
let anvilB: Anvil
let pusd: Address
let chainA: PublicClient
let devnetA: ReturnType<typeof defineNetwork>
let devnetB: ReturnType<typeof defineNetwork>

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  ;({ address: pusd } = await deployPorticoUsd({ rpcUrl: anvilA.rpcUrl, chainId: 31337 }))
  devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvilA.rpcUrl] })
  devnetB = defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [anvilB.rpcUrl] })
  chainA = createPublicClient({ transport: http(anvilA.rpcUrl), cacheTime: 0 })
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

/** A kernel with the eip155 plugin and the dev wallet (which knows both devnets), and what the wallet was asked. */
async function setup({ connect = true } = {}) {
  const page = pageWithDevWallet({
    chains: [
      { chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency },
      { chainId: 31338, name: 'Portico Devnet B', rpcUrl: anvilB.rpcUrl, nativeCurrency: currency },
    ],
  })
  const portico = createPorticoKernel({ projectId: 'test', networks: [devnetA, devnetB], plugins: [eip155({}, { window: page.target })], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
  await portico.ready()
  if (connect) {
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'dev.portico.wallet', namespace: 'eip155' })
  }
  const signer = await portico.getSigner('eip155')
  /** Every request the wallet logged (all but the chain reads it forwards), oldest first. */
  const asked = () => page.wallet.control.activity().map((a) => `${a.method}:${a.outcome}`)
  return { portico, page, signer, asked }
}

const balanceOf = (owner: Address) => chainA.readContract({ address: pusd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const failure = (run: () => Promise<unknown>) => run().then(() => undefined, (error: unknown) => error)

describe('the eip155 signer: a site\'s own transaction', () => {
  it('is typed by portico/eip155 and writes a pUSD transfer through viem\'s WalletClient; the receipt and balances come from anvil', async () => {
    const { portico, signer, asked } = await setup()
    // Typed without a cast once the site imports portico/eip155.
    const typed: Eip155Signer = signer
    expect(typed.namespace).toBe('eip155')
    const wallet = await signer.getWalletClient()
    expect(wallet.account.address).toBe(account0)
    expect(wallet.chain.id).toBe(31337)
    const to = fresh()
    const before = await balanceOf(account0)
    const hash = await wallet.writeContract({ address: pusd, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits('1.5', 6)] })
    const receipt = await chainA.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account0.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(pusd.toLowerCase())
    expect(await balanceOf(to)).toBe(1_500_000n)
    expect(await balanceOf(account0)).toBe(before - 1_500_000n)
    expect(asked()).toContain('eth_sendTransaction:approved')
    await portico.destroy()
  })

  it('signs a message and typed data through the WalletClient (personal_sign, eth_signTypedData_v4): both verify with viem', async () => {
    const { portico, signer, asked } = await setup()
    const wallet = await signer.getWalletClient()
    const message = 'Buy 3 apples at the Portico shop'
    expect(await verifyMessage({ address: account0, message, signature: await wallet.signMessage({ message }) })).toBe(true)
    const typedData = {
      domain: { name: 'Portico shop', version: '1', chainId: 31337, verifyingContract: pusd },
      types: { Order: [{ name: 'buyer', type: 'address' }, { name: 'apples', type: 'uint256' }] },
      primaryType: 'Order',
      message: { buyer: account0, apples: 3n },
    } as const
    const signature = await wallet.signTypedData(typedData)
    expect(await verifyTypedData({ address: account0, ...typedData, signature })).toBe(true)
    expect(asked()).toEqual(expect.arrayContaining(['personal_sign:approved', 'eth_signTypedData_v4:approved']))
    await portico.destroy()
  })

  it('follows the account the visitor picks in the wallet and the network the site switches to', async () => {
    const { portico, page, signer, asked } = await setup()
    const onA = await signer.getWalletClient()
    expect(await signer.request({ method: 'eth_accounts' })).toEqual([account0])
    await page.wallet.control.setAccount(devAccount(1))
    await expect.poll(() => signer.request({ method: 'eth_accounts' })).toEqual([account1])
    expect((await signer.getWalletClient()).account.address).toBe(account1)
    await page.wallet.control.setAccount(devAccount(0))
    await expect.poll(() => signer.request({ method: 'eth_accounts' })).toEqual([account0])

    await portico.switchNetwork(devnetB)
    expect(await signer.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // The client made on Devnet A: viem sees the wallet is elsewhere now and sends nothing.
    const sends = asked().filter((a) => a.startsWith('eth_sendTransaction')).length
    const stale = await failure(() => onA.writeContract({ address: pusd, abi: erc20Abi, functionName: 'transfer', args: [fresh(), 1n] }))
    expect(stale).toBeInstanceOf(ViemBaseError)
    expect((stale as ViemBaseError).walk((e) => e instanceof ChainMismatchError)).toBeInstanceOf(ChainMismatchError)
    expect(asked().filter((a) => a.startsWith('eth_sendTransaction')).length).toBe(sends)
    // Asked again, the signer gives a client on Devnet B, and the wallet sends there.
    const onB = await signer.getWalletClient()
    expect(onB.chain.id).toBe(31338)
    const to = fresh()
    const hash = await onB.sendTransaction({ to, value: parseEther('0.01') })
    const chainB = createPublicClient({ transport: http(anvilB.rpcUrl), cacheTime: 0 })
    expect((await chainB.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await chainB.getBalance({ address: to })).toBe(parseEther('0.01'))
    expect(await chainA.getBalance({ address: to })).toBe(0n)
    await portico.destroy()
  })
})

describe('the eip155 signer: what a site is told', () => {
  it('nothing connected: every member refuses with NotConnectedError, before looking at its arguments, and no wallet is asked', async () => {
    const { portico, signer, asked } = await setup({ connect: false })
    for (const run of [
      () => signer.request({ method: 'eth_chainId' }),
      () => signer.request({ method: 'eth_sendTransaction', params: [{ to: pusd, data: '0x' }] }),
      () => signer.request(undefined as never),
      () => signer.request({ method: 'wallet_switchEthereumChain', params: 'garbage' }),
      () => signer.getWalletClient(),
    ]) {
      expect(await failure(run)).toBeInstanceOf(NotConnectedError)
    }
    expect(asked()).toEqual([])
    // Connected, then disconnected: the same signer refuses again.
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'dev.portico.wallet', namespace: 'eip155' })
    expect(await signer.request({ method: 'eth_accounts' })).toEqual([account0])
    await portico.disconnect('eip155')
    const after = asked().length
    expect(await failure(() => signer.request({ method: 'personal_sign', params: ['0x68656c6c6f', account0] }))).toBeInstanceOf(NotConnectedError)
    expect(await failure(() => signer.getWalletClient())).toBeInstanceOf(NotConnectedError)
    expect(asked()).toHaveLength(after)
    await portico.destroy()
  })

  it('the visitor saying no is a ProviderRpcError 4001 (viem\'s UserRejectedRequestError through the WalletClient), and nothing reaches the chain', async () => {
    const { portico, page, signer, asked } = await setup()
    const nonce = await chainA.getTransactionCount({ address: account0 })
    page.wallet.control.setMode('reject')
    const refused = await failure(() => signer.request({ method: 'personal_sign', params: ['0x68656c6c6f', account0] }))
    expect(refused).toBeInstanceOf(ProviderRpcError)
    expect((refused as ProviderRpcError).code).toBe(4001)
    expect((refused as ProviderRpcError).isUserRejection).toBe(true)
    const wallet = await signer.getWalletClient()
    const written = await failure(() => wallet.writeContract({ address: pusd, abi: erc20Abi, functionName: 'transfer', args: [fresh(), 1n] }))
    const rejection = (written as ViemBaseError).walk((e) => e instanceof UserRejectedRequestError) as UserRejectedRequestError
    expect(rejection).toBeInstanceOf(UserRejectedRequestError)
    expect(rejection.code).toBe(4001)
    // The wallet's own error, kept as the cause.
    expect((written as ViemBaseError).walk((e) => e instanceof ProviderRpcError)).toMatchObject({ code: 4001 })
    expect(asked()).toEqual(expect.arrayContaining(['personal_sign:rejected', 'eth_sendTransaction:rejected']))
    expect(await chainA.getTransactionCount({ address: account0 })).toBe(nonce)
    page.wallet.control.setMode('approve')
    await portico.destroy()
  })

  it('a transaction or typed data for another network is refused with ChainNotSupportedError before the wallet is asked', async () => {
    const { portico, signer, asked } = await setup()
    const before = asked()
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account1, 1n] })
    const typedData = JSON.stringify({
      domain: { name: 'Shop', version: '1', chainId: 31338 },
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], Order: [{ name: 'id', type: 'uint256' }] },
      primaryType: 'Order',
      message: { id: 1 },
    })
    for (const [method, params] of [
      ['eth_sendTransaction', [{ from: account0, to: pusd, data: transfer, chainId: '0x7a6a' }]],
      ['eth_signTransaction', [{ from: account0, to: pusd, data: transfer, chainId: '0x7a6a' }]],
      ['eth_signTypedData_v4', [account0, typedData]],
      ['wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a6a', from: account0, atomicRequired: false, calls: [{ to: pusd, data: transfer }] }]],
    ] as const) {
      const error = await failure(() => signer.request({ method, params }))
      expect(error, method).toBeInstanceOf(ChainNotSupportedError)
      expect((error as ChainNotSupportedError).message, method).toContain('Connected on: eip155:31337')
    }
    // Through viem, a transaction for another chain than the client's is refused by viem itself, on the signer's eth_chainId.
    const wallet = await signer.getWalletClient()
    const devnetBChain = defineChain({ id: 31338, name: 'Portico Devnet B', nativeCurrency: currency, rpcUrls: { default: { http: [anvilB.rpcUrl] } } })
    const mismatch = await failure(() => wallet.writeContract({ address: pusd, abi: erc20Abi, functionName: 'transfer', args: [account1, 1n], chain: devnetBChain }))
    expect((mismatch as ViemBaseError).walk((e) => e instanceof ChainMismatchError)).toBeInstanceOf(ChainMismatchError)
    expect(asked()).toEqual(before)
    await portico.destroy()
  })

  it('a transaction the chain refuses (a revert) says why: the node\'s reason and revert data, which viem decodes', async () => {
    const { portico, signer } = await setup()
    const nonce = await chainA.getTransactionCount({ address: account0 })
    const tooMuch = parseUnits('5000000', 6)
    const wallet = await signer.getWalletClient()
    const written = await failure(() => wallet.writeContract({ address: pusd, abi: erc20Abi, functionName: 'transfer', args: [fresh(), tooMuch] }))
    const reverted = (written as ViemBaseError).walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError
    expect(reverted).toBeInstanceOf(ContractFunctionRevertedError)
    expect(reverted.reason).toBe('ERC20: transfer amount exceeds balance')
    expect((written as ViemBaseError).shortMessage).toContain('ERC20: transfer amount exceeds balance')
    // Through request: the wallet's answer as the chain gave it (EIP-1474 code 3, the reason, the revert data).
    const raw = await failure(() => signer.request({ method: 'eth_sendTransaction', params: [{ from: account0, to: pusd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [fresh(), tooMuch] }) }] }))
    expect(raw).toBeInstanceOf(ProviderRpcError)
    expect((raw as ProviderRpcError).code).toBe(3)
    expect((raw as ProviderRpcError).shortMessage).toContain('ERC20: transfer amount exceeds balance')
    expect((raw as ProviderRpcError).data).toMatch(/^0x08c379a0/)
    expect(await chainA.getTransactionCount({ address: account0 })).toBe(nonce)
    await portico.destroy()
  })

  it('malformed input gets a typed error and reaches no wallet', async () => {
    const { portico, signer, asked } = await setup()
    const before = asked()
    const stranger = fresh()
    const cases: [string, () => Promise<unknown>, number, RegExp][] = [
      ['no request', () => signer.request(undefined as never), -32600, /expects \{ method, params\? \}/],
      ['a method that is no name', () => signer.request({ method: 'eth_send Transaction' }), -32600, /method name/],
      ['params that are a string', () => signer.request({ method: 'personal_sign', params: 'hello' }), -32602, /params must be an array or an object/],
      ['no transaction', () => signer.request({ method: 'eth_sendTransaction', params: [] }), -32602, /expects \[transaction\]/],
      ['a bad "to"', () => signer.request({ method: 'eth_sendTransaction', params: [{ from: account0, to: '0x1234' }] }), -32602, /"to" must be an address/],
      ['a "to" with a broken checksum', () => signer.request({ method: 'eth_sendTransaction', params: [{ to: '0x5FbDB2315678afecb367f032d93F642f64180aA3' }] }), -32602, /"to" must be an address/],
      ['data that is not hex bytes', () => signer.request({ method: 'eth_sendTransaction', params: [{ to: pusd, data: '0xabc' }] }), -32602, /"data" must be hex bytes/],
      ['a value that is a number', () => signer.request({ method: 'eth_sendTransaction', params: [{ to: pusd, value: 1000 }] }), -32602, /"value" must be a hex quantity/],
      ['neither to nor data', () => signer.request({ method: 'eth_sendTransaction', params: [{ value: '0x1' }] }), -32602, /needs "to" or "data"/],
      ['a chain id that is no chain id', () => signer.request({ method: 'eth_sendTransaction', params: [{ to: pusd, chainId: '0x0' }] }), -32602, /"chainId" must be a positive chain id/],
      ['another account\'s transaction', () => signer.request({ method: 'eth_sendTransaction', params: [{ from: stranger, to: pusd, value: '0x1' }] }), 4100, /is not an account of this connection/],
      ['personal_sign without an address', () => signer.request({ method: 'personal_sign', params: ['0x68656c6c6f'] }), -32602, /expects \[message, address\]/],
      ['personal_sign for another account', () => signer.request({ method: 'personal_sign', params: ['0x68656c6c6f', stranger] }), 4100, /is not an account of this connection/],
      ['typed data that is not JSON', () => signer.request({ method: 'eth_signTypedData_v4', params: [account0, '{nope'] }), -32602, /not valid JSON/],
      ['typed data without types', () => signer.request({ method: 'eth_signTypedData_v4', params: [account0, { primaryType: 'X', message: {} }] }), -32602, /\{ domain, types, primaryType, message \}/],
      ['calls without a chain', () => signer.request({ method: 'wallet_sendCalls', params: [{ calls: [] }] }), -32602, /"chainId" must be a positive chain id/],
      ['a network switch behind the connection\'s back', () => signer.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }), 4200, /portico\.switchNetwork/],
    ]
    for (const [what, run, code, message] of cases) {
      const error = await failure(run)
      expect(error, what).toBeInstanceOf(ProviderRpcError)
      expect((error as ProviderRpcError).code, what).toBe(code)
      expect((error as ProviderRpcError).shortMessage, what).toMatch(message)
    }
    // viem's switchChain asks the same: refused, the connection stays where it is.
    const switched = await failure(async () => (await signer.getWalletClient()).switchChain({ id: 31338 }))
    expect((switched as ViemBaseError).walk((e) => (e as { code?: unknown }).code === 4200)).toBeTruthy()
    expect(await signer.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(asked()).toEqual(before)
    // And a well-formed one still reaches the wallet.
    await signer.request({ method: 'personal_sign', params: ['0x68656c6c6f', account0] })
    expect(asked()).toEqual([...before, 'personal_sign:approved'])
    await portico.destroy()
  })
})
