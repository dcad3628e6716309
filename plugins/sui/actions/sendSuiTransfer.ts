import { parseDecimalUnits, ProviderRpcError, type SendRequest } from '../../../kernel/kernel.js'
import type { Wallet, WalletAccount } from '../discovery/SuiWalletTypes.js'
import { SuiAmountError, SuiTransactionFailedError, SuiWalletFeatureError } from '../errors.js'
import { formatSuiUnits } from '../utils/formatSuiUnits.js'
import { isSuiAddress } from '../utils/isSuiAddress.js'
import { toSuiWalletChain } from '../utils/toSuiWalletChain.js'

const suiCoinType = '0x2::sui::SUI'
/** Coin objects read per page, and the most pages read for one send. */
const coinPage = 50
const maxCoinPages = 10

export type SuiTransferPlan = {
  /** The transaction, resolved against the node: gas price, gas coins and a budget from a dry run. */
  transaction: { toJSON(): Promise<string> }
  /** The gas budget in MIST: the most the send can cost in gas, known before the wallet signs. */
  gasBudget: bigint
  /** The gas budget in whole SUI, for display. */
  fee: string
}

export type PlanSuiTransferParameters = {
  request: SendRequest
  fetch?: typeof fetch | undefined
}

/** The coin type a CAIP-10 token id names on this network (`sui:<ref>:<percent-encoded 0x…::module::Name>`, see `encodeSuiCoinType`). */
function coinTypeOf(request: SendRequest): string {
  if (!request.token) return suiCoinType
  const prefix = `${request.network.caipNetworkId}:`
  let coinType = ''
  try {
    coinType = request.token.startsWith(prefix) ? decodeURIComponent(request.token.slice(prefix.length)) : ''
  } catch {
    // a malformed escape is not a coin type
  }
  if (!/^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]{0,127}::[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(coinType)) throw new SuiAmountError('This token is not a Sui coin type of the network')
  return coinType
}

/**
 * Builds a SUI or coin transfer with `@mysten/sui` (loaded on first use) and resolves it against the
 * network's node, so that its gas is known before the wallet is asked: a SUI send splits the amount
 * off the gas coin; a coin send merges the sender's coins of that type and splits the amount off;
 * `Transaction.build` sets the reference gas price, the gas coins and a budget from a dry run. The
 * amount and the balance (with the budget, for SUI) are checked first.
 *
 * @returns the transaction (with `toJSON()`, what Sui wallets take) and its gas budget
 * @throws SuiAmountError for a bad amount, address or token, or a balance too small; SuiRpcRequestError when the node fails
 * @example
 * const { transaction, fee } = await planSuiTransfer({ request })
 */
