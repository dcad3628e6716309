import { execFileSync } from 'node:child_process'

import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, http, isAddressEqual, parseEther, parseEventLogs, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient, entryPoint07Abi } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { accountAbstractionAddresses, paymasterDeposit } from '../../../sandbox/accountAbstraction/deployAccountAbstraction.js'
import { sandboxBundlerUrl } from '../../../sandbox/accountAbstraction/startAccountAbstraction.js'
import { devPrivateKeys, devWalletAccount, sandboxAccountAbstraction, sandboxRpcProxyUrl } from '../../../sandbox/config.js'
import { smartAccountCannotSignMessage } from '../../../sandbox/devWallet/createDevWalletCalls.js'
import { type CreateDevWalletProviderReturnType, createDevWalletProvider } from '../../../sandbox/devWallet/createDevWalletProvider.js'
import { toSimpleAccount } from '../../../sandbox/devWallet/toSimpleAccount.js'
import { type AaStack, startAaStack } from './startAaStack.js'

const chain = defineChain({ id: 31337, name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1'] } } })
const balanceOfAbi = [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'account', type: 'address' }], outputs: [{ type: 'uint256' }] }] as const

let stack: AaStack

beforeAll(async () => {
  stack = await startAaStack()
})
afterAll(async () => {
  await stack?.stop()
})

describe('ERC-4337 in the sandbox (real anvil, real alto)', () => {
  it('deploys the EntryPoint at its canonical address and the factory and paymaster at the addresses config.ts pins', async () => {
    expect(accountAbstractionAddresses()).toEqual(sandboxAccountAbstraction)
    expect(stack.aa.contracts).toEqual(sandboxAccountAbstraction)
    const client = createPublicClient({ chain, transport: http(stack.anvil.rpcUrl) })
    for (const address of Object.values(sandboxAccountAbstraction)) expect((await client.getCode({ address }))?.length).toBeGreaterThan(100)
    const deposit = await client.readContract({ address: sandboxAccountAbstraction.entryPoint, abi: balanceOfAbi, functionName: 'balanceOf', args: [sandboxAccountAbstraction.paymaster] })
    expect(deposit).toBe(paymasterDeposit)
  })

  it('starts alto on the first request to its address, and both listen on 127.0.0.1 only', async () => {
    const listening = (port: number | string) => execFileSync('ss', ['-ltnH', `sport = :${port}`]).toString().trim().split('\n').map((line) => line.trim().split(/\s+/)[3])
    const port = new URL(stack.aa.bundler.url).port
    expect(listening(port)).toEqual([`127.0.0.1:${port}`])
    const answer = await fetch(stack.aa.bundler.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_supportedEntryPoints', params: [] }) })
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 7, result: [sandboxAccountAbstraction.entryPoint] })
    const alto = stack.aa.alto.running()
    expect(alto).toBeDefined()
    expect(alto!.port).not.toBe(Number(port))
    expect(listening(alto!.port)).toEqual([`127.0.0.1:${alto!.port}`])
  })

  it('sends a sponsored batch (approve + transfer of pUSD) from a counterfactual SimpleAccount through the server route', async () => {
    const owner = privateKeyToAccount(devPrivateKeys[3])
    const funder = createWalletClient({ account: privateKeyToAccount(devPrivateKeys[4]), chain, transport: http(stack.anvil.rpcUrl) })
    const reads = createPublicClient({ chain, transport: http(stack.anvil.rpcUrl) })
    const proxied = createPublicClient({ chain, transport: http(`${stack.url}/v1/?chainId=eip155:31337&projectId=demo`) })
    const account = await toSimpleAccount({ client: proxied, owner, factory: sandboxAccountAbstraction.factory, entryPoint: sandboxAccountAbstraction.entryPoint })
    const address = await account.getAddress()
    expect(await reads.getCode({ address })).toBeUndefined()
    // The account holds pUSD but no ETH: the paymaster pays the gas.
    await reads.waitForTransactionReceipt({ hash: await funder.writeContract({ address: stack.pUsd, abi: erc20Abi, functionName: 'transfer', args: [address, 50_000_000n] }) })
    const recipient = privateKeyToAccount(devPrivateKeys[5]).address
    const spender = privateKeyToAccount(devPrivateKeys[6]).address
    const before = await reads.readContract({ address: stack.pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })
    const paymasterDepositBefore = await reads.readContract({ address: sandboxAccountAbstraction.entryPoint, abi: balanceOfAbi, functionName: 'balanceOf', args: [sandboxAccountAbstraction.paymaster] })

    const bundler = createBundlerClient({
      account,
      client: proxied,
      transport: http(sandboxBundlerUrl(stack.url, 'eip155:31337')),
      paymaster: createPaymasterClient({ transport: http(`${stack.url}/sandbox/paymaster/eip155:31337`) }),
      pollingInterval: 100,
    })
    const hash = await bundler.sendUserOperation({
      calls: [
        { to: stack.pUsd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 7_000_000n] }) },
        { to: stack.pUsd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 12_500_000n] }) },
      ],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender.toLowerCase()).toBe(address.toLowerCase())
    expect(receipt.paymaster?.toLowerCase()).toBe(sandboxAccountAbstraction.paymaster.toLowerCase())
    // Deployed by this first user operation: the account has code now.
    expect(await reads.getCode({ address })).toMatch(/^0x[0-9a-fA-F]{2,}$/)
    expect(await reads.getBalance({ address })).toBe(0n)
    expect(await reads.readContract({ address: stack.pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })).toBe(before + 12_500_000n)
    expect(await reads.readContract({ address: stack.pUsd, abi: erc20Abi, functionName: 'allowance', args: [address, spender] })).toBe(7_000_000n)
    const paymasterDepositAfter = await reads.readContract({ address: sandboxAccountAbstraction.entryPoint, abi: balanceOfAbi, functionName: 'balanceOf', args: [sandboxAccountAbstraction.paymaster] })
    expect(paymasterDepositAfter).toBeLessThan(paymasterDepositBefore)

    // A second operation on the deployed account, this time paid by the account itself.
    await reads.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther('1') }) })
    const unsponsored = createBundlerClient({ account, client: proxied, transport: http(sandboxBundlerUrl(stack.url, 'eip155:31337')), pollingInterval: 100 })
    const second = await unsponsored.sendUserOperation({ calls: [{ to: stack.pUsd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] }) }] })
    const secondReceipt = await unsponsored.waitForUserOperationReceipt({ hash: second, timeout: 30_000 })
    expect(secondReceipt.success).toBe(true)
    expect(secondReceipt.paymaster).toBeUndefined()
    expect(await reads.getBalance({ address })).toBeLessThan(parseEther('1'))
  }, 60_000)
})

