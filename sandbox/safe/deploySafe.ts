import { createHash } from 'node:crypto'

import {
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  pad,
  parseAbi,
  parseEther,
  toHex,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import { jsonRpcCall } from '../chains/SandboxChain.js'
import { devAddresses } from '../devnets/devAccounts.js'
import { ContractDeployError } from '../devnets/errors.js'
import { safeArtifact } from './safeArtifacts.js'
import { confirmTransaction, setupRequestTimeoutMs } from '../devnets/confirmTransaction.js'

/** The deployer of the sandbox's Safe contracts: sha256("portico sandbox safe"), given ETH by anvil (no dev account's nonce moves). */
export const safeDeployerAccount = privateKeyToAccount(toHex(createHash('sha256').update('portico sandbox safe').digest()))

/** The two Safes the sandbox creates: owners by dev account index, and the fixed salt of each. */
export const sandboxSafeSetups = [
  { name: '1-of-1', ownerIndexes: [0], threshold: 1, saltNonce: 1n },
  { name: '2-of-3', ownerIndexes: [0, 1, 2], threshold: 2, saltNonce: 2n },
] as const

/** What each Safe receives: 10 ETH and 1,000 pUSD (6 decimals). */
export const sandboxSafeFunding = { wei: parseEther('10'), pUsd: 1_000n * 10n ** 6n } as const

export type DeploySafeParameters = { rpcUrl: string; chainId: number; /** pUSD, whose balance and supply slots are raised for each Safe. */ pUsd: Address }
export type SandboxSafe = { address: Address; owners: Address[]; threshold: number }
export type DeploySafeReturnType = {
  singleton: Address
  proxyFactory: Address
  fallbackHandler: Address
  multiSendCallOnly: Address
  /** The 1-of-1, then the 2-of-3. */
  safes: SandboxSafe[]
}

/**
 * Deploys Safe 1.5.0 on a devnet from `@safe-global/safe-smart-account`'s artifacts, unchanged:
 * `SafeL2` (the singleton), `SafeProxyFactory`, `CompatibilityFallbackHandler` and
 * `MultiSendCallOnly`, by its own key ({@link safeDeployerAccount}, so the addresses are the same on
 * every start and every devnet), then creates the 1-of-1 (dev account 0) and the 2-of-3 (dev
 * accounts 0, 1, 2) Safes with `createProxyWithNonce` and fixed salts, and funds each with 10 ETH
 * (`anvil_setBalance`) and 1,000 pUSD (written into the token's balance and supply slots, as
 * `deployUniswapV2` does).
 *
 * @returns the contracts' and the Safes' addresses
 * @throws ContractDeployError when a deployment or a Safe creation fails
 * @example
 * const safe = await deploySafe({ rpcUrl: anvil.rpcUrl, chainId: 31337, pUsd: token.address })
 * safe.safes[1] // { address: '0x…', owners: [dev 0, dev 1, dev 2], threshold: 2 }
 */
export async function deploySafe({ rpcUrl, chainId, pUsd }: DeploySafeParameters): Promise<DeploySafeReturnType> {
  const chain = defineChain({ id: chainId, name: `devnet ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
  const transport = http(rpcUrl, { retryCount: 0, timeout: setupRequestTimeoutMs })
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 25 })
  const wallet = createWalletClient({ account: safeDeployerAccount, chain, transport, pollingInterval: 25 })
  const fail = (reason: string, cause?: unknown): never => {
    throw new ContractDeployError({ contract: 'Safe', rpcUrl, reason, cause })
  }
  const confirm = async (hash: Hex, step: string) => {
    const receipt = await confirmTransaction({ client: publicClient, rpcUrl, hash, step })
    if (receipt.status !== 'success') fail(`${step} reverted`)
    return receipt
  }
  const deploy = async (name: Parameters<typeof safeArtifact>[0]) => {
    const { abi, bytecode } = safeArtifact(name)
    const receipt = await confirm(await wallet.deployContract({ abi, bytecode, args: [] as never }), `deploying ${name}`)
    return getAddress(receipt.contractAddress ?? fail(`${name} has no address`))
  }

  try {
    await jsonRpcCall(rpcUrl, 'anvil_setBalance', [safeDeployerAccount.address, toHex(parseEther('100'))])
    const singleton = await deploy('SafeL2')
    const proxyFactory = await deploy('SafeProxyFactory')
    const fallbackHandler = await deploy('CompatibilityFallbackHandler')
    const multiSendCallOnly = await deploy('MultiSendCallOnly')
    const safeAbi = safeArtifact('SafeL2').abi
    const factoryAbi = safeArtifact('SafeProxyFactory').abi

    const safes: SandboxSafe[] = []
    for (const setup of sandboxSafeSetups) {
      const owners = setup.ownerIndexes.map((i) => devAddresses[i] as Address)
      const initializer = encodeFunctionData({
        abi: safeAbi,
        functionName: 'setup',
        args: [owners, BigInt(setup.threshold), zeroAddress, '0x', fallbackHandler, zeroAddress, 0n, zeroAddress],
      })
      const { result, request } = await publicClient.simulateContract({
        account: safeDeployerAccount,
        address: proxyFactory,
        abi: factoryAbi,
        functionName: 'createProxyWithNonce',
        args: [singleton, initializer, setup.saltNonce],
      })
      await confirm(await wallet.writeContract(request), `creating the ${setup.name} Safe`)
      const address = getAddress(result as Address)
      safes.push({ address, owners, threshold: setup.threshold })
    }

    // Funding: ETH by anvil, pUSD into the token's balance slots (keccak(address, 0)) and its total supply (slot 2).
    const erc20 = parseAbi(['function totalSupply() view returns (uint256)'])
    let supply = await publicClient.readContract({ address: pUsd, abi: erc20, functionName: 'totalSupply' })
    for (const safe of safes) {
      await jsonRpcCall(rpcUrl, 'anvil_setBalance', [safe.address, toHex(sandboxSafeFunding.wei)])
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [safe.address, 0n]))
      await jsonRpcCall(rpcUrl, 'anvil_setStorageAt', [pUsd, slot, pad(toHex(sandboxSafeFunding.pUsd), { size: 32 })])
      supply += sandboxSafeFunding.pUsd
    }
    await jsonRpcCall(rpcUrl, 'anvil_setStorageAt', [pUsd, pad(toHex(2n), { size: 32 }), pad(toHex(supply), { size: 32 })])
    return { singleton, proxyFactory, fallbackHandler, multiSendCallOnly, safes }
  } catch (cause) {
    if (cause instanceof ContractDeployError) throw cause
    return fail(((cause as { shortMessage?: string }).shortMessage ?? (cause as Error).message).split('\n')[0] ?? 'failed', cause)
  }
}
