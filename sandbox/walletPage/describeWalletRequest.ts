import { Address, OutScript, Script, Transaction } from '@scure/btc-signer'
import { base58, base64 } from '@scure/base'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { formatEther, hexToString, isHex } from 'viem'
import { regtestNetwork } from '../bitcoin/bitcoinSandboxChain.js'
import { readSolanaMessage } from '../ledgerDevice/readSolanaMessage.js'
import { stacksMemoOf } from './stacksMemoOf.js'

/** One labelled line of a request's summary. */
export type WalletRequestRow = { label: string; value: string }

const maxShown = 2_000

function clip(text: string): string {
  return text.length > maxShown ? `${text.slice(0, maxShown)}… (${text.length - maxShown} more characters)` : text
}

/** Shows hex as UTF-8 text when it decodes to printable text, else the hex itself. */
function readableMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // eslint-disable-next-line no-control-regex
    if (!/[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/.test(text)) return text
  } catch {
    // not UTF-8
  }
  return message
}

/**
 * Turns a WalletConnect session request into labelled lines a person can read before approving:
 * the message of a `personal_sign`, the recipient, amount and data of a transaction. Values are
 * plain text (the page renders them with `textContent`), clipped to a readable length.
 *
 * @param method the JSON-RPC method
 * @param params its params as the dapp sent them
 * @returns the rows to show
 * @example
 * describeWalletRequest('personal_sign', ['0x68656c6c6f', '0xf39F…'])
 * // [{ label: 'Message', value: 'hello' }, { label: 'Account', value: '0xf39F…' }]
 */
export function describeWalletRequest(method: string, params: unknown): WalletRequestRow[] {
  const list = Array.isArray(params) ? params : []
  if (method === 'personal_sign') {
    const [message, address] = list
    return [
      { label: 'Message', value: clip(typeof message === 'string' ? readableMessage(message) : JSON.stringify(message) ?? '') },
      { label: 'Account', value: String(address ?? '') },
    ]
  }
  if (method === 'eth_sendTransaction') {
    const tx = (list[0] ?? {}) as Record<string, unknown>
    const rows: WalletRequestRow[] = [
      { label: 'From', value: String(tx.from ?? '') },
      { label: 'To', value: tx.to ? String(tx.to) : '(contract creation)' },
    ]
    let value = '0 ETH'
    if (typeof tx.value === 'string' && isHex(tx.value)) {
      try {
        value = `${formatEther(BigInt(tx.value))} ETH`
      } catch {
        value = tx.value
      }
    }
    rows.push({ label: 'Value', value })
    const data = tx.data ?? tx.input
    if (typeof data === 'string' && data !== '0x') rows.push({ label: 'Data', value: clip(data) })
    return rows
  }
  if (method === 'eth_signTypedData_v4') {
    const [address, typed] = list
    return [
      { label: 'Account', value: String(address ?? '') },
      { label: 'Typed data', value: clip(typeof typed === 'string' ? typed : JSON.stringify(typed) ?? '') },
    ]
  }
  if (method === 'cosmos_signAmino' || method === 'cosmos_signDirect') return describeCosmosRequest(method, params)
  if (method === 'sendTransfer' || method === 'signMessage' || method === 'signPsbt') return describeBitcoinRequest(method, params)
  if (method === 'polkadot_signMessage' || method === 'polkadot_signTransaction') {
    const { address, message, transactionPayload } = (params ?? {}) as { address?: unknown; message?: unknown; transactionPayload?: { method?: unknown; nonce?: unknown; genesisHash?: unknown } }
    const rows: WalletRequestRow[] = [{ label: 'Account', value: String(address ?? '') }]
    if (method === 'polkadot_signMessage') rows.push({ label: 'Message', value: clip(String(message ?? '')) })
    else rows.push({ label: 'Call', value: clip(String(transactionPayload?.method ?? '')) }, { label: 'Nonce', value: String(Number.parseInt(String(transactionPayload?.nonce ?? ''), 16)) }, { label: 'Genesis', value: clip(String(transactionPayload?.genesisHash ?? '')) })
    return rows
  }
  if (method === 'stx_transferStx' || method === 'stx_signMessage' || method === 'stx_signTransaction' || method === 'stx_callContract' || method === 'stx_deployContract') return describeStacksRequest(method, params)
  if (method.startsWith('solana_')) return describeSolanaRequest(method, params)
  if (method === 'sui_signPersonalMessage' || method === 'sui_signTransaction' || method === 'sui_signAndExecuteTransaction') return describeSuiRequest(method, params)
  return [{ label: 'Params', value: clip(JSON.stringify(params) ?? 'none') }]
}

