import {
  type Address,
  type Hex,
  concatHex,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  publicActions,
  toHex,
} from 'viem'

import { jsonRpcCall } from '../chains/SandboxChain.js'
import { AccountAbstractionSetupError } from './AccountAbstractionError.js'
import { accountAbstractionArtifacts } from './accountAbstractionArtifacts.js'
import { sandboxAccountAbstractionKeys } from './sandboxAccountAbstractionKeys.js'

/** The deterministic CREATE2 deployer anvil ships (Arachnid's). */
export const create2Deployer: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The salt the ERC-4337 team deployed EntryPoint v0.7 with (gives the canonical address). */
export const entryPointSalt: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
/** The canonical EntryPoint v0.7 address. */
export const canonicalEntryPoint07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
/** What the paymaster keeps deposited in the EntryPoint after setup: 1,000 ETH. */
export const paymasterDeposit = 1_000n * 10n ** 18n

const zeroSalt: Hex = `0x${'00'.repeat(32)}`

export type DeployAccountAbstractionParameters = {
  /** The anvil's JSON-RPC URL. */
  rpcUrl: string
  /** The chain id the node must report. */
  chainId: number
}
export type DeployAccountAbstractionReturnType = {
  entryPoint: Address
  factory: Address
  paymaster: Address
  /** The VerifyingPaymaster's `verifyingSigner`. */
  paymasterSigner: Address
}
export type DeployAccountAbstractionErrorType = AccountAbstractionSetupError

type InitCodes = { entryPoint: Hex; factory: Hex; paymaster: Hex }

function initCodes(entryPoint: Address): InitCodes {
  const artifacts = accountAbstractionArtifacts()
  return {
    entryPoint: artifacts.entryPoint.bytecode,
    factory: encodeDeployData({ abi: artifacts.simpleAccountFactory.abi, bytecode: artifacts.simpleAccountFactory.bytecode, args: [entryPoint] }),
    paymaster: encodeDeployData({ abi: artifacts.verifyingPaymaster.abi, bytecode: artifacts.verifyingPaymaster.bytecode, args: [entryPoint, sandboxAccountAbstractionKeys.paymasterSigner.address] }),
  }
}

/**
 * The addresses the sandbox's ERC-4337 contracts land at (CREATE2 through {@link create2Deployer}):
 * the EntryPoint with its canonical salt, the SimpleAccountFactory and the VerifyingPaymaster with
 * salt 0. They depend only on the npm artifacts and the paymaster signer's key.
 *
 * @example
 * accountAbstractionAddresses().entryPoint // '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
 */
export function accountAbstractionAddresses(): Omit<DeployAccountAbstractionReturnType, 'paymasterSigner'> {
  const codes = initCodes(canonicalEntryPoint07)
  const at = (bytecode: Hex, salt: Hex) => getContractAddress({ opcode: 'CREATE2', from: create2Deployer, salt, bytecode })
  return { entryPoint: at(codes.entryPoint, entryPointSalt), factory: at(codes.factory, zeroSalt), paymaster: at(codes.paymaster, zeroSalt) }
}

/**
 * Deploys EntryPoint v0.7 (at its canonical address), a SimpleAccountFactory and a
 * VerifyingPaymaster on an anvil through the CREATE2 deployer, from
 * `@account-abstraction/contracts` 0.7.0's artifacts, and deposits {@link paymasterDeposit} for the
 * paymaster in the EntryPoint. The sandbox's own deployer key pays (funded with `anvil_setBalance`).
 * A contract already there is kept (so running it twice is harmless).
 *
 * @param parameters the anvil's URL and chain id
 * @returns the contracts' addresses and the paymaster's signer
 * @throws AccountAbstractionSetupError when the node answers another chain, a deployment fails or
 *   a contract is not where CREATE2 says it must be
 * @example
 * const { entryPoint, factory, paymaster } = await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, chainId: 31337 })
 */
export async function deployAccountAbstraction({ rpcUrl, chainId }: DeployAccountAbstractionParameters): Promise<DeployAccountAbstractionReturnType> {
  const account = sandboxAccountAbstractionKeys.deployer
  const chain = defineChain({ id: chainId, name: `Sandbox ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
  const client = createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }), pollingInterval: 25 }).extend(publicActions)
  try {
    const reported = await client.getChainId()
    if (reported !== chainId) throw new AccountAbstractionSetupError(`The node at ${rpcUrl} reports chain id ${reported}, not ${chainId}`)
    if ((await client.getCode({ address: create2Deployer })) === undefined) {
      throw new AccountAbstractionSetupError(`The node at ${rpcUrl} has no CREATE2 deployer at ${create2Deployer}`)
    }
    await jsonRpcCall(rpcUrl, 'anvil_setBalance', [account.address, toHex(10n ** 24n)])
    const addresses = accountAbstractionAddresses()
    if (addresses.entryPoint.toLowerCase() !== canonicalEntryPoint07.toLowerCase()) {
      throw new AccountAbstractionSetupError(`The EntryPoint artifact would land at ${addresses.entryPoint}, not the canonical ${canonicalEntryPoint07}`)
    }
    const codes = initCodes(addresses.entryPoint)
    const steps: [string, Address, Hex, Hex][] = [
      ['EntryPoint', addresses.entryPoint, entryPointSalt, codes.entryPoint],
      ['SimpleAccountFactory', addresses.factory, zeroSalt, codes.factory],
      ['VerifyingPaymaster', addresses.paymaster, zeroSalt, codes.paymaster],
    ]
    for (const [name, address, salt, code] of steps) {
      if ((await client.getCode({ address })) !== undefined) continue
      const hash = await client.sendTransaction({ to: create2Deployer, data: concatHex([salt, code]), gas: 8_000_000n })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 25 })
      if (receipt.status !== 'success' || (await client.getCode({ address })) === undefined) {
        throw new AccountAbstractionSetupError(`${name} was not deployed at ${address} (transaction ${hash} ${receipt.status})`)
      }
    }
    const depositAbi = [
      { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'account', type: 'address' }], outputs: [{ type: 'uint256' }] },
      { type: 'function', name: 'depositTo', stateMutability: 'payable', inputs: [{ name: 'account', type: 'address' }], outputs: [] },
    ] as const
    const deposited = await client.readContract({ address: addresses.entryPoint, abi: depositAbi, functionName: 'balanceOf', args: [addresses.paymaster] })
    if (deposited < paymasterDeposit) {
      const hash = await client.sendTransaction({
        to: addresses.entryPoint,
        data: encodeFunctionData({ abi: depositAbi, functionName: 'depositTo', args: [addresses.paymaster] }),
        value: paymasterDeposit - deposited,
      })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 25 })
      if (receipt.status !== 'success') throw new AccountAbstractionSetupError(`The paymaster's deposit (transaction ${hash}) reverted`)
    }
    return { ...addresses, paymasterSigner: sandboxAccountAbstractionKeys.paymasterSigner.address }
  } catch (error) {
    if (error instanceof AccountAbstractionSetupError) throw error
    throw new AccountAbstractionSetupError(`Deploying the ERC-4337 contracts on ${rpcUrl} failed: ${(error as Error).message.split('\n')[0]}`, { cause: error })
  }
}
