import { getAddress, http, isAddress, isAddressEqual, type Address, type Hex } from 'viem'
import { createBundlerClient, type PrepareUserOperationReturnType } from 'viem/account-abstraction'
import { FrameFailure } from '../errors.js'
import { isRecord } from '../utils/isRecord.js'
import { clientFor, eip155ChainNumber } from './eip155.js'
import type { Eip155TransactionInput } from './readEip155Transaction.js'
import { toFrameSimpleAccount, type SimpleAccountContracts } from './simpleAccount.js'
import type { SignerContext } from './SignerContext.js'

/** How long `eth_sendTransaction` from the smart account waits for its user operation's receipt. */
export const userOperationReceiptTimeoutMs = 60_000

/** Why the smart account answers `personal_sign` / `eth_signTypedData_v4` with UNSUPPORTED_METHOD. */
export const smartAccountCannotSign = "The embedded wallet's smart account cannot sign messages (SimpleAccount v0.7 has no ERC-1271); switch to the EOA to sign"

function shortReason(error: unknown): string {
  // The innermost message that says why (a bundler's refusal sits in viem's cause chain).
  let current: unknown = error
  let found: string | undefined
  for (let i = 0; i < 8 && current; i++) {
    const c = current as { shortMessage?: unknown; details?: unknown; cause?: unknown }
    if (typeof c.details === 'string' && c.details) found = c.details
    else if (!found && typeof c.shortMessage === 'string') found = c.shortMessage
    current = c.cause
  }
  const e = error as { message?: unknown }
  return (found ?? (typeof e?.message === 'string' ? e.message : 'unknown error')).split('\n')[0]?.slice(0, 200) ?? 'unknown error'
}

/**
 * Whether `address` is the wallet's smart account (the site put it in `from` or the signing
 * address because the smart account is its active account).
 */
export function isSmartAccountAddress(context: Pick<SignerContext, 'accounts'>, address: unknown): boolean {
  const smart = context.accounts.eip155SmartAccount
  return smart !== undefined && typeof address === 'string' && isAddress(address, { strict: false }) && isAddressEqual(address as Address, smart)
}

/** The transaction's `from`, when the request names one. */
export function transactionFrom(params: unknown): unknown {
  const tx = Array.isArray(params) ? params[0] : undefined
  return isRecord(tx) ? tx.from : undefined
}

function contractsFor(context: SignerContext): SimpleAccountContracts {
  const contracts = context.smartAccountOn(context.chainId)
  if (!contracts) throw new FrameFailure('UNSUPPORTED_METHOD', `The smart account has no bundler on ${context.chainId}; switch to a network that has one, or to the EOA`)
  return contracts
}

/**
 * The smart account's counterfactual address for `owner` (`factory.getAddress(owner, 0)`, read
 * through the server's RPC proxy on `caipNetworkId`): the same on every chain with the same factory.
 *
 * @example
 * await smartAccountAddress(context, 'eip155:31337', contracts, owner) // '0x…'
 */
export async function smartAccountAddress(context: Pick<SignerContext, 'rpcUrl' | 'fetch'>, caipNetworkId: string, contracts: SimpleAccountContracts, owner: Address): Promise<Address> {
  const client = clientFor(context as SignerContext, eip155ChainNumber(caipNetworkId))
  const account = await toFrameSimpleAccount({ client, owner, contracts })
  return account.getAddress()
}

/** The smart account on the request's chain and a bundler client on the server's bundler route. */
async function bundlerFor(context: SignerContext, sign?: (hash: Hex) => Promise<Hex>) {
  const chainNumber = eip155ChainNumber(context.chainId)
  const contracts = contractsFor(context)
  const client = clientFor(context, chainNumber)
  const address = context.accounts.eip155SmartAccount
  const account = await toFrameSimpleAccount({ client, owner: context.accounts.eip155, contracts, ...(address ? { address } : {}), ...(sign ? { sign } : {}) })
  const bundler = createBundlerClient({
    account,
    client,
    chain: client.chain,
    transport: http(context.bundlerUrl(context.chainId), { fetchFn: context.fetch, retryCount: 0 }),
  })
  return { account, bundler, client }
}

/** One call of a user operation, from a transaction the site asked to send. */
export function callOf(tx: Eip155TransactionInput): { to: Address; value: bigint; data: Hex } {
  if (!tx.to) throw new FrameFailure('INVALID_PARAMS', 'The smart account cannot deploy a contract: the transaction needs "to"')
  return { to: tx.to, value: tx.value ?? 0n, data: tx.data ?? '0x' }
}

/**
 * What the user operation for `calls` will cost at most and whether it deploys the account: the
 * bundler's estimate (`eth_estimateUserOperationGas`) times the chain's max fee per gas.
 *
 * @example
 * const { maxFee, deploys } = await estimateUserOperation(context, [{ to, value, data: '0x' }])
 */
