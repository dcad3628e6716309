import { parseDecimalUnits, type Network, type SendFeeSpeed } from '../../../kernel/kernel.js'
import { StacksAmountError } from '../errors.js'
import { isStacksAddress } from '../utils/isStacksAddress.js'
import { encodeStxTransferPayload } from '../utils/encodeStxTransferPayload.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { type ClarityArgument, encodeClarityValue, encodeContractCallPayload } from '../utils/encodeClarityValue.js'
import { encodeFungiblePostCondition } from '../utils/encodeFungiblePostCondition.js'
import { formatStacksUnits } from '../utils/formatStacksUnits.js'
import { stacksDataOf } from '../utils/stacksDataOf.js'
import { callStacksApi } from './callStacksApi.js'
import { readStacksAccount } from './fetchStacksBalance.js'

/** The byte length of a single-signature STX transfer (its memo is always 34 bytes): what the fee is paid on. */
export const stxTransferByteLength = 180

export type PlanStacksTransferParameters = { network: Network; from: string; to: string; amount: string; memo?: string; feeSpeed?: SendFeeSpeed; fetch?: typeof globalThis.fetch }

export type StacksTransferPlan = {
  /** The amount in µSTX (a token's base units for a token transfer). */
  ustx: bigint
  /** The fee per speed, µSTX. */
  fees: Record<SendFeeSpeed, bigint>
  speed: SendFeeSpeed
  /** The fee of the chosen speed, µSTX. */
  fee: bigint
}

const speeds: readonly SendFeeSpeed[] = ['slow', 'normal', 'fast']

/**
 * Checks an STX transfer and prices it before the wallet is asked: the amount (positive, at most 6
 * decimals), the recipient (a Stacks address of the network's kind, not the sender), the fee per
 * speed from the node's estimator (`POST /v2/fees/transaction` for this payload; `/v2/fees/transfer`
 * × 180 bytes when it has no estimate) and the sender's spendable balance (`/v2/accounts`).
 *
 * @returns the amount, the fees and the chosen one (default `normal`)
 * @throws StacksAmountError for a bad amount or recipient, or a balance that does not cover amount and fee
 * @example
 * await planStacksTransfer({ network, from: 'SP…', to: 'SP…', amount: '1.5' })
 */
export async function planStacksTransfer({ network, from, to, amount, memo, feeSpeed = 'normal', fetch: fetchFn }: PlanStacksTransferParameters): Promise<StacksTransferPlan> {
  const { addressNetwork } = stacksDataOf(network)
  const decimals = network.nativeCurrency.decimals
  const ustx = parseDecimalUnits(amount, decimals)
  if (ustx === undefined || ustx <= 0n) throw new StacksAmountError(`The amount must be a positive number with at most ${decimals} decimals`)
  if (ustx > 0xffffffffffffffffn) throw new StacksAmountError('The amount is too large')
  if (!isStacksAddress(to, addressNetwork)) throw new StacksAmountError(`The recipient is not a ${addressNetwork === 'mainnet' ? 'mainnet (SP…/SM…)' : 'testnet (ST…/SN…)'} Stacks address`)
  if (to === from) throw new StacksAmountError('The recipient is the sending account')
  if (memo !== undefined && new TextEncoder().encode(memo).length > 34) throw new StacksAmountError('The memo is longer than 34 bytes')
  const options = fetchFn ? { fetch: fetchFn } : {}
  const payload = encodeStxTransferPayload({ recipient: to, amount: ustx, ...(memo ? { memo } : {}) })
  const estimate = await callStacksApi<{ estimations?: { fee?: unknown }[] }>({ network, path: '/v2/fees/transaction', body: { transaction_payload: `0x${payload}`, estimated_len: stxTransferByteLength }, ...options }).catch(() => undefined)
  let tiers = Array.isArray(estimate?.estimations) && estimate.estimations.length === 3 ? estimate.estimations.map((e) => e?.fee) : undefined
  if (!tiers || !tiers.every((fee) => typeof fee === 'number' && Number.isSafeInteger(fee) && fee >= 0)) {
    const rate = await callStacksApi<unknown>({ network, path: '/v2/fees/transfer', ...options })
    if (typeof rate !== 'number' || !Number.isSafeInteger(rate) || rate < 0) throw new StacksAmountError('The network gave no fee estimate')
    tiers = [rate, rate, rate].map((r) => r * stxTransferByteLength)
  }
  const fees = Object.fromEntries(speeds.map((speed, i) => [speed, BigInt(tiers[i] as number)])) as Record<SendFeeSpeed, bigint>
  const fee = fees[feeSpeed]
  const { ustx: spendable } = await readStacksAccount({ network, address: from, ...options })
  if (spendable < ustx + fee) throw new StacksAmountError(`The balance does not cover the amount and the fee (${formatStacksUnits(fee, decimals)} ${network.nativeCurrency.symbol})`)
  return { ustx, fees, speed: feeSpeed, fee }
}

/** A SIP-010 transfer's byte length with a single signature and one post condition (about; the fee is paid on it). */
export const sip010TransferByteLength = 260

export type StacksTokenTransferPlan = StacksTransferPlan & {
  /** The token's contract (`<address>.<name>`) and asset id (`<contract>::<asset>`). */
  contract: string
  assetId: string
  /** `transfer`'s arguments (amount, sender, recipient, memo: `none`, or `(some <buff>)` with the memo's UTF-8), serialized as hex Clarity values. */
  functionArgs: string[]
  /** "The sender sends exactly this amount of the token", in the wire format as hex: what SIP-030 wallets take in `postConditions`. */
  postCondition: string
}

