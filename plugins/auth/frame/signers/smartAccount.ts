import { http, isAddress, isAddressEqual, type Address, type Hex } from 'viem'
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