export async function estimateUserOperation(context: SignerContext, calls: readonly { to: Address; value: bigint; data: Hex }[]): Promise<{ maxFee: bigint; deploys: boolean }> {
  const { bundler } = await bundlerFor(context)
  const op = (await bundler.prepareUserOperation({ calls: [...calls] })) as PrepareUserOperationReturnType & { paymasterVerificationGasLimit?: bigint; paymasterPostOpGasLimit?: bigint; factory?: Address }
  const gas = op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n)
  return { maxFee: gas * op.maxFeePerGas, deploys: op.factory !== undefined }
}

/**
 * Sends `calls` from the smart account as one user operation through the server's bundler route,
 * signed by the EOA owner (already approved by the visitor); waits for its receipt and answers the
 * hash of the transaction that carried it (the chain shows whether the call inside reverted).
 * A bundler's refusal answers SERVER_ERROR with its reason.
 *
 * @example
 * const hash = await sendUserOperation(context, [{ to, value: 10n ** 16n, data: '0x' }])
 */
export async function sendUserOperation(context: SignerContext, calls: readonly { to: Address; value: bigint; data: Hex }[]): Promise<Hex> {
  try {
    return await context.withKeys(async (keys) => {
      const { bundler } = await bundlerFor(context, (hash) => keys.eip155.signMessage({ message: { raw: hash } }))
      const hash = await bundler.sendUserOperation({ calls: [...calls] })
      const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: userOperationReceiptTimeoutMs })
      return receipt.receipt.transactionHash
    })
  } catch (cause) {
    if (cause instanceof FrameFailure) throw cause
    throw new FrameFailure('SERVER_ERROR', `The user operation was not accepted: ${shortReason(cause)}`, { cause })
  }
}

/** Most calls one `wallet_sendCalls` batch may carry. */
export const maxCallsPerBatch = 20

/** One call of a batch, read and checked. */
export type BatchCall = { to: Address; value: bigint; data: Hex }

function batchQuantity(value: unknown, what: string): bigint {
  if (value === undefined || value === null) return 0n
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value)
  throw new FrameFailure('INVALID_PARAMS', `wallet_sendCalls: ${what} must be a hex quantity`)
}

/**
 * Reads `wallet_sendCalls` (EIP-5792 v2) `[{ version, chainId, from, calls, atomicRequired, capabilities }]`:
 * `from` must be the smart account (the EOA sends no batch: 4200, so a site may fall back to one
 * transaction per call), `chainId` the request's, 1–20 calls of `{ to, data?, value? }`; a
 * capability the wallet lacks that is not `optional` is refused.
 *
 * @example
 * readSendCalls(context) // [{ to, value: 0n, data: '0xa9059cbb…' }, …]
 */
export function readSendCalls(context: SignerContext): BatchCall[] {
  const request = Array.isArray(context.params) ? context.params[0] : undefined
  if (!isRecord(request)) throw new FrameFailure('INVALID_PARAMS', 'wallet_sendCalls expects [{ chainId, from, calls }]')
  if (!isSmartAccountAddress(context, request.from ?? context.accounts.eip155SmartAccount)) throw new FrameFailure('UNSUPPORTED_METHOD', "Only the embedded wallet's smart account sends batched calls; switch to it, or send each call as its own transaction")
  if (request.chainId !== undefined && (typeof request.chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(request.chainId) || BigInt(request.chainId) !== BigInt(eip155ChainNumber(context.chainId)))) {
    throw new FrameFailure('INVALID_PARAMS', `wallet_sendCalls: chainId must be the request's chain (${context.chainId})`)
  }
  if (isRecord(request.capabilities)) {
    for (const [name, capability] of Object.entries(request.capabilities)) {
      if (!(isRecord(capability) && capability.optional === true)) throw new FrameFailure('UNSUPPORTED_METHOD', `The embedded wallet does not support the capability ${name.slice(0, 64)}`)
    }
  }
  const calls = request.calls
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > maxCallsPerBatch) throw new FrameFailure('INVALID_PARAMS', `wallet_sendCalls: calls must be a list of 1–${maxCallsPerBatch} calls`)
  return calls.map((call, index) => {
    if (!isRecord(call) || typeof call.to !== 'string' || !isAddress(call.to, { strict: false })) throw new FrameFailure('INVALID_PARAMS', `wallet_sendCalls: call ${index} needs "to"`)
    const data = call.data ?? '0x'
    if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data)) throw new FrameFailure('INVALID_PARAMS', `wallet_sendCalls: call ${index}'s data must be hex`)
    return { to: getAddress(call.to), value: batchQuantity(call.value, `call ${index}'s value`), data: data as Hex }
  })
}

