import { base64 } from '@scure/base'

import { parseDecimalUnits, ProviderRpcError, type SendRequest } from '../../../kernel/kernel.js'
import type { Wallet, WalletAccount } from '../discovery/SuiWalletTypes.js'
import { SuiAmountError, SuiRpcRequestError, SuiTransactionFailedError, SuiWalletFeatureError } from '../errors.js'
import { formatSuiUnits } from '../utils/formatSuiUnits.js'
import { isSuiAddress } from '../utils/isSuiAddress.js'
import { toSuiWalletChain } from '../utils/toSuiWalletChain.js'
import type { SuiCoinRef } from './createSuiNodeClient.js'
import { loadSuiPeer } from '../peers.js'

const suiCoinType = '0x2::sui::SUI'
/** The most pages of coin objects (50 each) read for one send. */
const maxCoinPages = 10

export type SuiTransferPlan = {
  /** The transaction, resolved against the node: gas price, gas coins and a budget from a simulation. */
  transaction: { toJSON(): Promise<string>; serialize(): string }
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

/** Sui's ceiling on a gas budget (50 SUI), the budget of the simulation that measures the real one. */
const maxGasBudget = 50_000_000_000n
/** Gas units added to a measured budget, as `@mysten/sui` does (`GAS_SAFE_OVERHEAD`). */
const gasSafeOverhead = 1_000n
/** Sui's limit on gas payment objects. */
const maxGasCoins = 255

const insufficient = /InsufficientCoinBalance|InsufficientGas|No valid gas coins|lower than the needed amount|GasBalanceTooLow/

/**
 * Builds a SUI or coin transfer with `@mysten/sui`'s `Transaction` (loaded on first use) and
 * resolves it against the network's node API (Sui's GraphQL RPC for the presets, or a site's
 * JSON-RPC) so that its gas is known before the wallet is asked: a SUI send splits the amount off
 * the gas coin; a coin send merges the sender's coins of that type (by their object references)
 * and splits the amount off. The gas price is the reference price, the payment the sender's SUI
 * coins, and the budget a simulation's cost plus `@mysten/sui`'s safety overhead. The amount and
 * the balance (with the budget, for SUI) are checked first.
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
  if (!network.rpcUrls.default.http[0]) throw new SuiAmountError(`${network.name} has no node URL to build the transaction with`)
  const [{ Transaction }, { createSuiNodeClient }] = await Promise.all([loadSuiPeer(() => import('../lazy/mysten.js')), import('./createSuiNodeClient.js')])
  const node = await createSuiNodeClient({ network, fetch })
  /** Every coin of `type` the sender owns, up to the page limit. */
  const coinsOf = async (type: string): Promise<SuiCoinRef[]> => {
    const coins: SuiCoinRef[] = []
    let cursor: string | null = null
    for (let page = 0; page < maxCoinPages; page++) {
      const answer: { coins: SuiCoinRef[]; nextCursor: string | null } = await node.getCoins(from, type, cursor)
      coins.push(...answer.coins)
      if (!answer.nextCursor) break
      cursor = answer.nextCursor
    }
    return coins
  }
  const sum = (coins: SuiCoinRef[]) => coins.reduce((total, c) => total + c.balance, 0n)
  const transaction = new Transaction()
  transaction.setSender(from)
  if (coinType === suiCoinType) {
    const [coin] = transaction.splitCoins(transaction.gas, [amount])
    transaction.transferObjects([coin!], to)
  } else {
    const coins = await coinsOf(coinType)
    const held = sum(coins)
    if (held < amount) throw new SuiAmountError('Insufficient balance', { details: `${formatSuiUnits(amount, decimals)} needed, ${formatSuiUnits(held, decimals)} available` })
    const [first, ...rest] = coins.map((c) => transaction.objectRef({ objectId: c.objectId, version: c.version, digest: c.digest }))
    if (rest.length > 0) transaction.mergeCoins(first!, rest)
    const [coin] = transaction.splitCoins(first!, [amount])
    transaction.transferObjects([coin!], to)
  }
  const [price, gasCoins] = await Promise.all([node.getReferenceGasPrice(), coinsOf(suiCoinType)])
  const payment = [...gasCoins].sort((a, b) => (a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1)).slice(0, maxGasCoins)
  const gasTotal = sum(payment)
  const spent = coinType === suiCoinType ? amount : 0n
  if (payment.length === 0 || gasTotal <= spent) throw new SuiAmountError('Insufficient SUI balance', { details: 'the amount and the gas exceed the SUI balance' })
  transaction.setGasPrice(price)
  transaction.setGasPayment(payment.map((c) => ({ objectId: c.objectId, version: c.version, digest: c.digest })))
  transaction.setGasBudget(gasTotal < maxGasBudget ? gasTotal : maxGasBudget)
  let simulated: Awaited<ReturnType<typeof node.simulate>>
  try {
    simulated = await node.simulate(await transaction.build())
  } catch (error) {
    if (insufficient.test((error as Error).message ?? '')) throw new SuiAmountError('Insufficient SUI balance', { details: 'the amount and the gas exceed the SUI balance' })
    throw error
  }
  if (!simulated.success) {
    if (insufficient.test(simulated.error ?? '')) throw new SuiAmountError('Insufficient SUI balance', { details: 'the amount and the gas exceed the SUI balance' })
    throw new SuiRpcRequestError({ method: 'simulateTransaction', message: `the transfer would fail: ${simulated.error ?? 'unknown error'}` })
  }
  const { computationCost, storageCost, storageRebate } = simulated.gasUsed
  const base = computationCost + gasSafeOverhead * price
  const measured = base + storageCost - storageRebate
  const gasBudget = measured > base ? measured : base
  if (spent + gasBudget > gasTotal) throw new SuiAmountError('Insufficient SUI balance', { details: 'the amount and the gas exceed the SUI balance' })
  transaction.setGasBudget(gasBudget)
  return { transaction, gasBudget, fee: formatSuiUnits(gasBudget, network.nativeCurrency.decimals) }
}

