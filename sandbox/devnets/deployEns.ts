import { createHash } from 'node:crypto'

import { type Abi, type Address, type Hex, createPublicClient, createWalletClient, defineChain, getAddress, http, labelhash, namehash, parseEther, toHex, zeroHash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import { jsonRpcCall } from '../chains/SandboxChain.js'
import { sandboxEnsNames } from '../config.js'
import { compileContract } from './compileContract.js'
import { devAddresses } from './devAccounts.js'
import { ContractDeployError } from './errors.js'
import { confirmTransaction } from './confirmTransaction.js'

/** ENS's deployer and controller: sha256("portico sandbox ens"), given ETH by anvil (no dev account's history changes). */
export const ensAccount = privateKeyToAccount(toHex(createHash('sha256').update('portico sandbox ens').digest()))

export type DeployEnsParameters = { rpcUrl: string; chainId: number }
export type DeployEnsReturnType = { registry: Address; resolver: Address; reverseRegistrar: Address; universalResolver: Address }

/** A round avatar with the name's initial, as a data URI (no request leaves the sandbox). */
function avatarOf(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${colour}"/><text x="48" y="62" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${label.slice(0, 1).toUpperCase()}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * Deploys ENS on a devnet from the project's own contracts written to the ENS standards
 * (`PorticoEnsRegistry`, `PorticoEnsResolver`, `PorticoEnsReverseRegistrar`,
 * `PorticoEnsUniversalResolver`), wired as ENS is: the registry's root, `eth` and `reverse` owned
 * by the deployer, `addr.reverse` by the reverse registrar, the resolver trusting it. Then it gives
 * the dev accounts of {@link sandboxEnsNames} their `.eth` names (owned by them, address and
 * `avatar` and `com.github` text records) and primary names, and gives one more account a spoofed
 * primary name that the forward check must refuse. Everything is sent by {@link ensAccount}, so
 * the dev accounts' nonces and histories do not change.
 *
 * @returns the contracts' addresses (the universal resolver is what viem calls)
 * @throws ContractDeployError when a deployment or a transaction fails
 * @example
 * const ens = await deployEns({ rpcUrl: anvil.rpcUrl, chainId: 31337 })
 */
export async function deployEns({ rpcUrl, chainId }: DeployEnsParameters): Promise<DeployEnsReturnType> {
  const chain = defineChain({ id: chainId, name: `devnet ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 25 })
  const wallet = createWalletClient({ account: ensAccount, chain, transport, pollingInterval: 25 })
  const fail = (step: string, cause?: unknown): never => {
    throw new ContractDeployError({ contract: 'ENS', rpcUrl, reason: step, cause })
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
  const write = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[], step: string) =>
    confirm(await wallet.writeContract({ address, abi, functionName, args: args as never }), step)

  try {
    await jsonRpcCall(rpcUrl, 'anvil_setBalance', [ensAccount.address, toHex(parseEther('100'))])
    const [registryArtifact, resolverArtifact, reverseArtifact, universalArtifact] = await Promise.all(
      ['PorticoEnsRegistry', 'PorticoEnsResolver', 'PorticoEnsReverseRegistrar', 'PorticoEnsUniversalResolver'].map((name) => compileContract(name)),
    )
    const registry = await deploy('PorticoEnsRegistry', registryArtifact!, [])
    const reverseRegistrar = await deploy('PorticoEnsReverseRegistrar', reverseArtifact!, [registry])
    const resolver = await deploy('PorticoEnsResolver', resolverArtifact!, [registry, reverseRegistrar])
    const universalResolver = await deploy('PorticoEnsUniversalResolver', universalArtifact!, [registry])
    const r = registryArtifact!.abi
    await write(registry, r, 'setSubnodeOwner', [zeroHash, labelhash('reverse'), ensAccount.address], 'claiming reverse')
    await write(registry, r, 'setSubnodeOwner', [namehash('reverse'), labelhash('addr'), reverseRegistrar], 'handing addr.reverse to the reverse registrar')
    await write(registry, r, 'setSubnodeOwner', [zeroHash, labelhash('eth'), ensAccount.address], 'claiming eth')
    await write(reverseRegistrar, reverseArtifact!.abi, 'setDefaultResolver', [resolver], 'setting the default resolver')
    await write(reverseRegistrar, reverseArtifact!.abi, 'setController', [ensAccount.address, true], 'naming the controller')

    for (const entry of sandboxEnsNames) {
      const owner = devAddresses[entry.account] as Address
      const node = namehash(entry.name)
      const label = entry.name.split('.')[0] as string
      await write(registry, r, 'setSubnodeRecord', [namehash('eth'), labelhash(label), ensAccount.address, resolver, 0n], `creating ${entry.name}`)
      await write(resolver, resolverArtifact!.abi, 'setAddr', [node, owner], `setting ${entry.name}'s address`)
      await write(resolver, resolverArtifact!.abi, 'setText', [node, 'avatar', avatarOf(label, entry.colour)], `setting ${entry.name}'s avatar`)
      await write(resolver, resolverArtifact!.abi, 'setText', [node, 'com.github', label], `setting ${entry.name}'s com.github`)
      await write(registry, r, 'setOwner', [node, owner], `handing ${entry.name} to its owner`)
      await write(reverseRegistrar, reverseArtifact!.abi, 'setNameForAddr', [owner, owner, resolver, entry.name], `setting ${entry.name} as primary name`)
    }
    // A spoof: another account claims the first name as its primary name; resolvers must not believe it.
    const first = sandboxEnsNames[0]
    if (first) await write(reverseRegistrar, reverseArtifact!.abi, 'setNameForAddr', [devAddresses[sandboxEnsSpoofAccount], devAddresses[sandboxEnsSpoofAccount], resolver, first.name], 'setting the spoofed primary name')
    return { registry, resolver, reverseRegistrar, universalResolver }
  } catch (cause) {
    if (cause instanceof ContractDeployError) throw cause
    return fail((cause as Error).message.split('\n')[0] ?? 'failed', cause)
  }
}

/** The dev account whose primary name is a spoof of the first ENS name (its lookups must answer no name). */
export const sandboxEnsSpoofAccount = 3