/**
 * Submits `calls` from the smart account as one user operation (already approved) and answers its
 * hash at once, the batch id of `wallet_sendCalls` (`wallet_getCallsStatus` follows it).
 *
 * @example
 * const { id } = { id: await submitUserOperation(context, calls) }
 */
export async function submitUserOperation(context: SignerContext, calls: readonly BatchCall[]): Promise<Hex> {
  try {
    return await context.withKeys(async (keys) => {
      const { bundler } = await bundlerFor(context, (hash) => keys.eip155.signMessage({ message: { raw: hash } }))
      return bundler.sendUserOperation({ calls: [...calls] })
    })
  } catch (cause) {
    if (cause instanceof FrameFailure) throw cause
    throw new FrameFailure('SERVER_ERROR', `The user operation was not accepted: ${shortReason(cause)}`, { cause })
  }
}

type RawUserOperationReceipt = { success?: unknown; receipt?: { transactionHash?: unknown; blockNumber?: unknown; gasUsed?: unknown } }

/**
 * `wallet_getCallsStatus [id]` for a batch the smart account sent: the bundler's
 * `eth_getUserOperationReceipt` as EIP-5792 v2 (100 pending; 200 when the calls succeeded, 500
 * when they reverted, with the transaction that carried them).
 *
 * @example
 * await callsStatus(context, id) // { version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200, receipts: [...] }
 */
export async function callsStatus(context: SignerContext): Promise<Record<string, unknown>> {
  const id = Array.isArray(context.params) ? context.params[0] : undefined
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id)) throw new FrameFailure('INVALID_PARAMS', 'wallet_getCallsStatus expects [id]: a batch id of this wallet')
  const { bundler } = await bundlerFor(context)
  let raw: RawUserOperationReceipt | null
  try {
    raw = (await bundler.request({ method: 'eth_getUserOperationReceipt', params: [id as Hex] })) as unknown as RawUserOperationReceipt | null
  } catch (cause) {
    throw new FrameFailure('SERVER_ERROR', `The bundler did not say how the batch went: ${shortReason(cause)}`, { cause })
  }
  const base = { version: '2.0.0', id, chainId: `0x${eip155ChainNumber(context.chainId).toString(16)}`, atomic: true }
  const r = raw?.receipt
  if (!raw || !r || typeof r.transactionHash !== 'string') return { ...base, status: 100, receipts: [] }
  const success = raw.success === true
  return { ...base, status: success ? 200 : 500, receipts: [{ transactionHash: r.transactionHash, status: success ? '0x1' : '0x0', blockNumber: r.blockNumber, gasUsed: r.gasUsed, logs: [] }] }
}

/**
 * `wallet_getCapabilities [address, hexChainIds?]` (EIP-5792): per chain asked (the request's chain
 * when none is named), the smart account batches atomically where the server has its bundler
 * (`atomic: { status: 'supported' }`) and nowhere else; the EOA sends no batch (`unsupported`). Read
 * from the frame's configuration: no key, no request, no approval.
 *
 * @throws FrameFailure INVALID_PARAMS for an address that is not one of the wallet's, or chain ids that are not hex
 * @example
 * capabilitiesOf(context) // { '0x7a69': { atomic: { status: 'supported' } } }
 */
export function capabilitiesOf(context: SignerContext): Record<Hex, { atomic: { status: 'supported' | 'unsupported' } }> {
  const [address, chainIds] = Array.isArray(context.params) ? (context.params as unknown[]) : []
  const smart = isSmartAccountAddress(context, address)
  if (!smart && !(typeof address === 'string' && isAddress(address, { strict: false }) && isAddressEqual(address as Address, context.accounts.eip155))) {
    throw new FrameFailure('INVALID_PARAMS', "wallet_getCapabilities expects [address, chainIds?] with one of the wallet's addresses")
  }
  if (chainIds !== undefined && !(Array.isArray(chainIds) && chainIds.length <= 64 && chainIds.every((id) => typeof id === 'string' && /^0x[1-9a-fA-F][0-9a-fA-F]{0,13}$/.test(id)))) {
    throw new FrameFailure('INVALID_PARAMS', 'wallet_getCapabilities: chainIds must be hex chain ids')
  }
  const asked = (chainIds as Hex[] | undefined) ?? [`0x${eip155ChainNumber(context.chainId).toString(16)}` as Hex]
  return Object.fromEntries(
    asked.map((hex) => {
      const supported = smart && context.smartAccountOn(`eip155:${Number.parseInt(hex, 16)}`) !== undefined
      return [`0x${Number.parseInt(hex, 16).toString(16)}`, { atomic: { status: supported ? 'supported' : 'unsupported' } }]
    }),
  )
}
