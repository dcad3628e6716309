import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import type { Abi, Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** Anvil's first dev account (public test key from the `test … junk` mnemonic). */
export const devKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const
export const devAccount = privateKeyToAccount(devKey)

const require = createRequire(import.meta.url)
const artifact = JSON.parse(
  readFileSync(require.resolve('@openzeppelin/contracts/build/contracts/ERC20PresetFixedSupply.json'), 'utf8'),
) as { abi: Abi; bytecode: Hex }
export const tokenAbi = artifact.abi

/** viem clients on an anvil chain, signing with dev account 0. */
export function clientsFor(rpcUrl: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const transport = http(rpcUrl, { retryCount: 0 })
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
    walletClient: createWalletClient({ chain, transport, account: devAccount, pollingInterval: 20 }),
  }
}

/** Deploys OpenZeppelin 4.9.6's ERC20PresetFixedSupply (18 decimals) with the whole supply on dev account 0. */
export async function deployTestToken(rpcUrl: string, chainId: number, name: string, symbol: string, supply: bigint): Promise<Address> {
  const { publicClient, walletClient } = clientsFor(rpcUrl, chainId)
  const hash = await walletClient.deployContract({ abi: tokenAbi, bytecode: artifact.bytecode, args: [name, symbol, supply, devAccount.address] })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (!receipt.contractAddress) throw new Error('token deployment failed')
  return receipt.contractAddress
}