/** A Cosmos signing request: the signer and, for an ADR-36 amino doc (a message signature), the message itself. */
function describeCosmosRequest(method: string, params: unknown): WalletRequestRow[] {
  const { signerAddress, signDoc } = (params ?? {}) as { signerAddress?: unknown; signDoc?: Record<string, unknown> }
  const rows: WalletRequestRow[] = [{ label: 'Signer', value: String(signerAddress ?? '') }]
  const msgs = Array.isArray(signDoc?.msgs) ? (signDoc.msgs as { type?: unknown; value?: { data?: unknown } }[]) : []
  const data = msgs[0]?.type === 'sign/MsgSignData' && typeof msgs[0].value?.data === 'string' ? msgs[0].value.data : undefined
  if (method === 'cosmos_signAmino' && msgs.length === 1 && data !== undefined) {
    let message = data
    try {
      message = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)))
    } catch {
      // not base64 UTF-8: show it as sent
    }
    return [...rows, { label: 'Message (ADR-36)', value: clip(message) }]
  }
  if (method === 'cosmos_signDirect') {
    const readable = describeDirectSignDoc(signDoc)
    if (readable) return [...rows, ...readable]
  }
  return [...rows, { label: 'Sign doc', value: clip(JSON.stringify(signDoc) ?? 'none') }]
}

const coinsText = (coins: readonly { denom: string; amount: string }[]) => coins.map((coin) => `${coin.amount} ${coin.denom}`).join(', ') || 'nothing'

/**
 * A `cosmos_signDirect` sign doc as a wallet shows it before the visitor approves: the chain, each
 * message (a bank send as its amount and receiver), the memo and the fee, decoded from the doc's
 * base64 `bodyBytes` and `authInfoBytes`; undefined when they do not decode.
 */
function describeDirectSignDoc(signDoc: Record<string, unknown> | undefined): WalletRequestRow[] | undefined {
  const bytes = (value: unknown) => (typeof value === 'string' && value.length <= 200_000 ? Uint8Array.from(atob(value), (c) => c.charCodeAt(0)) : undefined)
  try {
    const bodyBytes = bytes(signDoc?.bodyBytes)
    const authInfoBytes = bytes(signDoc?.authInfoBytes)
    if (!bodyBytes || !authInfoBytes) return undefined
    const body = TxBody.decode(bodyBytes)
    const authInfo = AuthInfo.decode(authInfoBytes)
    const messages = body.messages.map((message): WalletRequestRow => {
      if (message.typeUrl !== '/cosmos.bank.v1beta1.MsgSend') return { label: 'Message', value: clip(message.typeUrl) }
      const send = MsgSend.decode(message.value)
      return { label: 'Send', value: clip(`${coinsText(send.amount)} to ${send.toAddress}`) }
    })
    return [
      { label: 'Chain', value: clip(String(signDoc?.chainId ?? '')) },
      ...messages,
      { label: 'Memo', value: clip(body.memo) || '(none)' },
      { label: 'Fee', value: `${coinsText(authInfo.fee?.amount ?? [])}, gas ${String(authInfo.fee?.gasLimit ?? 0n)}` },
    ]
  } catch {
    return undefined
  }
}

