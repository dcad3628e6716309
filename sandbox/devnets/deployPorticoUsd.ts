import { type Address, type Hex, getAddress, isAddress } from 'viem'

import { compileContract } from './compileContract.js'
import { connectDevnet } from './connectDevnet.js'
import { devAddresses } from './devAccounts.js'
import { ContractDeployError, InvalidDevnetParameterError } from './errors.js'
import { confirmTransaction } from './confirmTransaction.js'

export type DeployPorticoUsdParameters = {
  /** The chain's JSON-RPC URL, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  /** The chain id the node must report; deploying to another chain is refused. */
  chainId: number
  /** Who receives 1,000,000 pUSD each (duplicates count once); default: the 10 dev addresses. */
  fund?: readonly `0x${string}`[]
}
export type DeployPorticoUsdReturnType = {
  address: `0x${string}`
  decimals: 6
  symbol: 'pUSD'
  name: 'Portico USD'
}
export type DeployPorticoUsdErrorType = ContractDeployError | InvalidDevnetParameterError

/** What every funded address receives: 1,000,000 pUSD in base units (6 decimals). */
const grant = 1_000_000n * 10n ** 6n
const maxFunded = 1_000

function validate(parameters: DeployPorticoUsdParameters): { rpcUrl: string; chainId: number; fund: Address[] } {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new InvalidDevnetParameterError({ message: 'deployPorticoUsd: expected { rpcUrl, chainId, fund? }' })
  }
  const { rpcUrl, chainId, fund = devAddresses } = parameters
  let url: URL | undefined
  try {
    url = typeof rpcUrl === 'string' ? new URL(rpcUrl) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoUsd: rpcUrl must be an http(s) URL, got ${String(rpcUrl).slice(0, 80)}` })
  }
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoUsd: chainId must be a positive integer, got ${String(chainId)}` })
  }
  if (!Array.isArray(fund) || fund.length > maxFunded) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoUsd: fund must be an array of at most ${maxFunded} addresses` })
  }
  const unique = new Map<string, Address>()
  for (const address of fund) {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw new InvalidDevnetParameterError({
        message: `deployPorticoUsd: fund contains "${String(address).slice(0, 80)}", which is not an EVM address`,
      })
    }
    unique.set(address.toLowerCase(), getAddress(address))
  }
  return { rpcUrl, chainId, fund: [...unique.values()] }
}

/**
 * Deploys the sandbox's ERC-20 "Portico USD" (pUSD, 6 decimals) from dev account 0 and gives
 * 1,000,000 pUSD to every `fund` address. The contract is compiled from
 * `sandbox/devnets/contracts/PorticoUsd.sol` once and then read from `.portico/cache/`.
 * On a fresh anvil the token lands at 0x5FbDB2315678afecb367f032d93F642f64180aa3 (dev account 0, nonce 0).
 *
 * @param parameters - `rpcUrl`, `chainId`, and `fund` (default: the 10 dev addresses).
 * @returns The token's address and its fixed metadata.
 * @throws ContractDeployError when the node is unreachable, reports another chain id, or a transaction fails.
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * const pUsd = await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31337 })
 */
export async function deployPorticoUsd(parameters: DeployPorticoUsdParameters): Promise<DeployPorticoUsdReturnType> {
  const { rpcUrl, chainId, fund } = validate(parameters)
  const { abi, bytecode } = await compileContract('PorticoUsd')

  const { account, publicClient, walletClient, fail } = await connectDevnet({ rpcUrl, chainId, contract: 'PorticoUsd' })

  try {
    const deployHash = await walletClient.deployContract({
      abi,
      bytecode,
      args: [grant * BigInt(fund.length)],
    })
    const deployReceipt = await confirmTransaction({ client: publicClient, rpcUrl, hash: deployHash, step: 'deploying the token' })
    if (deployReceipt.status !== 'success' || !deployReceipt.contractAddress) fail('the deployment reverted')
    const address = getAddress(deployReceipt.contractAddress as Address)

    // Explicit nonces, so the transfers can be sent without waiting for each other.
    const firstNonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' })
    const recipients = fund.filter((to) => to !== account.address)
    const hashes: Hex[] = []
    for (const [i, to] of recipients.entries()) {
      hashes.push(
        await walletClient.writeContract({
          address,
          abi,
          functionName: 'transfer',
          args: [to, grant],
          nonce: firstNonce + i,
        }),
      )
    }
    for (const hash of hashes) {
      const receipt = await confirmTransaction({ client: publicClient, rpcUrl, hash, step: `funding transaction ${hash}` })
      if (receipt.status !== 'success') fail(`funding transaction ${hash} reverted`)
    }
    return { address, decimals: 6, symbol: 'pUSD', name: 'Portico USD' }
  } catch (cause) {
    if (cause instanceof ContractDeployError) throw cause
    return fail((cause as { shortMessage?: string }).shortMessage ?? (cause as Error).message, cause)
  }
}
