import { BaseError, isCaipNetworkId, type CaipNetworkId } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { UserOperationReceiptError } from '../errors.js'
import type { UserOperationReceipt } from '../types.js'

export type FetchUserOperationReceiptParameters = { caipNetworkId?: CaipNetworkId; bundler?: string }
export type FetchUserOperationReceiptReturnType = UserOperationReceipt | null
export type FetchUserOperationReceiptErrorType = UserOperationReceiptError | BaseError

const hash32 = /^0x[0-9a-fA-F]{64}$/
const address = /^0x[0-9a-fA-F]{40}$/
const quantity = /^0x[0-9a-fA-F]{1,64}$/

/** Reads a bundler's `eth_getUserOperationReceipt` result; throws a reason for anything but the ERC-4337 shape. */
function toReceipt(result: unknown): UserOperationReceipt | null {
  if (result === null) return null
  if (typeof result !== 'object' || Array.isArray(result)) throw new Error('the result is not an object')
  const r = result as Record<string, unknown>
  const receipt = (typeof r.receipt === 'object' && r.receipt !== null ? r.receipt : {}) as Record<string, unknown>
  const fields = { userOpHash: r.userOpHash, entryPoint: r.entryPoint, sender: r.sender, nonce: r.nonce, actualGasCost: r.actualGasCost, actualGasUsed: r.actualGasUsed, transactionHash: receipt.transactionHash, blockNumber: receipt.blockNumber }
  for (const [name, value] of Object.entries(fields)) {
    const pattern = name === 'userOpHash' || name === 'transactionHash' ? hash32 : name === 'entryPoint' || name === 'sender' ? address : quantity
    if (typeof value !== 'string' || !pattern.test(value)) throw new Error(`${name} is missing or malformed`)
  }
  if (typeof r.success !== 'boolean') throw new Error('success is not a boolean')
  const decimal = (value: unknown) => BigInt(value as string).toString()
  return {
    userOpHash: fields.userOpHash as string,
    entryPoint: fields.entryPoint as string,
    sender: fields.sender as string,
    nonce: decimal(fields.nonce),
    success: r.success,
    actualGasCost: decimal(fields.actualGasCost),
    actualGasUsed: decimal(fields.actualGasUsed),
    transactionHash: fields.transactionHash as string,
    blockNumber: decimal(fields.blockNumber),
  }
}

/**
 * A user operation's receipt (`eth_getUserOperationReceipt`) through the server's bundler route
 * `POST {blockchainApi}/v1/bundler?projectId&chainId=<CAIP-2>&bundler=<name>`.
 *
 * @param userOpHash - the user operation's hash (for the dev wallet's smart account, the batch id)
 * @param parameters - the chain (default: the active namespace's connection, else its active network) and the bundler's name (default: the server's)
 * @returns the receipt, or `null` while the operation is not included
 * @throws UserOperationReceiptError ('Failed to fetch user operation receipt', cause attached) for any failure of the route or the bundler; BaseError for a malformed hash or chain id
 * @example
 * const receipt = await portico.fetchUserOperationReceipt(id)
 * receipt?.success // true
 */
export async function fetchUserOperationReceipt(portico: CallsContext, userOpHash: string, parameters: FetchUserOperationReceiptParameters = {}): Promise<FetchUserOperationReceiptReturnType> {
  if (typeof userOpHash !== 'string' || !hash32.test(userOpHash)) throw new BaseError('The user operation hash must be 32 bytes of hex', { metaMessages: [`hash: ${String(userOpHash).slice(0, 80)}`] })
  const { connections, networks } = portico.stores
  const namespace = networks.activeNamespace
  const caipNetworkId = parameters.caipNetworkId ?? connections.get(namespace).caipNetworkId ?? networks.activeOf(namespace)?.caipNetworkId
  if (typeof caipNetworkId !== 'string' || !isCaipNetworkId(caipNetworkId)) throw new BaseError('fetchUserOperationReceipt needs a CAIP-2 chain id (caipNetworkId)')
  const { bundler } = parameters
  if (bundler !== undefined && (typeof bundler !== 'string' || !/^[\w.-]{1,64}$/.test(bundler))) throw new BaseError('The bundler name must be 1–64 letters, digits, ".", "_" or "-"')
  let answer: unknown
  try {
    answer = await portico.services.blockchainApi.post('/v1/bundler', {
      params: { chainId: caipNetworkId, ...(bundler ? { bundler } : {}) },
      body: { jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [userOpHash] },
    })
  } catch (cause) {
    throw new UserOperationReceiptError({ cause })
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new UserOperationReceiptError({ details: 'The bundler route answered something other than a JSON-RPC response' })
  const response = answer as { result?: unknown; error?: { code?: unknown; message?: unknown } }
  if (response.error !== undefined) {
    const message = typeof response.error?.message === 'string' ? response.error.message.slice(0, 300) : 'an error'
    throw new UserOperationReceiptError({ details: `The bundler answered ${typeof response.error?.code === 'number' ? response.error.code : ''} ${message}`.replace(/\s+/g, ' ').trim(), cause: response.error })
  }
  if (!('result' in response)) throw new UserOperationReceiptError({ details: 'The bundler answered with no result' })
  try {
    return toReceipt(response.result)
  } catch (cause) {
    throw new UserOperationReceiptError({ cause, details: `The bundler's receipt is malformed: ${(cause as Error).message}` })
  }
}