/**
 * Checks a SIP-010 transfer and prices it before the wallet is asked (a memo, at most 34 bytes of
 * UTF-8, goes in `transfer`'s `(optional (buff 34))` argument): the token (`<caip2>:<contract>::<asset>`,
 * percent-encoded as CAIP-10 allows), the amount at the token's decimals, the recipient, the fee per
 * speed for the `transfer` contract call (`POST /v2/fees/transaction`), the STX balance for the fee
 * and the token balance for the amount (`/extended/v1/address/{principal}/balances`).
 *
 * @returns the amount in base units, the fees, the contract call's arguments
 * @throws StacksAmountError for a bad token, amount or recipient, or balances that do not cover it
 * @example
 * await planStacksTokenTransfer({ network, from, to, amount: '3', token: 'stacks:1:SP….token%3A%3Atoken', decimals: 6 })
 */
export async function planStacksTokenTransfer({ network, from, to, amount, token, decimals, memo, feeSpeed = 'normal', fetch: fetchFn }: PlanStacksTransferParameters & { token: string; decimals: number }): Promise<StacksTokenTransferPlan> {
  const { addressNetwork } = stacksDataOf(network)
  let assetId: string
  try {
    assetId = decodeURIComponent(token.slice(network.caipNetworkId.length + 1))
  } catch {
    throw new StacksAmountError('The token is not a SIP-010 asset of this network')
  }
  const match = /^(S[0-9A-Z]{27,40}\.[a-zA-Z][a-zA-Z0-9-]{0,39})::[a-zA-Z][a-zA-Z0-9-]{0,39}$/.exec(assetId)
  if (!token.startsWith(`${network.caipNetworkId}:`) || !match || !isStacksAddress(assetId.split('.')[0])) throw new StacksAmountError('The token is not a SIP-010 asset of this network')
  const contract = match[1] as string
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 30) throw new StacksAmountError('The token has no valid decimals')
  const units = parseDecimalUnits(amount, decimals)
  if (units === undefined || units <= 0n) throw new StacksAmountError(`The amount must be a positive number with at most ${decimals} decimals`)
  if (units >= 1n << 128n) throw new StacksAmountError('The amount is too large')
  if (!isStacksAddress(to, addressNetwork)) throw new StacksAmountError(`The recipient is not a ${addressNetwork === 'mainnet' ? 'mainnet (SP…/SM…)' : 'testnet (ST…/SN…)'} Stacks address`)
  if (to === from) throw new StacksAmountError('The recipient is the sending account')
  const memoBytes = memo ? new TextEncoder().encode(memo) : undefined
  if (memoBytes && memoBytes.length > 34) throw new StacksAmountError('The memo is longer than 34 bytes')
  const args: ClarityArgument[] = [{ type: 'uint', value: units }, { type: 'principal', value: from }, { type: 'principal', value: to }, memoBytes ? { type: 'some', value: { type: 'buffer', value: memoBytes } } : { type: 'none' }]
  const options = fetchFn ? { fetch: fetchFn } : {}
  // A memo adds `some`, the buffer's type and length, and its bytes to the transaction.
  const length = sip010TransferByteLength + (memoBytes ? 6 + memoBytes.length : 0)
  const payload = encodeContractCallPayload({ contract, functionName: 'transfer', args })
  const estimate = await callStacksApi<{ estimations?: { fee?: unknown }[] }>({ network, path: '/v2/fees/transaction', body: { transaction_payload: `0x${payload}`, estimated_len: length }, ...options }).catch(() => undefined)
  let tiers = Array.isArray(estimate?.estimations) && estimate.estimations.length === 3 ? estimate.estimations.map((e) => e?.fee) : undefined
  if (!tiers || !tiers.every((fee) => typeof fee === 'number' && Number.isSafeInteger(fee) && fee >= 0)) {
    const rate = await callStacksApi<unknown>({ network, path: '/v2/fees/transfer', ...options })
    if (typeof rate !== 'number' || !Number.isSafeInteger(rate) || rate < 0) throw new StacksAmountError('The network gave no fee estimate')
    tiers = [rate, rate, rate].map((r) => r * length)
  }
  const fees = Object.fromEntries(speeds.map((speed, i) => [speed, BigInt(tiers[i] as number)])) as Record<SendFeeSpeed, bigint>
  const fee = fees[feeSpeed]
  const [{ ustx: spendable }, held] = await Promise.all([
    readStacksAccount({ network, address: from, ...options }),
    callStacksApi<{ fungible_tokens?: Record<string, { balance?: unknown }> }>({ network, path: `/extended/v1/address/${encodeURIComponent(from)}/balances`, ...options }),
  ])
  if (spendable < fee) throw new StacksAmountError(`The STX balance does not cover the fee (${formatStacksUnits(fee, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol})`)
  const balance = held?.fungible_tokens && Object.hasOwn(held.fungible_tokens, assetId) ? held.fungible_tokens[assetId]?.balance : undefined
  if (typeof balance !== 'string' || !/^\d{1,40}$/.test(balance) || BigInt(balance) < units) throw new StacksAmountError('The token balance does not cover the amount')
  return { ustx: units, fees, speed: feeSpeed, fee, contract, assetId, functionArgs: args.map((arg) => bytesToHex(encodeClarityValue(arg))), postCondition: encodeFungiblePostCondition({ principal: from, assetId, amount: units }) }
}
