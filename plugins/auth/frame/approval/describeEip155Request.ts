import { decodeFunctionData, erc20Abi, hexToBytes, isHex, type Address } from 'viem'
import { readEip155Transaction } from '../signers/readEip155Transaction.js'
import { FrameFailure } from '../errors.js'
import { clientFor, eip155ChainNumber, personalSignArgs, signsAsSmartAccount, typedDataArgs } from '../signers/eip155.js'
import { callOf, estimateUserOperation, isSmartAccountAddress, readSendCalls, smartAccountCannotSign, transactionFrom, type BatchCall } from '../signers/smartAccount.js'
import type { SignerContext } from '../signers/SignerContext.js'
import { isRecord } from '../utils/isRecord.js'
import type { ApprovalModel, ApprovalRow } from './ApprovalModel.js'
import { formatFeeUnits, formatUnitsExact, networkLabel, type FrameChain } from './FrameChain.js'

/** A message as a visitor reads it: hex that is UTF-8 text becomes the text; other bytes stay hex, with a warning. */
export function readableMessage(message: string): { text: string; binary: boolean } {
  if (!isHex(message)) return { text: message, binary: false }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
    // Control characters other than line breaks and tabs make it bytes, not text.
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return { text, binary: false }
  } catch {
    // Not UTF-8: shown as hex below.
  }
  return { text: message, binary: true }
}

/** Flattens typed data's message into labelled rows (`to.wallet`, `amount`), at most 40. */
function fieldRows(value: unknown, prefix: string, rows: ApprovalRow[]): void {
  if (rows.length >= 40) return
  if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) fieldRows(inner, prefix ? `${prefix}.${key}` : key, rows)
    return
  }
  if (Array.isArray(value)) {
    value.forEach((inner, index) => fieldRows(inner, `${prefix}[${index}]`, rows))
    return
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  rows.push({ label: prefix, value: text ?? String(value), mono: typeof value === 'string' && /^0x/.test(value) })
}

function shortError(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string }
  return (e?.shortMessage ?? e?.message ?? 'unknown error').split('\n')[0]?.slice(0, 160) ?? 'unknown error'
}

/**
 * Describes one eip155 request that needs the visitor's approval (personal_sign,
 * eth_signTypedData_v4, eth_signTransaction, eth_sendTransaction) from the request itself, the
 * chains the wallet origin serves and the chain's own answers (the fee estimate): a message's text,
 * typed data's fields, a transaction's recipient, amount and token (native or an ERC-20
 * `transfer`), network and estimated fee, and a warning for what cannot be decoded. Throws
 * INVALID_PARAMS for a malformed request, as signing would.
 *
 * @example
 * const model = await describeEip155Request(context, { origin: 'https://shop.example.com', chains })
 */