/** A Bitcoin request (WalletConnect bip122): the recipient and amount of a transfer, the message to sign, the inputs of a PSBT. */
function describeBitcoinRequest(method: string, params: unknown): WalletRequestRow[] {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  const rows: WalletRequestRow[] = [{ label: 'Account', value: String(p.account ?? '') }]
  if (method === 'sendTransfer') {
    const sats = typeof p.amount === 'string' && /^\d{1,16}$/.test(p.amount) ? BigInt(p.amount) : undefined
    const btc = sats === undefined ? String(p.amount ?? '') : `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')} BTC (${sats} sats)`
    return [...rows, { label: 'To', value: String(p.recipientAddress ?? '') }, { label: 'Amount', value: btc }]
  }
  if (method === 'signMessage') return [...rows, { label: 'Message', value: clip(typeof p.message === 'string' ? p.message : JSON.stringify(p.message) ?? '') }]
  return [...rows, { label: 'Inputs to sign', value: clip(JSON.stringify(p.signInputs) ?? '') }, ...psbtOutputs(p.psbt), { label: 'PSBT', value: clip(String(p.psbt ?? '')) }]
}

/** What a PSBT pays, one output a line: `<address>: <sats> sats`, or `OP_RETURN <data>` (its text when printable). */
function psbtOutputs(psbt: unknown): WalletRequestRow[] {
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(base64.decode(String(psbt)))
  } catch {
    return []
  }
  const lines: string[] = []
  for (let i = 0; i < tx.outputsLength && i < 50; i++) {
    const { script, amount } = tx.getOutput(i)
    if (!script) continue
    if (script[0] === 0x6a) {
      const data = Script.decode(script).slice(1).filter((part): part is Uint8Array => part instanceof Uint8Array)
      const hex = data.map((d) => Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('')).join(' ')
      lines.push(`OP_RETURN ${readableMessage(`0x${hex.replace(/ /g, '')}`).replace(/^0x/, '')}${amount ? ` (${amount} sats burnt)` : ''}`)
      continue
    }
    let to: string
    try {
      to = Address(regtestNetwork).encode(OutScript.decode(script))
    } catch {
      to = 'a script of its own'
    }
    lines.push(`${to}: ${amount ?? 0n} sats`)
  }
  return lines.length ? [{ label: 'Outputs', value: clip(lines.join('; ')) }] : []
}

/** A Stacks request (WalletConnect stacks): the recipient, amount and fee of a transfer in STX and µSTX, a contract call's contract, post conditions and memo, a deploy's contract and code, the message or the transaction to sign. */
function describeStacksRequest(method: string, params: unknown): WalletRequestRow[] {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  const stx = (value: unknown) => {
    if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return String(value ?? '')
    const ustx = BigInt(value)
    return `${ustx / 1_000_000n}.${(ustx % 1_000_000n).toString().padStart(6, '0')} STX (${ustx} µSTX)`
  }
  const rows: WalletRequestRow[] = [{ label: 'Account', value: String(p.sender ?? p.address ?? '') }]
  if (method === 'stx_transferStx') {
    return [...rows, { label: 'To', value: String(p.recipient ?? '') }, { label: 'Amount', value: stx(p.amount) }, ...(p.fee !== undefined ? [{ label: 'Fee', value: stx(p.fee) }] : []), ...(typeof p.memo === 'string' ? [{ label: 'Memo', value: clip(p.memo) }] : [])]
  }
  if (method === 'stx_signMessage') return [...rows, { label: 'Message', value: clip(typeof p.message === 'string' ? p.message : JSON.stringify(p.message) ?? '') }]
  if (method === 'stx_callContract') {
    const memo = stacksMemoOf(method, params)
    return [...rows, { label: 'Contract', value: `${String(p.contract ?? '')} ${String(p.functionName ?? '')}` }, { label: 'Post conditions', value: clip(JSON.stringify(p.postConditions ?? []) ?? '') }, ...(p.fee !== undefined ? [{ label: 'Fee', value: stx(p.fee) }] : []), ...(memo ? [{ label: 'Memo', value: memo }] : [])]
  }
  if (method === 'stx_deployContract') return [...rows, { label: 'Contract', value: `${String(p.sender ?? p.address ?? '')}.${String(p.name ?? '')}` }, { label: 'Code', value: clip(String(p.clarityCode ?? '')) }]
  return [...rows, { label: 'Transaction', value: clip(String(p.transaction ?? '')) }, ...(p.broadcast === true ? [{ label: 'Broadcast', value: 'yes, once signed' }] : [])]
}

