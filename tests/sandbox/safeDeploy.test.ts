// Safe 1.5.0 on a real anvil as the sandbox deploys it (sandbox/safe/deploySafe.ts): the addresses
// sandbox/config.ts pins, the Safes' owners, thresholds and funds, and a 2-of-3 that executes only
// with two owners' EIP-712 SafeTx signatures sorted by owner address (one alone reverts GS020,
// unsorted GS026).
import { type Address, type Hex, createPublicClient, createWalletClient, http, parseAbi, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sandboxSafes } from '../../sandbox/config.js'
import { deployPorticoUsd } from '../../sandbox/devnets/deployPorticoUsd.js'
import { devAccount, devAddresses } from '../../sandbox/devnets/devAccounts.js'
import { ContractDeployError } from '../../sandbox/devnets/errors.js'
import { type Anvil, startAnvil } from '../../sandbox/devnets/startAnvil.js'
import { type DeploySafeReturnType, deploySafe } from '../../sandbox/safe/deploySafe.js'
import { safeArtifact } from '../../sandbox/safe/safeArtifacts.js'
import { callSafeTx, safeTxHash, safeTxTypedData, sortedSignatures } from '../../sandbox/safe/safeTx.js'

let anvil: Anvil
let deployed: DeploySafeReturnType
let pUsd: Address
let client: ReturnType<typeof createPublicClient>
const safeAbi = safeArtifact('SafeL2').abi
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])
const recipient = devAddresses[7] as Address

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  pUsd = (await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31337 })).address
  deployed = await deploySafe({ rpcUrl: anvil.rpcUrl, chainId: 31337, pUsd })
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
})
afterAll(async () => {
  await anvil?.stop()
})

const exec = async (safe: Address, signerIndex: number, args: readonly unknown[]) =>
  createWalletClient({ account: devAccount(signerIndex), transport: http(anvil.rpcUrl), chain: { id: 31337, name: 'a', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } }).writeContract({
    address: safe,
    abi: safeAbi,
    functionName: 'execTransaction',
    args: args as never,
  })

describe('deploySafe on anvil', () => {
  it('lands at the addresses sandbox/config.ts pins, with the owners, thresholds and funds it names', async () => {
    expect({ singleton: deployed.singleton, proxyFactory: deployed.proxyFactory, fallbackHandler: deployed.fallbackHandler, multiSendCallOnly: deployed.multiSendCallOnly }).toEqual({
      singleton: sandboxSafes.singleton,
      proxyFactory: sandboxSafes.proxyFactory,
      fallbackHandler: sandboxSafes.fallbackHandler,
      multiSendCallOnly: sandboxSafes.multiSendCallOnly,
    })
    expect(deployed.safes.map((s) => s.address)).toEqual(sandboxSafes.safes.map((s) => s.address))
    for (const [i, safe] of deployed.safes.entries()) {
      const pinned = sandboxSafes.safes[i]!
      expect(await client.readContract({ address: safe.address, abi: safeAbi, functionName: 'getOwners' })).toEqual(pinned.ownerIndexes.map((n) => devAddresses[n]))
      expect(await client.readContract({ address: safe.address, abi: safeAbi, functionName: 'getThreshold' })).toBe(BigInt(pinned.threshold))
      expect(await client.readContract({ address: safe.address, abi: safeAbi, functionName: 'VERSION' })).toBe('1.5.0')
      expect(await client.getBalance({ address: safe.address })).toBe(parseEther('10'))
      expect(await client.readContract({ address: pUsd, abi: erc20, functionName: 'balanceOf', args: [safe.address] })).toBe(1_000_000_000n)
    }
  })

  it('executes a 2-of-3 transfer only with two signatures sorted by owner (one alone: GS020, unsorted: GS026)', async () => {
    const safe = deployed.safes[1]!.address
    const nonce = (await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })) as bigint
    const tx = callSafeTx({ to: recipient, value: parseEther('0.01'), data: '0x', nonce })
    const hash = safeTxHash({ safe, chainId: 31337, tx })
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getTransactionHash', args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, tx.nonce] })).toBe(hash)
    const sign = async (i: number) => ({ owner: devAddresses[i] as string, signature: (await devAccount(i).signTypedData(safeTxTypedData({ safe, chainId: 31337, tx }))) as Hex })
    // Owner 2 (0x3C44…) sorts before owner 1 (0x7099…): [sig1, sig2] as given is the wrong order.
    const [sig1, sig2] = [await sign(1), await sign(2)]
    const args = (signatures: Hex) => [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures] as const

    await expect(exec(safe, 1, args(sig1.signature))).rejects.toThrow(/GS020/)
    await expect(exec(safe, 1, args(`${sig1.signature}${sig2.signature.slice(2)}` as Hex))).rejects.toThrow(/GS026/)
    const before = await client.getBalance({ address: recipient })
    const txHash = await exec(safe, 1, args(sortedSignatures([sig1, sig2])))
    const receipt = await client.waitForTransactionReceipt({ hash: txHash })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('0.01'))
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(nonce + 1n)
  })

  it('refuses an unreachable node with a ContractDeployError naming Safe', async () => {
    await expect(deploySafe({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, pUsd })).rejects.toBeInstanceOf(ContractDeployError)
  })
})
