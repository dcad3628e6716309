import { createPublicClient, createWalletClient, encodeFunctionData, http, keccak256, toHex, type Address, type Hex } from 'viem'
import { devAccount } from '../../../../sandbox/devnets/devAccounts.js'
import { compileFixture } from './compileFixture.js'

/**
 * Deploys the fixture's wallet factory on an anvil chain (dev account 9 pays) and returns
 * helpers for an EIP-1271 wallet (deployed) and an EIP-6492 one (address known, not deployed).
 */
export async function setupContractWallets(rpcUrl: string, chainId: number) {
  const compiled = await compileFixture('SiwxTestWallet.sol')
  const factory = compiled.SiwxTestWalletFactory
  if (!factory) throw new Error('SiwxTestWalletFactory not compiled')
  const deployer = devAccount(9)
  const chain = { id: chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } as const
  const wallet = createWalletClient({ account: deployer, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl) })
  const hash = await wallet.deployContract({ abi: factory.abi, bytecode: factory.bytecode })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const factoryAddress = receipt.contractAddress as Address

  const addressOf = (owner: Address, salt: Hex) =>
    client.readContract({ address: factoryAddress, abi: factory.abi, functionName: 'walletAddress', args: [owner, salt] }) as Promise<Address>
  return {
    factoryAddress,
    /** Deploys a wallet owned by `owner`; returns its address. */
    async deployWallet(owner: Address, label: string): Promise<Address> {
      const salt = keccak256(toHex(label))
      const tx = await wallet.writeContract({ address: factoryAddress, abi: factory.abi, functionName: 'deploy', args: [owner, salt] })
      await client.waitForTransactionReceipt({ hash: tx })
      return addressOf(owner, salt)
    },
    /** A wallet's future address and the factory call that would deploy it (nothing is sent). */
    async counterfactual(owner: Address, label: string): Promise<{ address: Address; factoryData: Hex }> {
      const salt = keccak256(toHex(label))
      return { address: await addressOf(owner, salt), factoryData: encodeFunctionData({ abi: factory.abi, functionName: 'deploy', args: [owner, salt] }) }
    },
    getCode: (address: Address) => client.getCode({ address }),
  }
}