/** Names of the Solana programs a visitor meets most, by program id. */
const solanaPrograms: Record<string, string> = {
  '11111111111111111111111111111111': 'System',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'SPL Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
}

/** One Solana transaction (base64 wire bytes) as its fee payer, its instructions' programs and any memo. */
function describeSolanaTransaction(encoded: unknown, label: string): WalletRequestRow[] {
  try {
    if (typeof encoded !== 'string' || encoded.length > 2000) throw new Error('not base64')
    const wire = base64.decode(encoded)
    let slots = 0
    let at = 0
    for (let shift = 0; ; shift += 7) {
      const byte = wire[at++] ?? 0
      slots |= (byte & 0x7f) << shift
      if (!(byte & 0x80) || shift > 14) break
    }
    const summary = readSolanaMessage(wire.subarray(at + 64 * slots))
    const memos = summary.instructions.filter((i) => i.program === 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr').map((i) => new TextDecoder().decode(i.data))
    return [
      { label: `${label}: fee payer`, value: summary.feePayer },
      { label: `${label}: instructions`, value: summary.instructions.map((i) => solanaPrograms[i.program] ?? i.program).join(', ') },
      ...memos.map((memo) => ({ label: `${label}: memo`, value: clip(memo) })),
    ]
  } catch {
    return [{ label, value: clip(String(encoded ?? '')) }]
  }
}

/** A Solana request (WalletConnect solana): the message to sign as text, or each transaction's fee payer, programs and memo. */
function describeSolanaRequest(method: string, params: unknown): WalletRequestRow[] {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  if (method === 'solana_signMessage') {
    let message = String(p.message ?? '')
    try {
      message = new TextDecoder('utf-8', { fatal: true }).decode(base58.decode(message))
    } catch {
      // not base58 UTF-8: show it as sent
    }
    return [{ label: 'Account', value: String(p.pubkey ?? '') }, { label: 'Message', value: clip(message) }]
  }
  if (method === 'solana_signAllTransactions') {
    const transactions = Array.isArray(p.transactions) ? p.transactions.slice(0, 20) : []
    return transactions.flatMap((t, i) => describeSolanaTransaction(t, `Transaction ${i + 1}`))
  }
  return describeSolanaTransaction(p.transaction, 'Transaction')
}

/**
 * A Sui request (WalletConnect sui): the message to sign, or a transaction's sender, its commands
 * in order and its gas budget when TransactionData JSON carries them (base64 BCS is shown as sent).
 */
function describeSuiRequest(method: string, params: unknown): WalletRequestRow[] {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  const rows: WalletRequestRow[] = [{ label: 'Account', value: String(p.address ?? '') }]
  if (method === 'sui_signPersonalMessage') return [...rows, { label: 'Message', value: clip(typeof p.message === 'string' ? p.message : JSON.stringify(p.message) ?? '') }]
  const transaction = typeof p.transaction === 'string' ? p.transaction : ''
  let data: { sender?: unknown; commands?: unknown; gasData?: { budget?: unknown } } | undefined
  try {
    data = transaction.trimStart().startsWith('{') ? (JSON.parse(transaction) as typeof data) : undefined
  } catch {
    data = undefined
  }
  const commands = Array.isArray(data?.commands) ? (data.commands as unknown[]).map((c) => (typeof c === 'object' && c !== null ? (Object.keys(c).find((k) => k !== '$kind') ?? '?') : '?')) : undefined
  return [
    ...rows,
    ...(data ? [{ label: 'Sender', value: String(data.sender ?? '(the account)') }] : []),
    ...(commands ? [{ label: 'Commands', value: clip(commands.join(', ')) }] : []),
    ...(data ? [{ label: 'Gas budget', value: typeof data.gasData?.budget === 'string' ? `${data.gasData.budget} MIST` : 'set by this wallet' }] : []),
    { label: 'Transaction', value: clip(transaction) },
  ]
}
