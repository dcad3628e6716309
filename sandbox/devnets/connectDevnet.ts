import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import { devAccount } from './devAccounts.js'
import { ContractDeployError } from './errors.js'
import { setupRequestTimeoutMs } from './confirmTransaction.js'

export type ConnectDevnetParameters = { rpcUrl: string; chainId: number; contract: string }

/**
 * Clients for deploying a sandbox contract with dev account 0, after checking the node answers
 * and is the expected chain. `fail` throws a ContractDeployError naming the contract.
 *
 * @example
 * const { walletClient, publicClient, fail } = await connectDevnet({ rpcUrl, chainId: 31337, contract: 'PorticoUsd' })
 */
export async function connectDevnet({ rpcUrl, chainId, contract }: ConnectDevnetParameters) {
  const account = devAccount(0)
  const chain = defineChain({
    id: chainId,
    name: `Sandbox ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const transport = http(rpcUrl, { retryCount: 0, timeout: setupRequestTimeoutMs })
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 25 })
  const walletClient = createWalletClient({ account, chain, transport, pollingInterval: 25 })
  const fail = (reason: string, cause?: unknown): never => {
    throw new ContractDeployError({ contract, rpcUrl, reason, cause })
  }
  let reported: number
  try {
    reported = await publicClient.getChainId()
  } catch (cause) {
    return fail('the node did not answer eth_chainId', cause)
  }
  if (reported !== chainId) fail(`the node reports chain id ${reported}, not ${chainId}`)
  return { account, publicClient, walletClient, fail }
}