export async function describeEip155Request(context: SignerContext, { origin, chains }: { origin: string; chains: readonly FrameChain[] }): Promise<ApprovalModel> {
  const network = networkLabel(context.chainId, chains)
  const chain = chains.find((c) => c.caipNetworkId === context.chainId)
  const base = { origin, network }
  if ((context.method === 'personal_sign' || context.method === 'eth_signTypedData_v4') && signsAsSmartAccount(context)) throw new FrameFailure('UNSUPPORTED_METHOD', smartAccountCannotSign)
  if (context.method === 'personal_sign') {
    const { message } = personalSignArgs(context)
    const { text, binary } = readableMessage(message)
    return {
      ...base,
      kind: 'message',
      title: 'Sign a message',
      message: text,
      rows: [{ label: 'Account', value: context.accounts.eip155, mono: true }],
      ...(binary ? { warning: 'This message is not text: you are signing raw bytes that cannot be shown in words. Sign it only if you trust this site.' } : {}),
    }
  }
  if (context.method === 'eth_signTypedData_v4') {
    const typed = typedDataArgs(context) as { domain?: Record<string, unknown>; primaryType: string; message: Record<string, unknown> }
    const domain = isRecord(typed.domain) ? typed.domain : {}
    const rows: ApprovalRow[] = [{ label: 'Type', value: typed.primaryType }]
    if (typeof domain.name === 'string') rows.push({ label: 'Application', value: domain.name })
    if (typeof domain.verifyingContract === 'string') rows.push({ label: 'Contract', value: domain.verifyingContract, mono: true })
    if (domain.chainId !== undefined) rows.push({ label: 'Domain chain', value: String(domain.chainId) })
    fieldRows(typed.message, '', rows)
    const permit = /permit/i.test(typed.primaryType)
    return {
      ...base,
      kind: 'typedData',
      title: 'Sign typed data',
      rows,
      ...(permit ? { warning: `This is a ${typed.primaryType}: signing it can let someone move your tokens without another approval.` } : {}),
    }
  }
  if (context.method === 'wallet_sendCalls') return describeBatch(context, { origin, chains })
  // eth_signTransaction / eth_sendTransaction; from the smart account: one user operation (eth_sendTransaction only).
  const chainNumber = eip155ChainNumber(context.chainId)
  const smart = isSmartAccountAddress(context, transactionFrom(context.params)) ? context.accounts.eip155SmartAccount : undefined
  if (smart && context.method !== 'eth_sendTransaction') throw new FrameFailure('UNSUPPORTED_METHOD', 'The smart account sends user operations, it signs no transaction: use eth_sendTransaction, or switch to the EOA')
  const tx = readEip155Transaction(context.params, smart ?? context.accounts.eip155)
  const native = chain?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const rows: ApprovalRow[] = []
  let title: string
  let warning: string | undefined
  const value = tx.value ?? 0n
  let erc20: { to: Address; amount: bigint } | undefined
  if (tx.data && tx.data !== '0x' && tx.to) {
    try {
      const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data })
      if (decoded.functionName === 'transfer') erc20 = { to: decoded.args[0], amount: decoded.args[1] }
    } catch {
      // Not an ERC-20 call: the warning below says so.
    }
  }
  if (erc20 && tx.to) {
    const known = chain?.tokens?.find((t) => t.address.toLowerCase() === tx.to!.toLowerCase())
    let token = known ? { symbol: known.symbol, decimals: known.decimals } : undefined
    if (!token) {
      try {
        const client = clientFor(context, chainNumber)
        const [symbol, decimals] = await Promise.all([
          client.readContract({ address: tx.to, abi: erc20Abi, functionName: 'symbol' }),
          client.readContract({ address: tx.to, abi: erc20Abi, functionName: 'decimals' }),
        ])
        if (typeof symbol === 'string' && /^[\x20-\x7e]{1,16}$/.test(symbol)) token = { symbol, decimals }
      } catch {
        // Not readable: shown in base units with a warning.
      }
    }
    const amount = token ? `${formatUnitsExact(erc20.amount, token.decimals)} ${token.symbol}` : `${erc20.amount} base units of an unknown token`
    title = `Send ${amount}`
    rows.push({ label: 'Amount', value: amount }, { label: 'Recipient', value: erc20.to, mono: true }, { label: 'Token', value: tx.to, mono: true })
    if (!token) warning = 'The token contract does not say its name or decimals: the amount is in its smallest units.'
    if (value > 0n) rows.push({ label: `Also sends`, value: `${formatUnitsExact(value, native.decimals)} ${native.symbol}` })
  } else if (!tx.data || tx.data === '0x') {
    const amount = `${formatUnitsExact(value, native.decimals)} ${native.symbol}`
    title = `Send ${amount}`
    rows.push({ label: 'Amount', value: amount }, { label: 'Recipient', value: tx.to ?? '(none)', mono: true })
  } else {
    title = tx.to ? 'Call a contract' : 'Deploy a contract'
    if (tx.to) rows.push({ label: 'Contract', value: tx.to, mono: true })
    rows.push({ label: 'Sends', value: `${formatUnitsExact(value, native.decimals)} ${native.symbol}` }, { label: 'Data', value: `${(tx.data.length - 2) / 2} bytes, function ${tx.data.slice(0, 10)}`, mono: true })
    warning = 'Portico cannot decode what this transaction does. Approve it only if you trust this site and expected this request.'
  }
  if (smart) {
    // The smart account sends the call as a user operation: who sends it, and what the bundler estimates it costs.
    const call = callOf(tx)
    let fee: string
    let deploys = false
    try {
      const estimate = await estimateUserOperation(context, [call])
      deploys = estimate.deploys
      fee = `up to ${formatFeeUnits(estimate.maxFee, native.decimals)} ${native.symbol}`
    } catch (error) {
      fee = `unknown (the bundler did not estimate it: ${shortError(error)})`
    }
    rows.unshift({ label: 'From', value: `Smart account ${smart}`, mono: true })
    rows.push({ label: 'Sent as', value: deploys ? 'A user operation that also creates your smart account (its first use)' : 'A user operation of your smart account' })
    rows.push({ label: 'Estimated fee', value: fee })
    return { ...base, kind: 'transaction', title, rows, ...(warning ? { warning } : {}) }
  }
  rows.push({ label: 'Estimated fee', value: await estimateFee(context, chainNumber, tx, native) })
  return { ...base, kind: 'transaction', title, rows, ...(warning ? { warning } : {}) }
}

