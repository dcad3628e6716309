import { base58 } from '@scure/base'
import { invalidParams } from '../errors.js'
import { readSolanaTransaction, solanaMessageOf } from '../signers/solanaTransaction.js'
import type { SignerContext } from '../signers/SignerContext.js'
import { isRecord } from '../utils/isRecord.js'
import type { ApprovalModel, ApprovalRow } from './ApprovalModel.js'
import { formatUnitsExact, networkLabel, type FrameChain } from './FrameChain.js'

const programs = {
  system: '11111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  associatedToken: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  computeBudget: 'ComputeBudget111111111111111111111111111111',
  memo: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
}
/** The fee every signature pays (lamports), before any priority fee. */
const lamportsPerSignature = 5_000n

type Instruction = { program: string; accounts: (string | undefined)[]; data: Uint8Array }

function compactU16(bytes: Uint8Array, at: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[at + i]
    if (byte === undefined) throw invalidParams('The transaction is truncated')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, i + 1]
  }
  throw invalidParams('The transaction has a malformed length')
}

function u64(data: Uint8Array, at: number): bigint {
  let value = 0n
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(data[at + i] ?? 0)
  return value
}

/** Reads a message (legacy or v0): signer count, static keys and instructions; keys from lookup tables are unknown here. */
function readMessage(message: Uint8Array): { signatures: number; instructions: Instruction[]; lookups: boolean } {
  let at = 0
  const versioned = ((message[0] ?? 0) & 0x80) !== 0
  if (versioned) at += 1
  const signatures = message[at] ?? 0
  at += 3
  const [keyCount, keyLength] = compactU16(message, at)
  at += keyLength
  const keys = Array.from({ length: keyCount }, (_, i) => base58.encode(message.slice(at + 32 * i, at + 32 * (i + 1))))
  at += 32 * keyCount + 32 // keys, recent blockhash
  const [count, countLength] = compactU16(message, at)
  at += countLength
  const instructions: Instruction[] = []
  for (let i = 0; i < count; i++) {
    const programIndex = message[at]
    if (programIndex === undefined) throw invalidParams('The transaction is truncated')
    at += 1
    const [accountCount, accountLength] = compactU16(message, at)
    at += accountLength
    const accounts = [...message.slice(at, at + accountCount)].map((index) => keys[index])
    at += accountCount
    const [dataLength, dataLengthLength] = compactU16(message, at)
    at += dataLengthLength
    const data = message.slice(at, at + dataLength)
    at += dataLength
    if (at > message.length) throw invalidParams('The transaction is truncated')
    instructions.push({ program: keys[programIndex] ?? '(a key from a lookup table)', accounts, data })
  }
  let lookups = false
  if (versioned && at < message.length) {
    const [tableCount] = compactU16(message, at)
    lookups = tableCount > 0
  }
  return { signatures, instructions, lookups }
}

/**
 * Describes one solana request that needs the visitor's approval: a message's text
 * (`solana_signMessage`), or a transaction's transfers (System `Transfer` in SOL, SPL
 * `Transfer`/`TransferChecked` with the token the wallet origin knows), the network and the fee
 * (5000 lamports per signature plus the compute-budget priority fee), with a warning for every
 * instruction that cannot be decoded.
 *
 * @example
 * const model = describeSolanaRequest(context, { origin, chains })
 */
