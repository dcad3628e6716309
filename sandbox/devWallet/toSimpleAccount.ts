import { type Address, type Client, type Hex, type LocalAccount, type Transport, type Chain, encodeFunctionData } from 'viem'
import { readContract } from 'viem/actions'
import { type SmartAccount, type SmartAccountImplementation, entryPoint07Abi, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'

/** The functions of `@account-abstraction/contracts` 0.7.0's SimpleAccountFactory and SimpleAccount the wallet calls. */
const simpleAccountFactoryAbi = [
  { type: 'function', name: 'createAccount', stateMutability: 'nonpayable', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ name: 'ret', type: 'address' }] },
  { type: 'function', name: 'getAddress', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] },
] as const
const simpleAccountAbi = [
  { type: 'function', name: 'execute', stateMutability: 'nonpayable', inputs: [{ name: 'dest', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'func', type: 'bytes' }], outputs: [] },
  { type: 'function', name: 'executeBatch', stateMutability: 'nonpayable', inputs: [{ name: 'dest', type: 'address[]' }, { name: 'value', type: 'uint256[]' }, { name: 'func', type: 'bytes[]' }], outputs: [] },
] as const

/** A 65-byte signature of the right shape for gas estimation (recovers to nobody). */
const stubSignature: Hex = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

export type ToSimpleAccountParameters = {
  /** Reads go through it (the sandbox: the server's RPC proxy). */
  client: Client<Transport, Chain | undefined, undefined>
  /** The account's owner (the dev wallet's key). */
  owner: LocalAccount
  factory: Address
  entryPoint: Address
  /** The account's salt; default 0. */
  salt?: bigint
  /** Known address (skips the factory call). */
  address?: Address
}

export type SimpleAccount = SmartAccount<SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>>

/**
 * An ERC-4337 v0.7 SimpleAccount (`@account-abstraction/contracts` 0.7.0) owned by a local key, as a
 * viem smart account: its address is `factory.getAddress(owner, salt)`, its first user operation
 * deploys it (`createAccount(owner, salt)`), calls go out as `execute` (one) or
 * `executeBatch(address[], uint256[], bytes[])`, and user operations are signed with EIP-191 over
 * the userOpHash, which is what SimpleAccount checks.
 *
 * @param parameters the client, the owner, the factory and the EntryPoint
 * @returns the smart account
 * @example
 * const account = await toSimpleAccount({ client, owner: privateKeyToAccount(key), factory, entryPoint: entryPoint07Address })
 */
export async function toSimpleAccount({ client, owner, factory, entryPoint, salt = 0n, address }: ToSimpleAccountParameters): Promise<SimpleAccount> {
  let accountAddress = address
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: entryPoint, version: '0.7' },
    async getAddress() {
      accountAddress ??= await readContract(client, { address: factory, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, salt] })
      return accountAddress
    },
    async getFactoryArgs() {
      return { factory, factoryData: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) }
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls as [(typeof calls)[number]]
        return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [call.to, call.value ?? 0n, call.data ?? '0x'] })
      }
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
      })
    },
    async getStubSignature() {
      return stubSignature
    },
    async signMessage({ message }) {
      return owner.signMessage({ message })
    },
    async signTypedData(typedData) {
      return owner.signTypedData(typedData as Parameters<LocalAccount['signTypedData']>[0])
    },
    async signUserOperation(parameters) {
      const { chainId = client.chain?.id, ...userOperation } = parameters
      if (chainId === undefined) throw new Error('toSimpleAccount: the client has no chain; pass chainId')
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: userOperation.sender ?? (await this.getAddress()) },
      })
      return owner.signMessage({ message: { raw: hash } })
    },
  }) as Promise<SimpleAccount>
}