export async function planSuiTransfer({ request, fetch }: PlanSuiTransferParameters): Promise<SuiTransferPlan> {
  const { network, from, to } = request
  if (!isSuiAddress(to)) throw new SuiAmountError('Invalid Address')
  const coinType = coinTypeOf(request)
  const decimals = request.token ? request.decimals : network.nativeCurrency.decimals
  if (decimals === undefined) throw new SuiAmountError('The token has no known decimals')
  const amount = parseDecimalUnits(request.amount, decimals)
  if (amount === undefined || amount === 0n) throw new SuiAmountError('Invalid Amount', { details: `a positive decimal with at most ${decimals} decimals` })
  const { SuiClient, SuiHTTPTransport, Transaction } = await import('../lazy/mysten.js')
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new SuiAmountError(`${network.name} has no RPC URL to build the transaction with`)
  const client = new SuiClient({ transport: new SuiHTTPTransport({ url, ...(fetch ? { fetch } : {}) }) })
  const transaction = new Transaction()
  transaction.setSender(from)
  if (coinType === suiCoinType) {
    const [coin] = transaction.splitCoins(transaction.gas, [amount])
    transaction.transferObjects([coin!], to)
  } else {
    const coins: { coinObjectId: string; balance: string }[] = []
    let cursor: string | null | undefined
    for (let page = 0; page < maxCoinPages; page++) {
      const answer = await client.getCoins({ owner: from, coinType, cursor, limit: coinPage })
      coins.push(...answer.data)
      if (!answer.hasNextPage) break
      cursor = answer.nextCursor
    }
    const held = coins.reduce((sum, c) => sum + BigInt(c.balance), 0n)
    if (held < amount) throw new SuiAmountError('Insufficient balance', { details: `${formatSuiUnits(amount, decimals)} needed, ${formatSuiUnits(held, decimals)} available` })
    const [first, ...rest] = coins.map((c) => transaction.object(c.coinObjectId))
    if (rest.length > 0) transaction.mergeCoins(first!, rest)
    const [coin] = transaction.splitCoins(first!, [amount])
    transaction.transferObjects([coin!], to)
  }
  try {
    await transaction.build({ client })
  } catch (error) {
    const message = (error as Error).message ?? ''
    if (/InsufficientCoinBalance|InsufficientGas|No valid gas coins|lower than the needed amount/.test(message)) {
      throw new SuiAmountError('Insufficient SUI balance', { details: 'the amount and the gas exceed the SUI balance' })
    }
    throw error
  }
  const gasBudget = BigInt(transaction.getData().gasData.budget ?? 0)
  return { transaction, gasBudget, fee: formatSuiUnits(gasBudget, network.nativeCurrency.decimals) }
}

export type SendSuiTransferParameters = PlanSuiTransferParameters & {
  wallet: Wallet
  account: WalletAccount
  /** The plan made before (its fee shown to the visitor); made now when absent. */
  plan?: SuiTransferPlan | undefined
}

/**
 * Sends a planned SUI or coin transfer through the wallet: `sui:signAndExecuteTransaction`, or
 * `sui:signTransaction` and the node's `sui_executeTransactionBlock`.
 *
 * @returns the transaction digest
 * @throws SuiWalletFeatureError, SuiTransactionFailedError, ProviderRpcError (4001 when the visitor refuses)
 * @example
 * await sendSuiTransfer({ request, wallet, account })
 */
export async function sendSuiTransfer({ request, wallet, account, fetch, plan }: SendSuiTransferParameters): Promise<string> {
  const { transaction } = plan ?? (await planSuiTransfer({ request, fetch }))
  const chain = toSuiWalletChain(request.network.caipNetworkId)
  const features = wallet.features as Record<string, Record<string, unknown> | undefined>
  const execute = features['sui:signAndExecuteTransaction']?.signAndExecuteTransaction
  if (typeof execute === 'function') {
    const output = (await (execute as (input: unknown) => Promise<unknown>)({ transaction, account, chain })) as { digest?: unknown } | undefined
    if (typeof output?.digest !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(output.digest)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction digest' })
    return output.digest
  }
  const sign = features['sui:signTransaction']?.signTransaction
  if (typeof sign !== 'function') throw new SuiWalletFeatureError({ feature: 'sui:signAndExecuteTransaction', wallet: wallet.name })
  const signed = (await (sign as (input: unknown) => Promise<unknown>)({ transaction, account, chain })) as { bytes?: unknown; signature?: unknown } | undefined
  if (typeof signed?.bytes !== 'string' || typeof signed.signature !== 'string') throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no signed transaction' })
  const { callSuiRpc } = await import('./callSuiRpc.js')
  const result = await callSuiRpc<{ digest?: unknown; effects?: { status?: { status?: unknown; error?: unknown } } }>({
    network: request.network,
    fetch,
    method: 'sui_executeTransactionBlock',
    params: [signed.bytes, [signed.signature], { showEffects: true }, 'WaitForLocalExecution'],
  })
  if (typeof result?.digest !== 'string') throw new ProviderRpcError({ code: -32603, message: 'The node returned no transaction digest' })
  if (result.effects?.status?.status === 'failure') throw new SuiTransactionFailedError({ digest: result.digest, error: String(result.effects.status.error ?? 'unknown error') })
  return result.digest
}