export function describeSolanaRequest(context: SignerContext, { origin, chains }: { origin: string; chains: readonly FrameChain[] }): ApprovalModel {
  const network = networkLabel(context.chainId, chains)
  const chain = chains.find((c) => c.caipNetworkId === context.chainId)
  const native = chain?.nativeCurrency ?? { symbol: 'SOL', decimals: 9 }
  const params = isRecord(context.params) ? context.params : {}
  const own = context.accounts.solana
  if (context.method === 'solana_signMessage') {
    let bytes: Uint8Array
    try {
      bytes = base58.decode(String(params.message))
    } catch {
      throw invalidParams('solana_signMessage: the message must be base58')
    }
    let text: string | undefined
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) text = undefined
    } catch {
      text = undefined
    }
    return {
      kind: 'message',
      title: 'Sign a message',
      origin,
      network,
      message: text ?? base58.encode(bytes),
      rows: [{ label: 'Account', value: own, mono: true }],
      ...(text === undefined ? { warning: 'This message is not text: you are signing raw bytes that cannot be shown in words. Sign it only if you trust this site.' } : {}),
    }
  }
  const tx = readSolanaTransaction(params.transaction)
  // A transaction the wallet's account does not sign is refused before the visitor is asked.
  const ownKey = base58.decode(own)
  if (!tx.signers.some((key) => key.length === ownKey.length && key.every((b, i) => b === ownKey[i]))) throw invalidParams("The transaction does not ask the wallet's account to sign")
  const { signatures, instructions, lookups } = readMessage(solanaMessageOf(tx))
  const rows: ApprovalRow[] = []
  const unknown: string[] = []
  const sends: string[] = []
  let unitPrice = 0n
  let unitLimit = 200_000n * BigInt(Math.max(1, instructions.filter((i) => i.program !== programs.computeBudget).length))
  // Recipients of associated token accounts created in the same transaction: ata → owner.
  const ataOwners = new Map<string, string>()
  for (const ix of instructions) if (ix.program === programs.associatedToken && ix.accounts[1] && ix.accounts[2]) ataOwners.set(ix.accounts[1], ix.accounts[2])
  for (const ix of instructions) {
    const d = ix.data
    if (ix.program === programs.system && d.length === 12 && d[0] === 2 && d[1] === 0 && d[2] === 0 && d[3] === 0) {
      const amount = `${formatUnitsExact(u64(d, 4), native.decimals)} ${native.symbol}`
      sends.push(amount)
      rows.push({ label: 'Amount', value: amount }, { label: 'Recipient', value: ix.accounts[1] ?? '(unknown)', mono: true })
      if (ix.accounts[0] !== own) unknown.push('a SOL transfer from another account')
    } else if ((ix.program === programs.token || ix.program === programs.token2022) && ((d[0] === 12 && d.length === 10) || (d[0] === 3 && d.length === 9))) {
      const checked = d[0] === 12
      const mint = checked ? ix.accounts[1] : undefined
      const destination = checked ? ix.accounts[2] : ix.accounts[1]
      const known = mint ? chain?.tokens?.find((t) => t.address === mint) : undefined
      const decimals = checked ? (d[9] ?? 0) : undefined
      const raw = u64(d, 1)
      const amount = decimals !== undefined ? `${formatUnitsExact(raw, decimals)} ${known?.symbol ?? 'of an unknown token'}` : `${raw} base units of an unknown token`
      sends.push(amount)
      const owner = destination ? ataOwners.get(destination) : undefined
      rows.push({ label: 'Amount', value: amount }, { label: 'Recipient', value: owner ?? `token account ${destination ?? '(unknown)'}`, mono: true })
      if (mint) rows.push({ label: 'Token mint', value: mint, mono: true })
      if (!known) unknown.push('a token this wallet does not know')
    } else if (ix.program === programs.computeBudget && d[0] === 3 && d.length === 9) {
      unitPrice = u64(d, 1)
    } else if (ix.program === programs.computeBudget && d[0] === 2 && d.length === 5) {
      unitLimit = BigInt((d[1] ?? 0) | ((d[2] ?? 0) << 8) | ((d[3] ?? 0) << 16)) + (BigInt(d[4] ?? 0) << 24n)
    } else if (ix.program === programs.associatedToken || ix.program === programs.memo) {
      // Creating the recipient's token account, or a memo: part of a transfer.
    } else {
      unknown.push(`an instruction of program ${ix.program}`)
    }
  }
  if (lookups) unknown.push('accounts from address lookup tables')
  const fee = lamportsPerSignature * BigInt(signatures) + (unitPrice * unitLimit + 999_999n) / 1_000_000n
  rows.push({ label: 'Estimated fee', value: `${formatUnitsExact(fee, native.decimals)} ${native.symbol}` })
  const title = sends.length === 1 ? `Send ${sends[0]}` : sends.length > 1 ? `${sends.length} transfers` : 'Sign a transaction'
  const warning = unknown.length
    ? `Portico cannot decode everything this transaction does (${[...new Set(unknown)].join('; ')}). Approve it only if you trust this site and expected this request.`
    : undefined
  return { kind: 'transaction', title, origin, network, rows, ...(warning ? { warning } : {}) }
}