describe('ERC-4337 setup failures and refusals', () => {
  it('a second alto on a taken port fails with a BundlerStartError naming the port', async () => {
    const { startAlto } = await import('../../../sandbox/accountAbstraction/startAlto.js')
    const port = Number(new URL(stack.aa.bundler.url).port)
    const error = await startAlto({ rpcUrl: stack.anvil.rpcUrl, port, entryPoint: sandboxAccountAbstraction.entryPoint, timeoutMs: 20_000 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'BundlerStartError', code: 'SANDBOX_BUNDLER_START_FAILED' })
    expect((error as Error).message).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`))
    // The first alto still answers.
    const answer = await fetch(stack.aa.bundler.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
    expect(answer.status).toBe(200)
  }, 30_000)

  it('ERC-4337 beside an anvil that does not answer rejects with a SandboxStartError', async () => {
    const { alongsideAnvil } = await import('../../../sandbox/accountAbstraction/alongsideAnvil.js')
    let stopped = false
    const dead = { chainId: 31337, port: 9, rpcUrl: 'http://127.0.0.1:9', stop: async () => void (stopped = true) }
    const anvil = alongsideAnvil(dead, { caipNetworkId: 'eip155:31337', bundlerPort: 9 })
    const error = await anvil.accountAbstraction.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'SandboxStartError', code: 'SANDBOX_START_FAILED' })
    expect((error as Error).message).toMatch(/could not start ERC-4337 on eip155:31337/)
    await anvil.stop()
    expect(stopped).toBe(true)
  })

  it('the paymaster service refuses senders that are not the sandbox\'s accounts, another EntryPoint or chain, and malformed operations', async () => {
    const op = {
      sender: privateKeyToAccount(devPrivateKeys[1]).address,
      nonce: '0x0',
      callData: '0x',
      callGasLimit: '0x0',
      verificationGasLimit: '0x0',
      preVerificationGas: '0x0',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    }
    const ask = (params: unknown) => stack.aa.paymaster.getPaymasterData(params).then(() => 'sponsored', (e: Error) => e.message)
    expect(await ask([op, sandboxAccountAbstraction.entryPoint, '0x7a69', {}])).toMatch(/is not a SimpleAccount of the sandbox's factory/)
    expect(await ask([{ ...op, factory: privateKeyToAccount(devPrivateKeys[2]).address, factoryData: '0x' }, sandboxAccountAbstraction.entryPoint, '0x7a69', {}])).toMatch(/only accounts of the factory/)
    expect(await ask([op, '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', '0x7a69', {}])).toMatch(/only EntryPoint/)
    expect(await ask([op, sandboxAccountAbstraction.entryPoint, '0x1', {}])).toMatch(/chainId must be 0x7a69/)
    expect(await ask([{ ...op, callData: 'nope' }, sandboxAccountAbstraction.entryPoint, '0x7a69', {}])).toMatch(/callData is missing or malformed/)
    expect(await ask('not an array')).toMatch(/params must be/)
  })
})

// The sandbox dev wallet's smart account on the same stack (its own keys: the dev wallet's, 7, 8 and 9).
describe("the dev wallet's smart account (real anvil, alto, server and paymaster)", () => {
  const factoryAbi = [{ type: 'function', name: 'getAddress', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] }] as const

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
