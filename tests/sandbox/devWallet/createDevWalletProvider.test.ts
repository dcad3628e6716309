import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, encodeFunctionData, erc20Abi, http, numberToHex, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devWalletAccount } from '../../../sandbox/config.js'
import { deployPorticoUsd } from '../../../sandbox/devnets/deployPorticoUsd.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import {
  createDevWalletProvider,
  type DevWalletChain,
  type DevWalletStorage,
} from '../../../sandbox/devWallet/createDevWalletProvider.js'

function memoryStorage(): DevWalletStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) }
}

async function rejection(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p
  } catch (error) {
    const e = error as { code: number; message: string }
    return { code: e.code, message: e.message }
  }
  throw new Error('expected the request to be rejected')
}

const account = privateKeyToAccount(devWalletAccount.privateKey)
const recipient = devAddresses[5]!
let anvilA: Anvil
let anvilB: Anvil
let chains: DevWalletChain[]

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  chains = [
    { chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency },
    { chainId: 31338, name: 'Portico Devnet B', rpcUrl: anvilB.rpcUrl, nativeCurrency },
  ]
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

describe('createDevWalletProvider', () => {
  it('holds dev account 0 of the standard test mnemonic', () => {
    expect(account.address).toBe(devWalletAccount.address)
    expect(account.address).toBe(devAccount(0).address)
  })

  it('hides accounts and refuses to sign until the site is connected', async () => {
    const { provider } = createDevWalletProvider({ account, chains })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect((await rejection(provider.request({ method: 'personal_sign', params: ['0x68', account.address] }))).code).toBe(4100)
    expect(
      (await rejection(provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: recipient }] }))).code,
    ).toBe(4100)
  })

  it('connects on eth_requestAccounts, emits connect and accountsChanged, and rejects with 4001 in reject mode', async () => {
    const { provider, control } = createDevWalletProvider({ account, chains })
    const events: [string, unknown][] = []
    provider.on('accountsChanged', (a) => events.push(['accountsChanged', a]))
    provider.on('connect', (c) => events.push(['connect', c]))
    control.setMode('reject')
    const rejected = await rejection(provider.request({ method: 'eth_requestAccounts' }))
    expect(rejected).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(events).toEqual([])
    control.setMode('approve')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([devWalletAccount.address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([devWalletAccount.address])
    expect(events).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [devWalletAccount.address]],
    ])
    control.setMode('reject')
    expect((await rejection(provider.request({ method: 'personal_sign', params: ['0x68', account.address] }))).code).toBe(4001)
    expect((await rejection(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }))).code).toBe(4001)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(() => control.setMode('maybe' as never)).toThrow(/Unknown mode/)
  })

  it('signs personal_sign (text and hex) and typed data with the real key', async () => {
    const { provider } = createDevWalletProvider({ account, chains })
    await provider.request({ method: 'eth_requestAccounts' })
    const text = 'Sign in to Portico'
    const sig = (await provider.request({ method: 'personal_sign', params: [text, account.address] })) as Hex
    expect(await verifyMessage({ address: account.address, message: text, signature: sig })).toBe(true)
    const hexSig = (await provider.request({ method: 'personal_sign', params: ['0xdeadbeef', account.address] })) as Hex
    expect(await verifyMessage({ address: account.address, message: { raw: '0xdeadbeef' }, signature: hexSig })).toBe(true)
    // Reversed order, as some sites send it.
    const reversed = (await provider.request({ method: 'personal_sign', params: [account.address, text] })) as Hex
    expect(reversed).toBe(sig)
    // Another account's address is refused.
    expect((await rejection(provider.request({ method: 'personal_sign', params: [text, recipient] }))).code).toBe(4100)

    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: recipient, contents: 'Hello' },
    } as const
    const typedSig = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [account.address, JSON.stringify(typed)],
    })) as Hex
    expect(
      await verifyTypedData({
        address: account.address,
        domain: typed.domain,
        types: { Mail: typed.types.Mail },
        primaryType: 'Mail',
        message: typed.message,
        signature: typedSig,
      }),
    ).toBe(true)
    expect((await rejection(provider.request({ method: 'eth_signTypedData_v4', params: [account.address, '{not json'] }))).code).toBe(-32602)
  })

  it('sends a transaction signed in the wallet that mines on the current chain, and follows chain switches', async () => {
    const { provider } = createDevWalletProvider({ account, chains })
    const changes: unknown[] = []
    provider.on('chainChanged', (c) => changes.push(c))
    await provider.request({ method: 'eth_requestAccounts' })
    const clientA = createPublicClient({ transport: http(anvilA.rpcUrl) })
    const before = await clientA.getBalance({ address: recipient })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: recipient, value: numberToHex(parseEther('1.5')) }],
    })) as Hex
    const receipt = await clientA.waitForTransactionReceipt({ hash, timeout: 10_000 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(await clientA.getBalance({ address: recipient })).toBe(before + parseEther('1.5'))
    // The wallet reads through its own forwarding.
    expect(await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })).toMatchObject({ status: '0x1' })

    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(changes).toEqual(['0x7a6a'])
    const clientB = createPublicClient({ transport: http(anvilB.rpcUrl) })
    const hashB = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: recipient, value: '0x1' }],
    })) as Hex
    expect((await clientB.waitForTransactionReceipt({ hash: hashB, timeout: 10_000 })).status).toBe('success')
    expect(await clientA.getTransactionReceipt({ hash: hashB }).catch(() => null)).toBeNull()

    const unknown = await rejection(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))
    expect(unknown.code).toBe(4902)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it('a send the chain refuses answers what the node said: code 3, the revert reason and its data; nothing is mined', async () => {
    const { address: token } = await deployPorticoUsd({ rpcUrl: anvilA.rpcUrl, chainId: 31337 })
    const { provider, control } = createDevWalletProvider({ account, chains })
    await provider.request({ method: 'eth_requestAccounts' })
    const clientA = createPublicClient({ transport: http(anvilA.rpcUrl) })
    const nonce = await clientA.getTransactionCount({ address: account.address })
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 10n ** 30n] })
    let refused: { code?: unknown; message?: unknown; data?: unknown } | undefined
    await provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: token, data }] }).catch((error: typeof refused) => (refused = error))
    expect(refused).toMatchObject({ code: 3, message: 'execution reverted: ERC20: transfer amount exceeds balance' })
    // Error(string)'s selector, then the reason ABI-encoded: what a site's viem decodes.
    expect(refused?.data).toMatch(/^0x08c379a0/)
    expect(control.activity().at(-1)).toEqual({ method: 'eth_sendTransaction', outcome: 'failed' })
    expect(await clientA.getTransactionCount({ address: account.address })).toBe(nonce)
  })

  it('adds a chain with wallet_addEthereumChain, switches to it and reads from its RPC', async () => {
    const storage = memoryStorage()
    const { provider } = createDevWalletProvider({ account, chains, storage })
    const added = await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x7a6b',
          chainName: 'Extra devnet',
          rpcUrls: [anvilA.rpcUrl],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
    })
    expect(added).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] })).toBeNull()
    expect(typeof (await provider.request({ method: 'eth_blockNumber' }))).toBe('string')
    // Remembered by a new instance on the same storage.
    const again = createDevWalletProvider({ account, chains, storage })
    expect(await again.provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    // Bad add parameters get a clear -32602 and change nothing.
    for (const bad of [
      [{ chainId: '0x7a6c', rpcUrls: ['javascript:alert(1)'], nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 } }],
      [{ chainId: 'seven', rpcUrls: [anvilA.rpcUrl], nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 } }],
      [{ chainId: '0x7a6c', rpcUrls: [anvilA.rpcUrl], nativeCurrency: { name: 'E', symbol: 'E', decimals: 6 } }],
      'nope',
    ]) {
      const e = await rejection(provider.request({ method: 'wallet_addEthereumChain', params: bad }))
      expect(e.code).toBe(-32602)
    }
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
  })

  it('forwards only reads: signing and node-admin methods never reach the node', async () => {
    const { provider } = createDevWalletProvider({ account, chains })
    await provider.request({ method: 'eth_requestAccounts' })
    const balance = (await provider.request({ method: 'eth_getBalance', params: [recipient, 'latest'] })) as string
    expect(BigInt(balance)).toBeGreaterThan(0n)
    for (const method of ['eth_sign', 'eth_signTransaction', 'anvil_setBalance', 'evm_snapshot', 'eth_sendUnsignedTransaction', 'personal_unlockAccount']) {
      const e = await rejection(provider.request({ method, params: [] }))
      expect(e.code, method).toBe(4200)
    }
    // A read the node rejects keeps the node's code.
    const e = await rejection(provider.request({ method: 'eth_getBalance', params: ['not-an-address', 'latest'] }))
    expect(e.code).toBeLessThan(0)
  })

  it('remembers the connection across a reload and discards a corrupted stored state', async () => {
    const storage = memoryStorage()
    const first = createDevWalletProvider({ account, chains, storage })
    await first.provider.request({ method: 'eth_requestAccounts' })
    await first.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    const reloaded = createDevWalletProvider({ account, chains, storage })
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toEqual([devWalletAccount.address])
    expect(await reloaded.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')

    storage.data.set('porticoDevWallet', '{"connected":tru')
    const corrupted = createDevWalletProvider({ account, chains, storage })
    expect(await corrupted.provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await corrupted.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    storage.data.set('porticoDevWallet', JSON.stringify({ connected: true, chainId: 999, mode: 'weird', addedChains: [{ chainId: 'x' }], accountType: 'weird' }))
    const foreign = createDevWalletProvider({ account, chains, storage })
    expect(foreign.control.getState()).toEqual({ connected: true, chainId: 31337, mode: 'approve', addedChains: [], accountType: 'eoa' })
  })

  it('wallet_revokePermissions disconnects: accountsChanged([]) and disconnect, then 4100', async () => {
    const { provider } = createDevWalletProvider({ account, chains })
    await provider.request({ method: 'eth_requestAccounts' })
    expect(await provider.request({ method: 'wallet_getPermissions' })).toHaveLength(1)
    const seen: unknown[] = []
    provider.on('accountsChanged', (a) => seen.push(a))
    provider.on('disconnect', (e) => seen.push((e as { code: number }).code))
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(seen).toEqual([[], 4900])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect((await rejection(provider.request({ method: 'personal_sign', params: ['0x68', account.address] }))).code).toBe(4100)
  })

  it('answers malformed requests with clear errors and survives a throwing listener', async () => {
    const { provider } = createDevWalletProvider({ account, chains })
    expect((await rejection(provider.request(null as never))).code).toBe(-32600)
    expect((await rejection(provider.request({ method: 5 } as never))).code).toBe(-32600)
    expect((await rejection(provider.request({ method: 'eth_getBalance', params: 'x' }))).code).toBe(-32602)
    expect((await rejection(provider.request({ method: 'wallet_switchEthereumChain', params: [] }))).code).toBe(-32602)
    const errors: unknown[] = []
    const originalError = console.error
    console.error = (...a: unknown[]) => void errors.push(a)
    try {
      const calls: string[] = []
      provider.on('accountsChanged', () => {
        throw new Error('site bug')
      })
      provider.on('accountsChanged', () => calls.push('second'))
      expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([devWalletAccount.address])
      expect(calls).toEqual(['second'])
      expect(errors).toHaveLength(1)
    } finally {
      console.error = originalError
    }
  })
})
