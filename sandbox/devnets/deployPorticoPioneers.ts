import { type Address, getAddress, getContractAddress, isAddress } from 'viem'

import { compileContract } from './compileContract.js'
import { connectDevnet } from './connectDevnet.js'
import { devAddresses } from './devAccounts.js'
import { ContractDeployError, InvalidDevnetParameterError } from './errors.js'
import { confirmTransaction } from './confirmTransaction.js'

export type DeployPorticoPioneersParameters = {
  /** The chain's JSON-RPC URL, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  /** The chain id the node must report; deploying to another chain is refused. */
  chainId: number
  /**
   * The Portico server's origin (e.g. `http://127.0.0.1:4700`): `tokenURI(id)` becomes
   * `<origin>/v1/nft/eip155:<chainId>/<contract>/<id>`. Without it `tokenURI` is empty.
   */
  metadataOrigin?: string
  /** Who receives the first tokens; default dev account 0. */
  owner?: `0x${string}`
  /** How many tokens are minted at deployment (ids 1..count); default 3, at most 50. */
  count?: number
}
export type DeployPorticoPioneersReturnType = {
  address: `0x${string}`
  name: 'Portico Pioneers'
  symbol: 'PPNR'
  /** The ids minted to `owner`, as decimal strings. */
  tokenIds: string[]
  owner: `0x${string}`
}
export type DeployPorticoPioneersErrorType = ContractDeployError | InvalidDevnetParameterError

/** The sandbox collection's fixed metadata (also configured on the server). */
export const porticoPioneers = {
  name: 'Portico Pioneers',
  symbol: 'PPNR',
  description: 'The first explorers of the Portico sandbox. Generated art, served by the Portico server.',
} as const

function validate(parameters: DeployPorticoPioneersParameters) {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new InvalidDevnetParameterError({ message: 'deployPorticoPioneers: expected { rpcUrl, chainId, metadataOrigin?, owner?, count? }' })
  }
  const { rpcUrl, chainId, metadataOrigin, owner = devAddresses[0] as Address, count = 3 } = parameters
  const isHttp = (value: unknown) => {
    try {
      const url = new URL(String(value))
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }
  if (typeof rpcUrl !== 'string' || !isHttp(rpcUrl)) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoPioneers: rpcUrl must be an http(s) URL, got ${String(rpcUrl).slice(0, 80)}` })
  }
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoPioneers: chainId must be a positive integer, got ${String(chainId)}` })
  }
  if (metadataOrigin !== undefined && (typeof metadataOrigin !== 'string' || !isHttp(metadataOrigin) || new URL(metadataOrigin).origin !== metadataOrigin.replace(/\/$/, ''))) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoPioneers: metadataOrigin must be an http(s) origin, got ${String(metadataOrigin).slice(0, 80)}` })
  }
  if (typeof owner !== 'string' || !isAddress(owner, { strict: false })) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoPioneers: owner "${String(owner).slice(0, 80)}" is not an EVM address` })
  }
  if (!Number.isInteger(count) || count < 0 || count > 50) {
    throw new InvalidDevnetParameterError({ message: `deployPorticoPioneers: count must be an integer from 0 to 50, got ${String(count)}` })
  }
  return { rpcUrl, chainId, metadataOrigin: metadataOrigin?.replace(/\/$/, ''), owner: getAddress(owner), count }
}

/**
 * Deploys the sandbox's ERC-721 collection "Portico Pioneers" (PPNR, OpenZeppelin 4.9.6 ERC721)
 * from dev account 0 and mints tokens 1..count to `owner` in the deployment. The contract is
 * compiled from `sandbox/devnets/contracts/PorticoPioneers.sol` (cached in `.portico/cache/`).
 * Its `tokenURI` points at the Portico server's metadata endpoint, which serves generated images.
 *
 * @param parameters - `rpcUrl`, `chainId`, and optionally `metadataOrigin`, `owner`, `count`
 * @returns the collection's address, name, symbol, owner and minted token ids
 * @throws ContractDeployError when the node is unreachable, reports another chain id, or the deployment fails
 * @example
 * const pioneers = await deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: 31337, metadataOrigin: 'http://127.0.0.1:4700' })
 */
export async function deployPorticoPioneers(parameters: DeployPorticoPioneersParameters): Promise<DeployPorticoPioneersReturnType> {
  const { rpcUrl, chainId, metadataOrigin, owner, count } = validate(parameters)
  const { abi, bytecode } = await compileContract('PorticoPioneers')
  const { account, publicClient, walletClient, fail } = await connectDevnet({ rpcUrl, chainId, contract: 'PorticoPioneers' })

  try {
    // The metadata URL holds the contract's own address, known before deployment from the nonce.
    const nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' })
    const predicted = getContractAddress({ from: account.address, nonce: BigInt(nonce) })
    const baseUri = metadataOrigin ? `${metadataOrigin}/v1/nft/eip155:${chainId}/${predicted}/` : ''
    const hash = await walletClient.deployContract({ abi, bytecode, args: [baseUri, owner, BigInt(count)], nonce })
    const receipt = await confirmTransaction({ client: publicClient, rpcUrl, hash, step: 'deploying the collection' })
    if (receipt.status !== 'success' || !receipt.contractAddress) fail('the deployment reverted')
    const address = getAddress(receipt.contractAddress as Address)
    if (address !== predicted) fail(`the contract landed at ${address}, not at the predicted ${predicted}`)
    return {
      address,
      name: porticoPioneers.name,
      symbol: porticoPioneers.symbol,
      tokenIds: Array.from({ length: count }, (_, i) => String(i + 1)),
      owner,
    }
  } catch (cause) {
    if (cause instanceof ContractDeployError) throw cause
    return fail((cause as { shortMessage?: string }).shortMessage ?? (cause as Error).message, cause)
  }
}
