import { encodeFunctionData, type Address, type Chain, type Client, type Hex, type Transport } from 'viem'
import { readContract } from 'viem/actions'
import { entryPoint07Abi, getUserOperationHash, toSmartAccount, type SmartAccount, type SmartAccountImplementation } from 'viem/account-abstraction'

/** The functions of `@account-abstraction/contracts` 0.7.0's SimpleAccountFactory and SimpleAccount the frame calls. */
export const simpleAccountFactoryAbi = [
  { type: 'function', name: 'createAccount', stateMutability: 'nonpayable', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ name: 'ret', type: 'address' }] },
  { type: 'function', name: 'getAddress', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] },
] as const
export const simpleAccountAbi = [
  { type: 'function', name: 'execute', stateMutability: 'nonpayable', inputs: [{ name: 'dest', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'func', type: 'bytes' }], outputs: [] },
  { type: 'function', name: 'executeBatch', stateMutability: 'nonpayable', inputs: [{ name: 'dest', type: 'address[]' }, { name: 'value', type: 'uint256[]' }, { name: 'func', type: 'bytes[]' }], outputs: [] },
] as const

/** A 65-byte signature of the right shape for gas estimation (recovers to nobody). */
const stubSignature: Hex = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** Where the embedded wallet's smart account comes from on one chain (the server's `bundlers[chain].smartAccount`). */
export type SimpleAccountContracts = { factory: Address; entryPoint: Address }

export type FrameSimpleAccount = SmartAccount<SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>>

/**
 * The embedded wallet's ERC-4337 v0.7 SimpleAccount (`@account-abstraction/contracts` 0.7.0, the
 * sandbox's factory) as a viem smart account: its address is `factory.getAddress(owner, 0)`, its
 * first user operation deploys it (`createAccount(owner, 0)`), calls go out as `execute` (one) or
 * `executeBatch`, and a user operation is signed by the owner with EIP-191 over the userOpHash,
 * which is what SimpleAccount checks. Without `sign` it only estimates (the stub signature).
 * SimpleAccount has no ERC-1271, so it signs no message.
 *
 * @example
 * const account = await toFrameSimpleAccount({ client, owner, contracts, sign: (hash) => key.signMessage({ message: { raw: hash } }) })
 */
export async function toFrameSimpleAccount({ client, owner, contracts, address, sign }: { client: Client<Transport, Chain | undefined, undefined>; owner: Address; contracts: SimpleAccountContracts; address?: Address; sign?: (hash: Hex) => Promise<Hex> }): Promise<FrameSimpleAccount> {
  let accountAddress = address
  const { factory, entryPoint } = contracts
  const noMessages = async (): Promise<never> => {
    throw new Error('The smart account cannot sign messages (SimpleAccount v0.7 has no ERC-1271)')
  }
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: entryPoint, version: '0.7' },
    async getAddress() {
      accountAddress ??= await readContract(client, { address: factory, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [owner, 0n] })
      return accountAddress
    },
    async getFactoryArgs() {
      return { factory, factoryData: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner, 0n] }) }
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls as [(typeof calls)[number]]
        return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [call.to, call.value ?? 0n, call.data ?? '0x'] })
      }
      return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'executeBatch', args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')] })
    },
    async getStubSignature() {
      return stubSignature
    },
    signMessage: noMessages,
    signTypedData: noMessages,
    async signUserOperation(parameters) {
      if (!sign) throw new Error('This smart account only estimates: it has no signer')
      const { chainId = client.chain?.id, ...userOperation } = parameters
      if (chainId === undefined) throw new Error('The smart account needs a chain id to sign')
      const hash = getUserOperationHash({ chainId, entryPointAddress: entryPoint, entryPointVersion: '0.7', userOperation: { ...userOperation, sender: userOperation.sender ?? (await this.getAddress()) } })
      return sign(hash)
    },
  }) as Promise<FrameSimpleAccount>
}
