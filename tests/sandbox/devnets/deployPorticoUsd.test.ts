import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileContract } from '../../../sandbox/devnets/compileContract.js'
import { deployPorticoUsd } from '../../../sandbox/devnets/deployPorticoUsd.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { ContractDeployError, InvalidDevnetParameterError } from '../../../sandbox/devnets/errors.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'

const million = 1_000_000n * 10n ** 6n
const cacheDir = fileURLToPath(new URL('../../../.portico/cache/contracts/', import.meta.url))

function clients(anvil: Anvil) {
  const chain = defineChain({
    id: anvil.chainId,
    name: `test ${anvil.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  return {
    publicClient: createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 25 }),
    wallet: (index: number) => createWalletClient({ account: devAccount(index), chain, transport: http(anvil.rpcUrl) }),
  }
}

async function cacheMtimes(): Promise<Record<string, number>> {
  const names = (await readdir(cacheDir)).filter((name) => name.startsWith('PorticoUsd-') && name.endsWith('.json'))
  const entries = await Promise.all(names.map(async (name) => [name, (await stat(path.join(cacheDir, name))).mtimeMs] as const))
  return Object.fromEntries(entries)
}

describe('deployPorticoUsd on two anvils', () => {
  let a: Anvil
  let b: Anvil
  let tokenA: `0x${string}`
  let tokenB: `0x${string}`

  beforeAll(async () => {
    ;[a, b] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
    // The first deploy may compile (a cold cache); the second must not.
    tokenA = (await deployPorticoUsd({ rpcUrl: a.rpcUrl, chainId: 31337 })).address
  }, 60_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  it('a cached second deploy compiles nothing', async () => {
    const before = await cacheMtimes()
    expect(Object.keys(before).length).toBeGreaterThan(0)
    const deployed = await deployPorticoUsd({ rpcUrl: b.rpcUrl, chainId: 31338 })
    tokenB = deployed.address
    expect(await cacheMtimes()).toEqual(before)
    expect((await compileContract('PorticoUsd')).cached).toBe(true)
  })

  it('deploys Portico USD (pUSD, 6 decimals) at the same address on a fresh chain', async () => {
    expect(tokenA).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(tokenB).toBe(tokenA)
    for (const anvil of [a, b]) {
      const { publicClient } = clients(anvil)
      const read = <T>(functionName: 'decimals' | 'symbol' | 'name' | 'totalSupply') =>
        publicClient.readContract({ address: tokenA, abi: erc20Abi, functionName }) as Promise<T>
      expect(await read<number>('decimals')).toBe(6)
      expect(await read<string>('symbol')).toBe('pUSD')
      expect(await read<string>('name')).toBe('Portico USD')
      expect(await read<bigint>('totalSupply')).toBe(10n * million)
    }
  })

  it('gives each of the 10 dev accounts 1,000,000 pUSD on both chains', async () => {
    for (const anvil of [a, b]) {
      const { publicClient } = clients(anvil)
      for (const address of devAddresses) {
        expect(await publicClient.readContract({ address: tokenA, abi: erc20Abi, functionName: 'balanceOf', args: [address] })).toBe(
          million,
        )
      }
    }
  })

  it('a real pUSD transfer moves exactly the amount, on that chain only', async () => {
    const { publicClient, wallet } = clients(a)
    const [from, to] = [devAddresses[1]!, devAddresses[2]!]
    const balance = (client: typeof publicClient, address: `0x${string}`) =>
      client.readContract({ address: tokenA, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const amount = parseUnits('123.456789', 6)
    const hash = await wallet(1).writeContract({ address: tokenA, abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await balance(publicClient, from)).toBe(million - amount)
    expect(await balance(publicClient, to)).toBe(million + amount)
    const other = clients(b).publicClient
    expect(await balance(other, from)).toBe(million)
    expect(await balance(other, to)).toBe(million)
  })

  it('an overdrawn pUSD transfer reverts and moves nothing', async () => {
    const { publicClient, wallet } = clients(b)
    const from = devAddresses[5]!
    await expect(
      wallet(5).writeContract({ address: tokenA, abi: erc20Abi, functionName: 'transfer', args: [devAddresses[6]!, million + 1n] }),
    ).rejects.toThrow(/transfer amount exceeds balance/)
    expect(await publicClient.readContract({ address: tokenA, abi: erc20Abi, functionName: 'balanceOf', args: [from] })).toBe(million)
  })
})

describe('deployPorticoUsd: chosen recipients and hostile input', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31393 })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  const deployerNonce = () => clients(anvil).publicClient.getTransactionCount({ address: devAddresses[0]! })

  it('funds each chosen address once, whatever its case or repetition', async () => {
    const someone = '0x000000000000000000000000000000000000dEaD'
    const { address } = await deployPorticoUsd({
      rpcUrl: anvil.rpcUrl,
      chainId: 31393,
      fund: [someone, someone.toLowerCase() as `0x${string}`, devAddresses[4]!],
    })
    const { publicClient } = clients(anvil)
    const balanceOf = (owner: `0x${string}`) =>
      publicClient.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    expect(await balanceOf(someone)).toBe(million)
    expect(await balanceOf(devAddresses[4]!)).toBe(million)
    expect(await balanceOf(devAddresses[0]!)).toBe(0n)
    expect(await publicClient.readContract({ address, abi: erc20Abi, functionName: 'totalSupply' })).toBe(2n * million)
  })

  it.each([
    [{ fund: ['0x1234'] }, /fund contains "0x1234", which is not an EVM address/],
    [{ fund: ['0x000000000000000000000000000000000000dEaD', 'robert"); DROP TABLE'] }, /not an EVM address/],
    [{ fund: 'everyone' }, /fund must be an array/],
    [{ rpcUrl: 'file:///etc/passwd' }, /rpcUrl must be an http\(s\) URL/],
    [{ rpcUrl: 'not a url' }, /rpcUrl must be an http\(s\) URL/],
    [{ chainId: -1 }, /chainId must be a positive integer/],
  ])('refuses %j with a clear error and deploys nothing', async (override, message) => {
    const before = await deployerNonce()
    const attempt = deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31393, ...(override as object) })
    await expect(attempt).rejects.toBeInstanceOf(InvalidDevnetParameterError)
    await expect(attempt).rejects.toThrow(message)
    expect(await deployerNonce()).toBe(before)
  })

  it('refuses a node that reports another chain id, and deploys nothing', async () => {
    const before = await deployerNonce()
    const attempt = deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31337 })
    await expect(attempt).rejects.toBeInstanceOf(ContractDeployError)
    await expect(attempt).rejects.toThrow('the node reports chain id 31393, not 31337')
    expect(await deployerNonce()).toBe(before)
  })

  it('names an unreachable node', async () => {
    const gone = await startAnvil({ chainId: 31394 })
    await gone.stop()
    const attempt = deployPorticoUsd({ rpcUrl: gone.rpcUrl, chainId: 31394 })
    await expect(attempt).rejects.toBeInstanceOf(ContractDeployError)
    await expect(attempt).rejects.toThrow(/the node did not answer eth_chainId/)
  })
})