/** gas × the highest fee per gas the transaction may pay, from its own fields or the chain's estimates. */
async function estimateFee(context: SignerContext, chainNumber: number, tx: ReturnType<typeof readEip155Transaction>, native: { symbol: string; decimals: number }): Promise<string> {
  try {
    const client = clientFor(context, chainNumber)
    const gas = tx.gas ?? (await client.estimateGas({ account: context.accounts.eip155, ...(tx.to ? { to: tx.to } : {}), ...(tx.data ? { data: tx.data } : {}), ...(tx.value !== undefined ? { value: tx.value } : {}) }))
    let perGas = tx.gasPrice ?? tx.maxFeePerGas
    if (perGas === undefined) {
      const fees = await client.estimateFeesPerGas().catch(() => undefined)
      perGas = fees?.maxFeePerGas ?? (await client.getGasPrice())
    }
    return `up to ${formatFeeUnits(gas * perGas, native.decimals)} ${native.symbol}`
  } catch (error) {
    return `unknown (the chain did not estimate it: ${shortError(error)})`
  }
}

/** One call of a batch in words: a native transfer, an ERC-20 `transfer` of a token the server knows, or a contract call (not decoded). */
function describeCall(call: BatchCall, native: { symbol: string; decimals: number }, chain: FrameChain | undefined): { text: string; decoded: boolean } {
  const eth = `${formatUnitsExact(call.value, native.decimals)} ${native.symbol}`
  if (call.data === '0x') return { text: `Send ${eth} to ${call.to}`, decoded: true }
  const token = chain?.tokens?.find((t) => t.address.toLowerCase() === call.to.toLowerCase())
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data: call.data })
    if (token && decoded.functionName === 'transfer' && call.value === 0n) return { text: `Send ${formatUnitsExact(decoded.args[1], token.decimals)} ${token.symbol} to ${decoded.args[0]}`, decoded: true }
    if (token && decoded.functionName === 'approve' && call.value === 0n) return { text: `Allow ${decoded.args[0]} to spend ${formatUnitsExact(decoded.args[1], token.decimals)} ${token.symbol}`, decoded: true }
  } catch {
    // Not an ERC-20 call.
  }
  return { text: `Call contract ${call.to} (function ${call.data.slice(0, 10)}, ${(call.data.length - 2) / 2} bytes)${call.value > 0n ? `, sending ${eth}` : ''}`, decoded: false }
}

/**
 * Describes a `wallet_sendCalls` batch of the smart account: each call in words, the account that
 * sends them, that they go as one user operation (creating the account the first time), the
 * network and the bundler's fee; a warning when a call cannot be decoded.
 */
async function describeBatch(context: SignerContext, { origin, chains }: { origin: string; chains: readonly FrameChain[] }): Promise<ApprovalModel> {
  const calls = readSendCalls(context)
  const chain = chains.find((c) => c.caipNetworkId === context.chainId)
  const native = chain?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const described = calls.map((call) => describeCall(call, native, chain))
  const rows: ApprovalRow[] = [{ label: 'From', value: `Smart account ${context.accounts.eip155SmartAccount}`, mono: true }]
  described.forEach((call, index) => rows.push({ label: `Call ${index + 1}`, value: call.text, mono: true }))
  let fee: string
  let deploys = false
  try {
    const estimate = await estimateUserOperation(context, calls)
    deploys = estimate.deploys
    fee = `up to ${formatFeeUnits(estimate.maxFee, native.decimals)} ${native.symbol}`
  } catch (error) {
    fee = `unknown (the bundler did not estimate it: ${shortError(error)})`
  }
  rows.push({ label: 'Sent as', value: deploys ? 'One user operation that also creates your smart account (its first use): all calls or none' : 'One user operation of your smart account: all calls or none' })
  rows.push({ label: 'Estimated fee', value: fee })
  const undecoded = described.filter((call) => !call.decoded).length
  const warning = undecoded ? `Portico cannot decode what ${undecoded === 1 ? 'one call' : `${undecoded} calls`} of this batch do${undecoded === 1 ? 'es' : ''}. Approve it only if you trust this site and expected this request.` : undefined
  const title = calls.length === 1 ? (described[0]?.text.replace(/ to 0x[0-9a-fA-F]{40}$/, '') ?? 'Send 1 call') : `Send ${calls.length} calls`
  return { kind: 'transaction', title, origin, network: networkLabel(context.chainId, chains), rows, ...(warning ? { warning } : {}) }
}