export type SendSuiTransferParameters = PlanSuiTransferParameters & {
  wallet: Wallet
  account: WalletAccount
  /** The plan made before (its fee shown to the visitor); made now when absent. */
  plan?: SuiTransferPlan | undefined
}

/**
 * Sends a planned SUI or coin transfer through the wallet: `sui:signAndExecuteTransaction`, or the
 * legacy `sui:signAndExecuteTransactionBlock` / `sui:signTransactionBlock` of wallets that offer only
 * those, or
 * `sui:signTransaction` and the network node's execution (GraphQL `executeTransaction`, or JSON-RPC
 * `sui_executeTransactionBlock` on a site's JSON-RPC).
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
  const call = (feature: string, method: string, input: unknown) => (features[feature]?.[method] as (input: unknown) => Promise<unknown>).call(features[feature], input)
  const has = (feature: string, method: string) => typeof features[feature]?.[method] === 'function'
  const digestOf = (output: unknown) => {
    const digest = (output as { digest?: unknown } | undefined)?.digest
    if (typeof digest !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(digest)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction digest' })
    return digest
  }
  // The current features (Wallet Standard `sui:*` 2.0.0, the transaction as `{ toJSON() }`) first,
  // then the legacy `…TransactionBlock` ones (1.0.0, the transaction as a block the wallet `serialize()`s).
  let signed: { bytes?: unknown; signature?: unknown } | undefined
  if (has('sui:signAndExecuteTransaction', 'signAndExecuteTransaction')) return digestOf(await call('sui:signAndExecuteTransaction', 'signAndExecuteTransaction', { transaction, account, chain }))
  if (has('sui:signTransaction', 'signTransaction')) signed = (await call('sui:signTransaction', 'signTransaction', { transaction, account, chain })) as typeof signed
  else if (has('sui:signAndExecuteTransactionBlock', 'signAndExecuteTransactionBlock')) return digestOf(await call('sui:signAndExecuteTransactionBlock', 'signAndExecuteTransactionBlock', { transactionBlock: transaction, account, chain, options: { showEffects: true } }))
  else if (has('sui:signTransactionBlock', 'signTransactionBlock')) {
    const output = (await call('sui:signTransactionBlock', 'signTransactionBlock', { transactionBlock: transaction, account, chain })) as { transactionBlockBytes?: unknown; signature?: unknown } | undefined
    signed = { bytes: output?.transactionBlockBytes, signature: output?.signature }
  } else throw new SuiWalletFeatureError({ feature: 'sui:signAndExecuteTransaction', wallet: wallet.name })
  if (typeof signed?.bytes !== 'string' || typeof signed.signature !== 'string') throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no signed transaction' })
  const { createSuiNodeClient } = await import('./createSuiNodeClient.js')
  const node = await createSuiNodeClient({ network: request.network, fetch })
  let bytes: Uint8Array
  try {
    bytes = base64.decode(signed.bytes)
  } catch {
    throw new ProviderRpcError({ code: -32603, message: 'The wallet returned transaction bytes that are not base64' })
  }
  const result = await node.execute(bytes, [signed.signature])
  if (!result.success) throw new SuiTransactionFailedError({ digest: result.digest, error: result.error ?? 'unknown error' })
  return result.digest
}
