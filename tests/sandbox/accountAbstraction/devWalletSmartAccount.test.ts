import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, http, isAddressEqual, parseEther, parseEventLogs, verifyMessage } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { devPrivateKeys, devWalletAccount, sandboxAccountAbstraction, sandboxBundlerUrl, sandboxRpcProxyUrl } from '../../../sandbox/config.js'
import { smartAccountCannotSignMessage } from '../../../sandbox/devWallet/createDevWalletCalls.js'
import { type CreateDevWalletProviderReturnType, createDevWalletProvider } from '../../../sandbox/devWallet/createDevWalletProvider.js'
import { type AaStack, startAaStack } from './startAaStack.js'

const chain = defineChain({ id: 31337, name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1'] } } })
const factoryAbi = [{ type: 'function', name: 'getAddress', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] }] as const

let stack: AaStack
let wallet: CreateDevWalletProviderReturnType
let reads: ReturnType<typeof createPublicClient>
let smartAccount: `0x${string}`
let funder: ReturnType<typeof createWalletClient<ReturnType<typeof http>, typeof chain, ReturnType<typeof privateKeyToAccount>>>
const eoa = devWalletAccount.address
const recipient = privateKeyToAccount(devPrivateKeys[7]).address
const spender = privateKeyToAccount(devPrivateKeys[8]).address

const request = (method: string, params?: unknown) => wallet.provider.request({ method, ...(params !== undefined ? { params } : {}) })
const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as { code: number; message: string }
  }
  throw new Error('expected the request to fail')
}
const codeOf = async (promise: Promise<unknown>) => (await errorOf(promise)).code
const approveCall = (amount: bigint) => ({ to: stack.pUsd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }) })
const transferCall = (amount: bigint) => ({ to: stack.pUsd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }) })
const pUsdOf = (address: `0x${string}`) => reads.readContract({ address: stack.pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

async function waitForStatus(id: string): Promise<{ status: number; atomic: boolean; receipts: { status: string; transactionHash: string }[]; chainId: string; version: string; id: string }> {
  for (let i = 0; i < 100; i++) {
    const status = (await request('wallet_getCallsStatus', [id])) as { status: number }
    if (status.status !== 100) return status as never
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the batch stayed pending')
}

beforeAll(async () => {
  stack = await startAaStack()
  reads = createPublicClient({ chain, transport: http(stack.anvil.rpcUrl) })
  wallet = createDevWalletProvider({
    account: privateKeyToAccount(devWalletAccount.privateKey),
    chains: [
      {
        chainId: 31337,
        name: 'Devnet A',
        rpcUrl: sandboxRpcProxyUrl(stack.url, 'eip155:31337'),
        bundlerUrl: sandboxBundlerUrl(stack.url, 'eip155:31337'),
        paymasterUrl: `${stack.url}/sandbox/paymaster/eip155:31337`,
        nativeCurrency: chain.nativeCurrency,
      },
    ],
    smartAccount: { factory: sandboxAccountAbstraction.factory, entryPoint: sandboxAccountAbstraction.entryPoint },
  })
  smartAccount = await reads.readContract({ address: sandboxAccountAbstraction.factory, abi: factoryAbi, functionName: 'getAddress', args: [eoa, 0n] })
  // The smart account holds pUSD and no ETH: only the paymaster can pay its gas.
  funder = createWalletClient({ account: privateKeyToAccount(devPrivateKeys[9]), chain, transport: http(stack.anvil.rpcUrl) })
  await reads.waitForTransactionReceipt({ hash: await funder.writeContract({ address: stack.pUsd, abi: erc20Abi, functionName: 'transfer', args: [smartAccount, 100_000_000n] }) })
})
afterAll(async () => {
  await stack?.stop()
})

describe("the dev wallet's smart account (real anvil, alto, server and paymaster)", () => {
  it('shares [eoa] by default and [smartAccount, eoa] once switched, emitting accountsChanged', async () => {
    expect(await request('eth_requestAccounts')).toEqual([eoa])
    const changes: unknown[] = []
    wallet.provider.on('accountsChanged', (accounts) => changes.push(accounts))
    await wallet.control.setAccountType('smartAccount')
    expect(changes).toEqual([[smartAccount, eoa]])
    expect(await request('eth_accounts')).toEqual([smartAccount, eoa])
    expect(await wallet.control.smartAccountAddress()).toBe(smartAccount)
    expect(await wallet.control.isSmartAccountDeployed()).toBe(false)
    expect(wallet.control.getState().accountType).toBe('smartAccount')
  })

  it('answers wallet_getCapabilities per account, and 4100 for another address', async () => {
    expect(await request('wallet_getCapabilities', [smartAccount])).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })
    expect(await request('wallet_getCapabilities', [eoa, ['0x7a69']])).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await codeOf(request('wallet_getCapabilities', [recipient]))).toBe(4100)
  })

  it('sends approve + transfer of pUSD as one sponsored user operation, and reports it with receipts', async () => {
    const before = await pUsdOf(recipient)
    const { id } = (await request('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: smartAccount,
        atomicRequired: true,
        calls: [approveCall(4_000_000n), transferCall(25_000_000n)],
        capabilities: { paymasterService: { url: `${stack.url}/sandbox/paymaster/eip155:31337` } },
      },
    ])) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await waitForStatus(id)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200 })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts[0]?.status).toBe('0x1')
    expect(await wallet.control.isSmartAccountDeployed()).toBe(true)
    expect(await pUsdOf(recipient)).toBe(before + 25_000_000n)
    expect(await pUsdOf(smartAccount)).toBe(75_000_000n)
    expect(await reads.readContract({ address: stack.pUsd, abi: erc20Abi, functionName: 'allowance', args: [smartAccount, spender] })).toBe(4_000_000n)
    expect(await reads.getBalance({ address: smartAccount })).toBe(0n)
    expect(await request('wallet_showCallsStatus', [id])).toBeNull()
    await vi.waitFor(() => expect(wallet.control.shownBatch()).toContain('confirmed'))
  }, 60_000)

  it('sends the EOA\'s calls one by one when atomicity is not required', async () => {
    const before = await pUsdOf(recipient)
    const { id } = (await request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: eoa, atomicRequired: false, calls: [transferCall(1n), transferCall(2n)] }])) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await waitForStatus(id)
    expect(status).toMatchObject({ atomic: false, status: 200 })
    expect(status.receipts).toHaveLength(2)
    expect(await pUsdOf(recipient)).toBe(before + 3n)
  }, 30_000)

  it('produces every EIP-5792 error code of the contract', async () => {
    const send = (overrides: Record<string, unknown>) => request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smartAccount, atomicRequired: true, calls: [transferCall(1n)], ...overrides }])
    expect(await codeOf(send({ capabilities: { flowControl: { onFailure: 'rollback' } } }))).toBe(5700)
    expect(await codeOf(send({ from: eoa, atomicRequired: false, capabilities: { paymasterService: { url: `${stack.url}/sandbox/paymaster/eip155:31337` } } }))).toBe(5700)
    expect(await codeOf(send({ chainId: '0x1' }))).toBe(5710)
    expect(await codeOf(send({ calls: Array.from({ length: 21 }, () => transferCall(1n)) }))).toBe(5740)
    expect(await codeOf(send({ from: eoa, atomicRequired: true }))).toBe(5760)
    expect(await codeOf(send({ from: recipient }))).toBe(4100)
    expect(await codeOf(request('wallet_getCallsStatus', [`0x${'00'.repeat(32)}`]))).toBe(5730)
    expect(await codeOf(request('wallet_showCallsStatus', ['nope']))).toBe(5730)
    // An optional capability the wallet lacks is ignored, and a reused id is refused.
    const { id } = (await send({ id: 'order-42', capabilities: { flowControl: { optional: true }, paymasterService: { url: `${stack.url}/sandbox/paymaster/eip155:31337` } } })) as { id: string }
    expect((await waitForStatus(id)).status).toBe(200)
    expect(await codeOf(send({ id: 'order-42' }))).toBe(5720)
    // Nothing was lost: a bad request sent nothing.
    expect(await pUsdOf(smartAccount)).toBe(75_000_000n - 1n)
  }, 60_000)

  it('sends native ETH with eth_sendTransaction from the smart account: one sponsored user operation, answered with the bundle tx hash', async () => {
    await reads.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: smartAccount, value: parseEther('1') }) })
    const before = await reads.getBalance({ address: recipient })
    const hash = (await request('eth_sendTransaction', [{ from: smartAccount, to: recipient, value: '0x' + parseEther('0.25').toString(16) }])) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await reads.getBalance({ address: recipient })).toBe(before + parseEther('0.25'))
    // The paymaster paid the gas: the account lost exactly the value.
    expect(await reads.getBalance({ address: smartAccount })).toBe(parseEther('0.75'))
    const receipt = await reads.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(isAddressEqual(receipt.to!, sandboxAccountAbstraction.entryPoint)).toBe(true)
    const [event] = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })
    expect(event?.args).toMatchObject({ success: true })
    expect(isAddressEqual(event!.args.sender, smartAccount)).toBe(true)
    expect(isAddressEqual(event!.args.paymaster, sandboxAccountAbstraction.paymaster)).toBe(true)
  }, 60_000)

  it('sends an ERC-20 transfer with eth_sendTransaction from the smart account (also when "from" is left out)', async () => {
    const [recipientBefore, accountBefore] = [await pUsdOf(recipient), await pUsdOf(smartAccount)]
    const hash = (await request('eth_sendTransaction', [{ from: smartAccount, ...transferCall(5_000_000n), gas: '0x5208' }])) as `0x${string}`
    const receipt = await reads.getTransactionReceipt({ hash })
    expect(isAddressEqual(receipt.to!, sandboxAccountAbstraction.entryPoint)).toBe(true)
    expect(await pUsdOf(recipient)).toBe(recipientBefore + 5_000_000n)
    expect(await pUsdOf(smartAccount)).toBe(accountBefore - 5_000_000n)
    // The first shared account is the smart account, so a request without "from" is its.
    await request('eth_sendTransaction', [transferCall(1_000_000n)])
    expect(await pUsdOf(smartAccount)).toBe(accountBefore - 6_000_000n)
    expect(await reads.getBalance({ address: smartAccount })).toBe(parseEther('0.75'))
  }, 60_000)

  it('answers a refused user operation with the bundler\'s error, and bad requests with -32602; nothing is sent', async () => {
    const [recipientBefore, accountBefore, nonceBefore] = [await pUsdOf(recipient), await pUsdOf(smartAccount), await reads.getTransactionCount({ address: eoa })]
    // More pUSD than the account holds: the bundler's simulation reverts.
    const refused = await errorOf(request('eth_sendTransaction', [{ from: smartAccount, ...transferCall(accountBefore + 1n) }]))
    expect(refused.message).toMatch(/^The bundler of Devnet A refused the user operation: .*\(reverted: "ERC20: transfer amount exceeds balance"\)$/)
    expect(refused.code).not.toBe(4001)
    // The same refusal in a batch names the bundler and the reason too.
    const batchRefused = await errorOf(request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smartAccount, atomicRequired: true, calls: [transferCall(accountBefore + 1n)] }]))
    expect(batchRefused.message).toMatch(/^The bundler of Devnet A refused the user operation: .*\(reverted: "ERC20: transfer amount exceeds balance"\)$/)
    expect(await codeOf(request('eth_sendTransaction', [{ from: smartAccount, data: '0x6080' }]))).toBe(-32602)
    expect(await codeOf(request('eth_sendTransaction', [{ from: smartAccount, to: recipient, value: '12' }]))).toBe(-32602)
    expect(await codeOf(request('eth_sendTransaction', [{ from: smartAccount, to: recipient, data: 'nothex' }]))).toBe(-32602)
    expect(await codeOf(request('eth_sendTransaction', [{ from: recipient, to: recipient }]))).toBe(4100)
    expect(await pUsdOf(recipient)).toBe(recipientBefore)
    expect(await pUsdOf(smartAccount)).toBe(accountBefore)
    expect(await reads.getTransactionCount({ address: eoa })).toBe(nonceBefore)
  }, 60_000)

  it('answers the bundle tx hash also when the call inside the user operation reverts on chain', async () => {
    // A contract that reverts only in a real transaction (gas price above 0), not in the bundler's simulation.
    const deploy = await funder.sendTransaction({ data: '0x600b600c600039600b6000f33a15600957600080fd5b00' })
    const contract = (await reads.waitForTransactionReceipt({ hash: deploy })).contractAddress!
    const hash = (await request('eth_sendTransaction', [{ from: smartAccount, to: contract, data: '0x' }])) as `0x${string}`
    // The bundle transaction itself succeeds; the chain records the user operation's failure.
    const receipt = await reads.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(isAddressEqual(receipt.to!, sandboxAccountAbstraction.entryPoint)).toBe(true)
    const [event] = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })
    expect(event?.args.success).toBe(false)
    expect(isAddressEqual(event!.args.sender, smartAccount)).toBe(true)
  }, 60_000)

  it('refuses eth_sendTransaction from the smart account with 4001 in reject mode, sending nothing', async () => {
    const [recipientBefore, accountBefore] = [await pUsdOf(recipient), await pUsdOf(smartAccount)]
    const nonce = () => reads.readContract({ address: sandboxAccountAbstraction.entryPoint, abi: entryPoint07Abi, functionName: 'getNonce', args: [smartAccount, 0n] })
    const nonceBefore = await nonce()
    wallet.control.setMode('reject')
    try {
      expect(await codeOf(request('eth_sendTransaction', [{ from: smartAccount, ...transferCall(1_000_000n) }]))).toBe(4001)
      expect(await codeOf(request('eth_sendTransaction', [{ from: smartAccount, to: recipient, value: '0x1' }]))).toBe(4001)
    } finally {
      wallet.control.setMode('approve')
    }
    expect(wallet.control.activity().at(-1)).toEqual({ method: 'eth_sendTransaction', outcome: 'rejected' })
    expect(await pUsdOf(recipient)).toBe(recipientBefore)
    expect(await pUsdOf(smartAccount)).toBe(accountBefore)
    expect(await reads.getBalance({ address: smartAccount })).toBe(parseEther('0.75'))
    expect(await nonce()).toBe(nonceBefore)
  }, 30_000)

  it('answers personal_sign and eth_signTypedData_v4 for the smart account with 4200 (no ERC-1271); the EOA still signs', async () => {
    const signed = await errorOf(request('personal_sign', ['0x68656c6c6f', smartAccount]))
    expect(signed).toMatchObject({ code: 4200, message: smartAccountCannotSignMessage })
    expect(smartAccountCannotSignMessage).toBe("The dev wallet's smart account cannot sign messages (SimpleAccount v0.7 has no ERC-1271); switch to the EOA to sign")
    const typedData = { domain: { name: 'Portico', chainId: 31337 }, types: { Mail: [{ name: 'body', type: 'string' }] }, primaryType: 'Mail', message: { body: 'hi' } }
    expect(await errorOf(request('eth_signTypedData_v4', [smartAccount, JSON.stringify(typedData)]))).toMatchObject({ code: 4200, message: smartAccountCannotSignMessage })
    const signature = (await request('personal_sign', ['0x68656c6c6f', eoa])) as `0x${string}`
    expect(await verifyMessage({ address: eoa, message: 'hello', signature })).toBe(true)
  })

  it('refuses with 4001 in reject mode and 4100 when not connected', async () => {
    wallet.control.setMode('reject')
    expect(await codeOf(request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: smartAccount, atomicRequired: true, calls: [transferCall(1n)] }]))).toBe(4001)
    wallet.control.setMode('approve')
    const changes: unknown[] = []
    wallet.provider.on('accountsChanged', (accounts) => changes.push(accounts))
    await wallet.control.setAccountType('eoa')
    expect(changes.at(-1)).toEqual([eoa])
    wallet.control.disconnect()
    expect(await codeOf(request('wallet_getCapabilities', [eoa]))).toBe(4100)
  })
})
