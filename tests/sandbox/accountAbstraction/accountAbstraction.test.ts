import { execFileSync } from 'node:child_process'

import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { accountAbstractionAddresses, paymasterDeposit } from '../../../sandbox/accountAbstraction/deployAccountAbstraction.js'
import { sandboxBundlerUrl } from '../../../sandbox/accountAbstraction/startAccountAbstraction.js'
import { devPrivateKeys, sandboxAccountAbstraction } from '../../../sandbox/config.js'
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
