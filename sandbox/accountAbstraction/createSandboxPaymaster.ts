import { type Address, type Hex, concatHex, createPublicClient, encodeAbiParameters, http, isAddress, isHex, numberToHex } from 'viem'
import { type RpcUserOperation, type UserOperation, formatUserOperation, toPackedUserOperation } from 'viem/account-abstraction'

import { accountAbstractionArtifacts } from './accountAbstractionArtifacts.js'
import { sandboxAccountAbstractionKeys } from './sandboxAccountAbstractionKeys.js'

/** Gas the VerifyingPaymaster's validation gets (it recovers one signature). */
export const paymasterVerificationGasLimit = 100_000n
/** The VerifyingPaymaster has no `postOp`. */
export const paymasterPostOpGasLimit = 0n
/** How long a paymaster signature stays valid (seconds after the chain's latest block). */
const validForSeconds = 3_600
/** A well-formed 65-byte signature that recovers to nobody in particular (for gas estimation). */
const stubSignature: Hex = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'
/** Longest `callData` / `factoryData` accepted (hex characters): 128 KB of data. */
const maxCallDataChars = 2 + 2 * 128 * 1024
/** EIP-1967's implementation slot: where a SimpleAccount proxy keeps its implementation. */
const implementationSlot: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

/** The ERC-7677 answer for EntryPoint v0.7 (hex quantities, as on the wire). */
export type PaymasterAnswer = { paymaster: Address; paymasterData: Hex; paymasterVerificationGasLimit: Hex; paymasterPostOpGasLimit: Hex }

/** A request the sandbox paymaster will not sponsor, with the JSON-RPC code it answers. */
export class SandboxPaymasterRequestError extends Error {
  override name = 'SandboxPaymasterRequestError'
  readonly rpcCode: number
  constructor(message: string, rpcCode = -32602) {
    super(message)
    this.rpcCode = rpcCode
  }
}

export type SandboxPaymaster = {
  /** ERC-7677 `pm_getPaymasterStubData` params `[userOp, entryPoint, chainId, context]`. */
  getPaymasterStubData(params: unknown): Promise<PaymasterAnswer>
  /** ERC-7677 `pm_getPaymasterData`: the signed VerifyingPaymaster data. */
  getPaymasterData(params: unknown): Promise<PaymasterAnswer>
}

export type CreateSandboxPaymasterParameters = {
  rpcUrl: string
  chainId: number
  entryPoint: Address
  factory: Address
  paymaster: Address
}

