import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import { type Abi, type Address, type Hex, createPublicClient, createWalletClient, defineChain, encodeAbiParameters, getAddress, http, keccak256, pad, parseEther, parseUnits, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import { jsonRpcCall } from '../chains/SandboxChain.js'
import { compileContract } from './compileContract.js'
import { ContractDeployError } from './errors.js'
import { confirmTransaction } from './confirmTransaction.js'

const require = createRequire(import.meta.url)

/** A published compiled artifact (waffle format: `abi`, `bytecode` without `0x`), read from node_modules as shipped. */
function artifact(path: string): { abi: Abi; bytecode: Hex } {
  const json = JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { abi: Abi; bytecode: string }
  return { abi: json.abi, bytecode: (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex }
}

/** The liquidity provider and deployer of the AMM: sha256("portico sandbox amm"), given ETH by anvil (no dev account's history changes). */
export const ammAccount = privateKeyToAccount(toHex(createHash('sha256').update('portico sandbox amm').digest()))

/** The pools the sandbox seeds, at the sandbox's prices (ETH 3000 USD, pUSD 1, pGLD 2). */
export const sandboxPools = {
  ethPusd: { eth: '100', pUsd: '300000' },
  ethPgld: { eth: '100', pGld: '150000' },
  pusdPgld: { pUsd: '100000', pGld: '50000' },
} as const

/** pGLD: the sandbox's second swap token. */
export const porticoGold = { name: 'Portico Gold', symbol: 'pGLD', decimals: 18, priceUsd: 2 } as const

export type DeployUniswapV2Parameters = { rpcUrl: string; chainId: number; pUsd: Address }
export type DeployUniswapV2ReturnType = { weth: Address; factory: Address; router: Address; pGld: Address }

/**
 * Deploys Uniswap V2 on a devnet from the published compiled artifacts (`@uniswap/v2-core`'s
 * UniswapV2Factory, `@uniswap/v2-periphery`'s WETH9 and UniswapV2Router02, unchanged: the router's
 * init-code hash is the npm pair's), deploys pGLD, and seeds the WETH/pUSD, WETH/pGLD and pUSD/pGLD
 * pools through the router at the sandbox's prices. The liquidity provider is its own key
 * ({@link ammAccount}); its pUSD is written into the token's balance and supply slots with
 * `anvil_setStorageAt` (OpenZeppelin 4's ERC20 layout: balances at slot 0, total supply at slot 2),
 * so no dev account pays for or sees the setup.
 *
 * @returns the contracts' addresses
 * @throws ContractDeployError when a deployment or a seeding transaction fails
 * @example
 * const amm = await deployUniswapV2({ rpcUrl: anvil.rpcUrl, chainId: 31337, pUsd })
 */
export async function deployUniswapV2({ rpcUrl, chainId, pUsd }: DeployUniswapV2Parameters): Promise<DeployUniswapV2ReturnType> {
  const chain = defineChain({ id: chainId, name: `devnet ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 25 })
  const wallet = createWalletClient({ account: ammAccount, chain, transport, pollingInterval: 25 })
  const fail = (step: string, cause?: unknown): never => {
    throw new ContractDeployError({ contract: 'Uniswap V2', rpcUrl, reason: step, cause })
  }
  const confirm = async (hash: Hex, step: string) => {
    const receipt = await confirmTransaction({ client: publicClient, rpcUrl, hash, step })
    if (receipt.status !== 'success') fail(`${step} reverted`)
    return receipt
  }
  const deploy = async (name: string, { abi, bytecode }: { abi: Abi; bytecode: Hex }, args: readonly unknown[]) => {
    const receipt = await confirm(await wallet.deployContract({ abi, bytecode, args: args as never }), `deploying ${name}`)
    return getAddress(receipt.contractAddress ?? fail(`${name} has no address`))
  }

  try {
    await jsonRpcCall(rpcUrl, 'anvil_setBalance', [ammAccount.address, toHex(parseEther('10000'))])
    const weth9 = artifact('@uniswap/v2-periphery/build/WETH9.json')
    const factoryArtifact = artifact('@uniswap/v2-core/build/UniswapV2Factory.json')
    const routerArtifact = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')
    const gold = await compileContract('PorticoGold')

    const weth = await deploy('WETH9', weth9, [])
    const factory = await deploy('UniswapV2Factory', factoryArtifact, [ammAccount.address])
    const router = await deploy('UniswapV2Router02', routerArtifact, [factory, weth])
    const pGld = await deploy('PorticoGold', gold, [parseUnits('1000000', 18)])

    // The provider's pUSD: its balance slot (keccak(address, 0)) and the total supply (slot 2) raised together.
    const pUsdNeeded = parseUnits(sandboxPools.ethPusd.pUsd, 6) + parseUnits(sandboxPools.pusdPgld.pUsd, 6)
    const balanceSlot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [ammAccount.address, 0n]))
    const supply = (await publicClient.readContract({ address: pUsd, abi: gold.abi, functionName: 'totalSupply' })) as bigint
    await jsonRpcCall(rpcUrl, 'anvil_setStorageAt', [pUsd, balanceSlot, pad(toHex(pUsdNeeded), { size: 32 })])
    await jsonRpcCall(rpcUrl, 'anvil_setStorageAt', [pUsd, pad(toHex(2n), { size: 32 }), pad(toHex(supply + pUsdNeeded), { size: 32 })])

    const max = 2n ** 256n - 1n
    await confirm(await wallet.writeContract({ address: pUsd, abi: gold.abi, functionName: 'approve', args: [router, max] }), 'approving pUSD')
    await confirm(await wallet.writeContract({ address: pGld, abi: gold.abi, functionName: 'approve', args: [router, max] }), 'approving pGLD')
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const seed = async (token: Address, amount: bigint, eth: string, step: string) =>
      confirm(
        await wallet.writeContract({ address: router, abi: routerArtifact.abi, functionName: 'addLiquidityETH', args: [token, amount, 0n, 0n, ammAccount.address, deadline], value: parseEther(eth) }),
        step,
      )
    await seed(pUsd, parseUnits(sandboxPools.ethPusd.pUsd, 6), sandboxPools.ethPusd.eth, 'seeding WETH/pUSD')
    await seed(pGld, parseUnits(sandboxPools.ethPgld.pGld, 18), sandboxPools.ethPgld.eth, 'seeding WETH/pGLD')
    await confirm(
      await wallet.writeContract({
        address: router,
        abi: routerArtifact.abi,
        functionName: 'addLiquidity',
        args: [pUsd, pGld, parseUnits(sandboxPools.pusdPgld.pUsd, 6), parseUnits(sandboxPools.pusdPgld.pGld, 18), 0n, 0n, ammAccount.address, deadline],
      }),
      'seeding pUSD/pGLD',
    )
    return { weth, factory, router, pGld }
  } catch (cause) {
    if (cause instanceof ContractDeployError) throw cause
    return fail((cause as Error).message.split('\n')[0] ?? 'failed', cause)
  }
}