const rpcUserOperationKeys = ['sender', 'nonce', 'callData', 'callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const

/**
 * The sandbox's ERC-7677 paymaster service for one devnet: it sponsors every user operation of a
 * SimpleAccount made by the sandbox's factory (a new one whose `factory` is it, or a deployed one
 * whose EIP-1967 implementation is the factory's), signing VerifyingPaymaster data with the
 * paymaster signer's key. The hash signed is the one the contract computes (`getHash`, asked of the
 * chain), so the layout cannot drift from the contract's.
 *
 * @param parameters the devnet and the deployed contracts
 * @returns the two ERC-7677 methods
 * @example
 * const paymaster = createSandboxPaymaster({ rpcUrl, chainId: 31337, entryPoint, factory, paymaster: address })
 * await paymaster.getPaymasterData([userOp, entryPoint, '0x7a69', {}])
 */
export function createSandboxPaymaster({ rpcUrl, chainId, entryPoint, factory, paymaster }: CreateSandboxPaymasterParameters): SandboxPaymaster {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })
  const { verifyingPaymaster, simpleAccountFactory } = accountAbstractionArtifacts()
  let accountImplementation: Promise<Address> | undefined

  const parse = async (params: unknown): Promise<UserOperation<'0.7'>> => {
    if (!Array.isArray(params) || params.length < 3 || params.length > 4) throw new SandboxPaymasterRequestError('params must be [userOperation, entryPoint, chainId, context?]')
    const [rpcOp, entryPointParam, chainIdParam] = params as [unknown, unknown, unknown]
    if (typeof entryPointParam !== 'string' || entryPointParam.toLowerCase() !== entryPoint.toLowerCase()) throw new SandboxPaymasterRequestError(`The sandbox paymaster serves only EntryPoint ${entryPoint}`)
    if (typeof chainIdParam !== 'string' || !isHex(chainIdParam) || Number(chainIdParam) !== chainId) throw new SandboxPaymasterRequestError(`chainId must be ${numberToHex(chainId)} on this paymaster`)
    if (typeof rpcOp !== 'object' || rpcOp === null || Array.isArray(rpcOp)) throw new SandboxPaymasterRequestError('userOperation must be an object')
    const op = rpcOp as Record<string, unknown>
    for (const key of rpcUserOperationKeys) {
      const value = op[key]
      const ok = key === 'sender' ? typeof value === 'string' && isAddress(value, { strict: false }) : typeof value === 'string' && isHex(value) && value.length <= (key === 'callData' ? maxCallDataChars : 66)
      if (!ok) {
        throw new SandboxPaymasterRequestError(`userOperation.${key} is missing or malformed`)
      }
    }
    for (const key of ['factory', 'factoryData', 'paymasterVerificationGasLimit', 'paymasterPostOpGasLimit'] as const) {
      if (op[key] !== undefined && op[key] !== null && (typeof op[key] !== 'string' || !isHex(op[key]) || (op[key] as string).length > maxCallDataChars)) throw new SandboxPaymasterRequestError(`userOperation.${key} is malformed`)
    }
    const formatted = formatUserOperation(rpcOp as RpcUserOperation) as UserOperation<'0.7'>
    // Only the sandbox's own accounts are sponsored.
    if (formatted.factory !== undefined && formatted.factory !== null && (formatted.factory as string) !== '0x') {
      if (formatted.factory.toLowerCase() !== factory.toLowerCase()) throw new SandboxPaymasterRequestError(`The sandbox paymaster sponsors only accounts of the factory ${factory}`)
    } else {
      accountImplementation ??= client.readContract({ address: factory, abi: simpleAccountFactory.abi, functionName: 'accountImplementation' }) as Promise<Address>
      const [slot, implementation] = await Promise.all([client.getStorageAt({ address: formatted.sender, slot: implementationSlot }), accountImplementation])
      if (!slot || `0x${slot.slice(-40)}`.toLowerCase() !== implementation.toLowerCase()) {
        throw new SandboxPaymasterRequestError(`${formatted.sender} is not a SimpleAccount of the sandbox's factory; the sandbox paymaster does not sponsor it`)
      }
    }
    return formatted
  }

  const answer = (paymasterData: Hex): PaymasterAnswer => ({
    paymaster,
    paymasterData,
    paymasterVerificationGasLimit: numberToHex(paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: numberToHex(paymasterPostOpGasLimit),
  })
  const timestamps = (validUntil: number, validAfter: number) => encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])

  return {
    async getPaymasterStubData(params) {
      await parse(params)
      return answer(concatHex([timestamps(0, 0), stubSignature]))
    },
    async getPaymasterData(params) {
      const op = await parse(params)
      const block = await client.getBlock({ blockTag: 'latest' })
      const validUntil = Number(block.timestamp) + validForSeconds
      const validAfter = 0
      // getHash reads the paymaster's gas limits from paymasterAndData[20:52]; the rest is ignored.
      const packed = toPackedUserOperation({ ...op, paymaster, paymasterVerificationGasLimit, paymasterPostOpGasLimit, paymasterData: timestamps(validUntil, validAfter), signature: '0x' })
      const hash = (await client.readContract({ address: paymaster, abi: verifyingPaymaster.abi, functionName: 'getHash', args: [packed, validUntil, validAfter] })) as Hex
      const signature = await sandboxAccountAbstractionKeys.paymasterSigner.signMessage({ message: { raw: hash } })
      return answer(concatHex([timestamps(validUntil, validAfter), signature]))
    },
  }
}

